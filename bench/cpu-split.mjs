// Who spends the workerd process's CPU during a page view. Locally one workerd thread runs everything:
// the storefront's and the API's isolates, and Miniflare's stand-ins for what Cloudflare runs elsewhere
// (D1's SQLite, KV, the Cache API, Durable Object storage, the static-assets router). A deployed Worker
// is billed, and slowed, only by its own isolate's CPU, so the process's figure is an upper bound.
//
// With Linux perf (root, or perf_event_paranoid ≤ 1) and V8's JIT map (the server started with
// SPLIT_V8_FLAGS), each sample is given to the script of its innermost JavaScript frame: the native
// work a script asks for (encoding, hashing, JSON) is its own. Samples with no JavaScript frame are
// SQLite and disk syncs (the stand-ins') or the runtime's own work shared by all (the event loop,
// streams, promises, garbage collection), which is shared out in proportion to the scripts' samples.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** V8 writes /tmp/perf-<pid>.map for JIT code, and interpreted frames get native ones perf can name. */
export const SPLIT_V8_FLAGS =
  '--perf-basic-prof --interpreted-frames-native-stack --logfile=/dev/null --no-logfile-per-isolate';

const FREQUENCY_HZ = 2000;

/** Whether perf can sample another process here. */
export function canSplit() {
  if (spawnSync('perf', ['--version']).status !== 0) return false;
  if (process.getuid?.() === 0) return true;
  try {
    return Number(readFileSync('/proc/sys/kernel/perf_event_paranoid', 'utf8')) <= 1;
  } catch {
    return false;
  }
}

/** The workerd process of the server's process group, or null. */
export function workerdPid(pgid) {
  const rows = execFileSync('ps', ['-o', 'pid=,comm=', '-g', String(pgid)], { encoding: 'utf8' });
  const row = rows.split('\n').find((r) => r.trim().endsWith('workerd'));
  return row ? Number(row.trim().split(/\s+/)[0]) : null;
}

/**
 * Whose code a JS frame is: the storefront's bundle (dist/storefront/assets/…), the API's (its one
 * file, and the D1 binding's client that runs in its isolate), or a local stand-in's.
 */
export function ownerOfFrame(frame) {
  const script = /JS:\S*\s+(\S+?):\d+:\d+$/.exec(frame)?.[1];
  if (!script) return 'standins';
  if (script.startsWith('assets/')) return 'storefront';
  if (script === 'index.js' || script.startsWith('cloudflare-internal:d1-api')) return 'api';
  return 'standins';
}

/** One sample's owner from its frames (innermost first, as perf script prints them). */
export function ownerOfSample(frames) {
  const js = frames.find((f) => f.startsWith('JS:'));
  if (js) return ownerOfFrame(js);
  return frames.some((f) => /sqlite3|SqliteDatabase|fsync/.test(f)) ? 'standins' : 'runtime';
}

/** Shares of the samples in `perf script -F ip,sym` output: storefront, api, standins, runtime. */
export function splitSamples(text) {
  const counts = { storefront: 0, api: 0, standins: 0, runtime: 0 };
  for (const sample of text.split('\n\n')) {
    const frames = sample
      .split('\n')
      .map((l) => l.trim().replace(/^[0-9a-f]+\s+/, ''))
      .filter(Boolean);
    if (frames.length) counts[ownerOfSample(frames)]++;
  }
  const total = counts.storefront + counts.api + counts.standins + counts.runtime;
  const scripts = counts.storefront + counts.api + counts.standins;
  // The runtime's own work, shared out as the scripts' samples are.
  const shop = scripts ? (counts.storefront + counts.api) / scripts : 0;
  return {
    samples: total,
    share: Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, total ? v / total : 0])),
    shopShare: total ? (counts.storefront + counts.api + counts.runtime * shop) / total : 0,
  };
}

/** Samples the process while `run` runs, and splits them. */
export async function splitWhile(pid, run) {
  const dir = mkdtempSync(join(tmpdir(), 'cpu-split-'));
  const data = join(dir, 'perf.data');
  const perf = spawn('perf', ['record', '-F', String(FREQUENCY_HZ), '-g', '-p', String(pid), '-o', data], {
    stdio: 'ignore',
  });
  try {
    // perf attaches within a few milliseconds; the views start after it has.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await run();
  } finally {
    await new Promise((resolve) => {
      perf.on('exit', resolve);
      perf.kill('SIGINT');
    });
  }
  try {
    if (!existsSync(data)) return null;
    const text = execFileSync('perf', ['script', '-i', data, '-F', 'ip,sym'], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return splitSamples(text);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
