// What a command costs in CPU-seconds, by kind of process: `node scripts/cpu-by-process.mjs -- npm test`.
//
// `/usr/bin/time` and a shell's `time` add up only the children that were waited for. Chromium's
// zygote double-forks its renderers, so they are re-parented and their CPU is counted by nobody: an
// e2e run that `time` put at 199 CPU-seconds used about 600, 377 of them in Chromium. This gives the
// command a mark in its environment, which the processes it starts inherit wherever the kernel
// re-parents them (and a process that clears its environment keeps its session: processes() below),
// samples every process once a second (its own user + system time, /proc/<pid>/stat), and sums the
// last figure seen of each of the command's, following what it leaves running until it ends. Other
// work on the machine is left out; a process that ends between two samples loses at most its last
// second. Linux only.
//
// `npm test` (scripts/test.mjs) uses the same count per level of the suite: `startSampler` marks each
// level with a mark of its own and samples in a worker thread, which the runner's synchronous phases
// (spawnSync holds its event loop) cannot stall.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const TICKS = 100; // USER_HZ: /proc reports CPU time in 1/100 s on Linux.
/** The environment variable that marks a measured command's processes; nested runs add their own mark. */
const MARK = 'CPU_BY_PROCESS_RUN';

/**
 * Each process of the measured command: its pid, name, command line and CPU-seconds so far (threads
 * included). A process is the command's when it carries `mark` in its environment, or when it sits in a
 * session that one of the command's processes started: Chromium clears the environment of the processes
 * it starts, and Playwright starts it in a session of its own, which its renderers keep.
 */
function processes(mark, sessions) {
  return processesByMark([mark], sessions);
}

/**
 * As processes(), for several marks at once: each process carries the first of `marks` found in its
 * environment (`mark`), or its session's. `sessions` maps a session's first process to its mark.
 * @param {string[]} marks
 * @param {Map<number, string> | Set<number>} sessions
 */
function processesByMark(marks, sessions) {
  const all = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces and parentheses: the fields follow the last ")".
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const environ = readFileSync(`/proc/${entry}/environ`, 'latin1');
      all.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        start: Number(fields[19]),
        session: Number(fields[3]),
        mark: marks.find((m) => environ.includes(m)),
        name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        cmdline: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean),
        cpu: (Number(fields[11]) + Number(fields[12])) / TICKS,
        // What its children that it waited for spent, theirs included (cutime + cstime).
        reaped: (Number(fields[13]) + Number(fields[14])) / TICKS,
      });
    } catch {
      // Gone between the listing and the read, or another user's.
    }
  }
  // Remembered across samples: the session outlives the process that started it.
  const bySession = sessions instanceof Map ? sessions : null;
  for (const p of all)
    if (p.mark && p.session === p.pid) bySession ? bySession.set(p.pid, p.mark) : sessions.add(p.pid);
  return all
    .map((p) => ({
      ...p,
      mark: p.mark ?? (bySession ? bySession.get(p.session) : sessions.has(p.session) && marks[0]),
    }))
    .filter((p) => p.mark)
    .map(({ pid, ppid, start, name, cmdline, cpu, reaped, mark }) => ({
      pid,
      ppid,
      start,
      name,
      cmdline,
      cpu,
      reaped,
      mark,
    }));
}

/** A short name for what a process is: Chromium by its --type, Node by its script, else its own name. */
export function kindOf({ name, cmdline }) {
  const args = cmdline.join(' ');
  // A zygote's command line starts /proc/self/exe: its name says what it is.
  if (/chrom|headless_shell/i.test(cmdline[0] ?? '') || /chrom|headless_shell/i.test(name)) {
    const type = /--type=([\w-]+)/.exec(args)?.[1] ?? 'browser';
    return `chromium ${type}`;
  }
  if (name === 'node' || /(^|\/)node$/.test(cmdline[0] ?? '')) {
    if (cmdline[1] === '-e' || cmdline[1] === '--eval') return 'node (inline script)';
    const script = cmdline.slice(1).find((a) => !a.startsWith('-')) ?? '';
    const known = /(vitest|playwright|wrangler|vite|tsc|knip|biome)/.exec(script)?.[1];
    if (known) return `node ${known}${/playwright\/lib\/worker/.test(script) ? ' worker' : ''}`;
    return `node ${script.replace(/^.*\/(scripts|node_modules)\//, '$1/')}`.trim();
  }
  return name;
}

/** Sums per kind the CPU of the processes seen in `samples` (pid → its last sample). */
export function tally(samples) {
  const byKind = new Map();
  for (const p of samples.values()) {
    if (p.cpu <= 0) continue;
    const kind = kindOf(p);
    byKind.set(kind, (byKind.get(kind) ?? 0) + p.cpu);
  }
  return [...byKind].sort((a, b) => b[1] - a[1]);
}

