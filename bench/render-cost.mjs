// Render cost per page type: CPU milliseconds per page view of the workerd process (storefront and API
// isolates together, with the local stand-ins for KV, D1 and the Cache API that run inside it), read
// from /proc before and after a run of sequential views, and the HTML's bytes, raw and gzipped, with the
// hydration data's share. vite preview's Node proxy in front of workerd exists only locally: its CPU is
// reported beside, not counted. Views are hard reloads (Cache-Control: no-cache), so each is rendered; a
// guest's view from the page cache and a static file are measured the same way, as the floor. Workers'
// clocks stand still while code runs, so the CPU is read from the outside.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { splitWhile, workerdPid } from './cpu-split.mjs';
import { signedInAfterView } from './geography.mjs';

const VIEWS = Number(process.env.BENCH_RENDER_VIEWS ?? 30);
const TICKS_PER_S = 100;

/** CPU time (user + system) of the group's processes in ms: workerd's (the workers) and the rest (the proxy). */
export function groupCpuMs(pgid) {
  const pids = execFileSync('ps', ['-o', 'pid=', '-g', String(pgid)], { encoding: 'utf8' })
    .split('\n')
    .map((p) => p.trim())
    .filter(Boolean);
  const ticks = { workers: 0, proxy: 0 };
  for (const pid of pids) {
    try {
      // Fields 14 and 15 (utime, stime) after the command name, which may hold spaces: cut at ")".
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const rest = stat.split(') ')[1].split(' ');
      ticks[name === 'workerd' ? 'workers' : 'proxy'] += Number(rest[11]) + Number(rest[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return { workers: (ticks.workers / TICKS_PER_S) * 1000, proxy: (ticks.proxy / TICKS_PER_S) * 1000 };
}

async function views(base, path, headers) {
  let bytes = 0;
  let html = '';
  for (let i = 0; i < VIEWS; i++) {
    const res = await fetch(base + path, { headers });
    html = await res.text();
    bytes = Buffer.byteLength(html);
  }
  return { bytes, html };
}

/**
 * `split`: the server was started with SPLIT_V8_FLAGS and perf can sample it (bench/cpu-split.mjs); each
 * page's views are then run once more under perf, and the process's CPU is split by whose code spent it.
 */
export async function renderCost(base, productPath, pgid, cookie, { split = false, signedIn = null } = {}) {
  const pid = split ? workerdPid(pgid) : null;
  const pages = [
    ['home', '/'],
    ['listing', '/products?category=1'],
    ['product', productPath],
    ['search', '/search?q=vitamin'],
    ['blood-test list', '/blood-test'],
  ];
  const rows = [];
  const measure = async (name, path, headers) => {
    await views(base, path, headers); // warm-up run
    const before = groupCpuMs(pgid);
    const { bytes, html } = await views(base, path, headers);
    const after = groupCpuMs(pgid);
    const perView = (key) => Math.round(((after[key] - before[key]) / VIEWS) * 10) / 10;
    const hydration = /window\.__staticRouterHydrationData=[^<]*/.exec(html)?.[0] ?? '';
    // Shares from perf's samples (perf slows the process, so its own times are not used), applied to
    // the figure measured without it.
    const shares = pid ? await splitWhile(pid, () => views(base, path, headers)) : null;
    const cpu = perView('workers');
    return {
      page: name,
      path,
      cpuMsPerView: cpu,
      ...(shares
        ? {
            isolatesCpuMsPerView: Math.round(cpu * shares.shopShare * 10) / 10,
            split: Object.fromEntries(Object.entries(shares.share).map(([k, v]) => [k, Math.round(v * 1000) / 1000])),
          }
        : {}),
      proxyCpuMsPerView: perView('proxy'),
      htmlBytes: bytes,
      htmlGzipBytes: gzipSync(html).length,
      hydrationBytes: Buffer.byteLength(hydration),
    };
  };
  for (const [name, path] of pages)
    for (const p of [path, `/ar${path === '/' ? '' : path}`])
      rows.push(await measure(name, p, { cookie, 'cache-control': 'no-cache' }));
  // A signed-in shopper's views as she browses (issue 76): her cookies, her session pass included.
  // Her parts are kept at the edge (decision 76's amendment "her parts kept for her"): her home with the
  // cookies of her view of it is a repeat view (from the edge), without her version a first view (her
  // trip) every time; a product view renews her version, so with her home's cookies every product view
  // is a first view; with the cookies of her view of it, a first view too since a product page keeps no
  // fill of hers (decision 81): the row stays, to show a reload costs what her first view does.
  if (signedIn) {
    rows.push(await measure('home, signed in', '/', { cookie: signedIn }));
    const first = signedIn.replace(/(^|; )(__Host-)?hv=[^;]*/, '');
    rows.push(await measure('home, signed in, first view', '/', { cookie: first }));
    rows.push(await measure('product, signed in', productPath, { cookie: signedIn }));
    const repeat = await signedInAfterView(base, signedIn, productPath);
    rows.push(await measure('product, signed in, repeat view', productPath, { cookie: repeat }));
  }
  rows.push(await measure('home, kept for guests', '/', {}));
  rows.push(await measure('product, kept for guests', productPath, {}));
  rows.push(await measure('static file', '/favicon.svg', { cookie }));
  return { views: VIEWS, rows };
}

export function printRenderCost(cost) {
  const split = cost.rows.some((r) => r.split);
  console.log(
    `\nRender cost (CPU ms per view: the workers' process, ${split ? "the shop's two isolates' part of it, " : ''}${cost.views} views; the local proxy's beside it; HTML bytes)`,
  );
  const pct = (v) => `${Math.round(v * 100)}`.padStart(3);
  for (const r of cost.rows)
    console.log(
      `  ${`${r.page} ${r.path}`.padEnd(48)} ${String(r.cpuMsPerView).padStart(6)} ms${r.split ? `  isolates ${String(r.isolatesCpuMsPerView).padStart(5)} ms (storefront ${pct(r.split.storefront)} %, API ${pct(r.split.api)} %, stand-ins ${pct(r.split.standins)} %, runtime ${pct(r.split.runtime)} %)` : ''}  (proxy ${String(r.proxyCpuMsPerView).padStart(4)})  ${String(r.htmlBytes).padStart(7)} B  gzip ${String(r.htmlGzipBytes).padStart(6)} B  hydration ${String(r.hydrationBytes).padStart(6)} B`,
    );
}
