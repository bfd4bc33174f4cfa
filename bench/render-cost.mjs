// Render cost per page type: CPU milliseconds of the server's workerd processes per page view (storefront
// and API together, read from /proc before and after a run of sequential views) and the HTML's bytes,
// raw and gzipped, with the hydration data's share. Views are hard reloads (Cache-Control: no-cache), so
// each is rendered; a guest's view from the page cache and a static file are measured the same way, as
// the floor. Workers' clocks stand still while code runs, so the CPU is read from the outside.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const VIEWS = Number(process.env.BENCH_RENDER_VIEWS ?? 30);
const TICKS_PER_S = 100;

/** CPU time (user + system) of every process in the group, in ms. */
export function groupCpuMs(pgid) {
  const pids = execFileSync('ps', ['-o', 'pid=', '-g', String(pgid)], { encoding: 'utf8' })
    .split('\n')
    .map((p) => p.trim())
    .filter(Boolean);
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields 14 and 15 (utime, stime) after the command name, which may hold spaces: cut at ")".
      const rest = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(rest[11]) + Number(rest[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return (ticks / TICKS_PER_S) * 1000;
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

export async function renderCost(base, productPath, pgid, cookie) {
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
    const cpuMs = Math.round(((groupCpuMs(pgid) - before) / VIEWS) * 10) / 10;
    const hydration = /window\.__staticRouterHydrationData=[^<]*/.exec(html)?.[0] ?? '';
    return {
      page: name,
      path,
      cpuMsPerView: cpuMs,
      htmlBytes: bytes,
      htmlGzipBytes: gzipSync(html).length,
      hydrationBytes: Buffer.byteLength(hydration),
    };
  };
  for (const [name, path] of pages)
    for (const p of [path, `/ar${path === '/' ? '' : path}`])
      rows.push(await measure(name, p, { cookie, 'cache-control': 'no-cache' }));
  rows.push(await measure('home, kept for guests', '/', {}));
  rows.push(await measure('product, kept for guests', productPath, {}));
  rows.push(await measure('static file', '/favicon.svg', { cookie }));
  return { views: VIEWS, rows };
}

export function printRenderCost(cost) {
  console.log(`\nRender cost (CPU ms per view of both workers' processes, ${cost.views} views; HTML bytes)`);
  for (const r of cost.rows)
    console.log(
      `  ${`${r.page} ${r.path}`.padEnd(48)} ${String(r.cpuMsPerView).padStart(6)} ms   ${String(r.htmlBytes).padStart(7)} B  gzip ${String(r.htmlGzipBytes).padStart(6)} B  hydration ${String(r.hydrationBytes).padStart(6)} B`,
    );
}