async function main() {
  const dash = process.argv.indexOf('--');
  const [command, ...args] = process.argv.slice(dash === -1 ? 2 : dash + 1);
  if (!command) {
    console.error('usage: node scripts/cpu-by-process.mjs -- <command> [args…]');
    process.exit(2);
  }
  const mark = `${process.pid}-${randomUUID()}`;
  const samples = new Map();
  const sessions = new Set();
  const sample = () => {
    for (const p of processes(mark, sessions)) samples.set(p.pid, p);
  };
  const started = Date.now();
  const timer = setInterval(sample, 1000);
  const child = spawn(command, args, { stdio: 'inherit', env: markedEnv(process.env, mark) });
  const code = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  clearInterval(timer);
  // What the command left running (an orphan still at work) is its cost too: followed until it ends,
  // for ten seconds at most.
  for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    const running = processes(mark, sessions);
    for (const p of running) samples.set(p.pid, p);
    if (running.length === 0) break;
  }
  const rows = tally(samples);
  const total = rows.reduce((n, [, s]) => n + s, 0);
  const wall = (Date.now() - started) / 1000;
  console.log('\nCPU-seconds by process kind (every process the command started, re-parented ones included)');
  for (const [kind, s] of rows.filter(([, s]) => s >= 0.5)) console.log(`${s.toFixed(1).padStart(9)}  ${kind}`);
  console.log(
    `${total.toFixed(1).padStart(9)}  total, over ${wall.toFixed(1)} s (${(total / wall).toFixed(2)} cores busy)`,
  );
  process.exitCode = code;
}

/**
 * The environment that marks a command's processes as `mark`'s (nested under any mark already set).
 * @param {NodeJS.ProcessEnv} env
 * @param {string} mark
 */
export function markedEnv(env, mark) {
  const inherited = env[MARK];
  return { ...env, [MARK]: inherited ? `${inherited},${mark}` : mark };
}

/**
 * Samples once a second, in a worker thread, the CPU of the processes carrying each of `marks`.
 * `stop()` samples once more and gives per mark its CPU-seconds and its series: for each sample, its
 * time (ms since the epoch) and the CPU-seconds spent since the sample before.
 *
 * Unlike main()'s count, a process that ends between two samples loses nothing when its parent waits
 * for it (a build's or a check's short processes, each started and waited for): the kernel adds what a
 * waited-for child spent, its own waited-for children included, to its parent's `reaped` time, so a
 * parent's growth there, less what was already counted of the children seen to end, is what they
 * spent unseen. The runner's own direct children count the same way, through its own `reaped` time;
 * one that was never seen (it lived less than a second) goes to `runnerMark` when one is given, as
 * every child the runner starts carries one of the marks. A re-parented process (Chromium's
 * renderers) still loses at most its last second.
 * @param {string[]} marks
 * @param {{ runnerMark?: string }} [options]
 * @returns {{ ready: Promise<void>, stop(): Promise<Record<string, { cpu: number, series: [number, number][] }>> }}
 */
export function startSampler(marks, { runnerMark } = {}) {
  // The runner's `reaped` time is read here, not when the thread has started: a child started and
  // waited for meanwhile (the first guard rail; the thread takes a good part of a second to start on a
  // loaded machine) would be in the thread's starting figure, and its CPU lost.
  const runnerReaped = statOf(process.pid)?.reaped ?? 0;
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { sampler: marks, runner: process.pid, runnerMark, runnerReaped },
  });
  worker.unref();
  // A sampler that failed (no /proc: not Linux) must not take the run down with it: stop() says so.
  /** @type {unknown} */
  let failed;
  worker.on('error', (error) => {
    failed = error;
  });
  // The thread says when it has taken its first sample: a process started after that lives through at
  // least one more if it lasts a second, whereas one started while the thread was still starting (most
  // of a second on a loaded machine) could end before anything looked.
  /** @type {() => void} */
  let isReady = () => {};
  /** @type {Promise<void>} */
  const ready = new Promise((resolve) => {
    isReady = resolve;
    worker.once('error', () => resolve());
    worker.once('exit', () => resolve());
  });
  /** @type {((result: unknown) => void) | undefined} */
  let onResult;
  worker.on('message', (message) => (message === 'ready' ? isReady() : onResult?.(message)));
  return {
    ready,
    stop: () =>
      new Promise((resolve, reject) => {
        if (failed) return reject(failed);
        onResult = (result) => {
          resolve(result);
          void worker.terminate();
        };
        worker.once('error', reject);
        worker.once('exit', () => reject(failed ?? new Error('the sampler ended')));
        worker.postMessage('stop');
      }),
  };
}

/** A process's start (clock ticks since boot: with the pid, who it is), CPU-seconds and `reaped` time. */
function statOf(/** @type {number} */ pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      start: Number(fields[19]),
      cpu: (Number(fields[11]) + Number(fields[12])) / TICKS,
      reaped: (Number(fields[13]) + Number(fields[14])) / TICKS,
    };
  } catch {
    return undefined;
  }
}

/**
 * The sampler's thread: its own event loop, so a spawnSync in the runner does not hold it.
 * @param {string[]} marks
 * @param {number} runner the pid of the process that started the marked commands
 * @param {string} [runnerMark] whose the runner's children are when none was seen to end
 * @param {number} [startReaped] the runner's `reaped` time when the sampler was asked for
 */
function samplerThread(marks, runner, runnerMark, startReaped) {
  /** @typedef {{ pid: number, ppid: number, start: number, cpu: number, reaped: number, mark: string }} Seen */
  /** @type {Map<number, Seen>} the processes of the sample before */
  let last = new Map();
  const sessions = new Map();
  /** What was counted of a parent's children seen to end, not yet in its `reaped` (not yet waited for). */
  const owed = new Map();
  let runnerReaped = startReaped ?? statOf(runner)?.reaped ?? 0;
  /** @type {Record<string, { cpu: number, series: [number, number][] }>} */
  const result = Object.fromEntries(marks.map((m) => [m, { cpu: 0, series: [] }]));
  const sample = () => {
    const t = Date.now();
    const spent = Object.fromEntries(marks.map((m) => [m, 0]));
    /** @type {Map<number, Seen>} */
    const now = new Map();
    for (const p of processesByMark(marks, sessions)) now.set(p.pid, /** @type {Seen} */ (p));
    // A process seen last time whose environment could not be read this time (a zombie, one in the
    // middle of an exec) is still the same process while its pid has the same start: kept, or it
    // would count as ended now and as new, all its CPU again, when read next time.
    for (const p of last.values()) {
      const again = now.has(p.pid) ? undefined : statOf(p.pid);
      if (again && again.start === p.start) now.set(p.pid, { ...p, cpu: again.cpu, reaped: again.reaped });
    }
    // The children seen last time and gone now: what was counted of them is owed by their parent.
    /** @type {Map<number, Seen[]>} */
    const gone = new Map();
    for (const p of last.values())
      if (now.get(p.pid)?.start !== p.start) gone.set(p.ppid, [...(gone.get(p.ppid) ?? []), p]);
    // What was counted of a parent's children that ended: each one's own and `reaped` time as last
    // seen, and what was counted of its own children that ended with it (a shell and its last command).
    const counted = (/** @type {number} */ parent) => {
      let debt = owed.get(parent) ?? 0;
      owed.delete(parent);
      for (const child of gone.get(parent) ?? []) debt += child.cpu + child.reaped + counted(child.pid);
      return debt;
    };
    const unseen = (/** @type {number} */ parent, /** @type {number} */ grew) => {
      const debt = counted(parent);
      if (debt > grew) owed.set(parent, debt - grew);
      return Math.max(0, grew - debt);
    };
    for (const p of now.values()) {
      const seen = last.get(p.pid);
      const before = seen?.start === p.start ? seen : undefined;
      spent[p.mark] += p.cpu - (before?.cpu ?? 0) + unseen(p.pid, p.reaped - (before?.reaped ?? 0));
    }
    // The runner's direct children: their unseen part goes to the marks of those seen to end (the
    // first's, when several ended in one second), or to runnerMark's for a child never seen.
    const reaped = statOf(runner)?.reaped ?? runnerReaped;
    const ended = gone.get(runner) ?? [];
    const extra = unseen(runner, reaped - runnerReaped);
    runnerReaped = reaped;
    const to = ended[0]?.mark ?? runnerMark;
    if (extra > 0 && to) spent[to] += extra;
    for (const pid of owed.keys()) if (pid !== runner && !now.has(pid)) owed.delete(pid);
    last = now;
    for (const m of marks) {
      result[m].cpu += spent[m];
      if (spent[m] > 0) result[m].series.push([t, spent[m]]);
    }
  };
  sample();
  parentPort?.postMessage('ready');
  const timer = setInterval(sample, 1000);
  parentPort?.on('message', () => {
    clearInterval(timer);
    sample();
    parentPort?.postMessage(result);
  });
}

if (!isMainThread && workerData?.sampler)
  samplerThread(workerData.sampler, workerData.runner, workerData.runnerMark, workerData.runnerReaped);
else if (import.meta.url === `file://${process.argv[1]}`) await main();
