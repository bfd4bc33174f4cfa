// CPU per page view of several builds of the shop, measured side by side: each directory (a checkout or
// `git worktree` with its own `vite build` and node_modules) is served by its own `scripts/serve-built.mjs`
// on its own port, a shopper signs up on each, and the views go round the servers in turn, a round of
// VIEWS views per server and page, the servers' order reversed every other round. Each round's figure is
// the workerd process's CPU (both workers and the local stand-ins, read from /proc as the render step
// does) over the round's views; the median of the rounds is printed, with each build's share of the
// first's. On a shared machine the rounds of the builds see the same load, so the ratio holds where the
// absolute figures drift. A signed-in view is her kept page once her pass is fresh (decision 76).
//
//   node bench/interleaved-cpu.mjs before=/path/a:8827 after=/path/b:8837
//   PAGES=signed:/,signed:/ar,guest:/ VIEWS=40 ROUNDS=5   (a page: signed:<path>, first:<path> (signed in,
//   her first view: no fill of hers kept) or guest:<path>; `<product>` stands for the first product's
//   path; browse:<products> is a signed-in shopper opening VIEWS products one after another, each a first
//   view of it, as she browses (their kept copies warmed by another shopper first))
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { firstProductSlug, productSlugs } from './catalogue.mjs';
import { jar, signedInAfterView, signedInCookie } from './geography.mjs';
import { groupCpuMs } from './render-cost.mjs';

const VIEWS = Number(process.env.VIEWS ?? 40);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PAGES = (process.env.PAGES ?? 'signed:/,signed:/ar,signed:<product>,guest:/,guest:<product>').split(',');

const builds = process.argv.slice(2).map((arg, i) => {
  const [name, where] = arg.split('=');
  const at = where.lastIndexOf(':');
  return { name, dir: where.slice(0, at), port: Number(where.slice(at + 1)), inspector: 9400 + i };
});
if (builds.length === 0) throw new Error('usage: node bench/interleaved-cpu.mjs name=DIR:PORT …');

async function start(build) {
  build.base = `http://localhost:${build.port}`;
  build.child = spawn(process.execPath, ['scripts/serve-built.mjs'], {
    cwd: build.dir,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PATH: `${build.dir}/node_modules/.bin:${process.env.PATH}`,
      PORT: String(build.port),
      WRANGLER_STATE: '.wrangler/bench-state',
      INSPECTOR_PORT: String(build.inspector),
      WRANGLER_SEND_METRICS: 'false',
    },
  });
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${build.base}/.well-known/assetlinks.json`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`${build.name} did not start on ${build.base}`);
}

/**
 * VIEWS views of a page; a signed-in shopper keeps the cookies each answer sets (her pass renewed). `first`:
 * signed in, each view without her version cookie, so none finds her fill kept (a first view: her trip).
 */
async function views(build, path, who) {
  const signedIn = who !== 'guest';
  for (let i = 0; i < VIEWS; i++) {
    const cookie = who === 'first' ? build.cookie.replace(/(^|; )(__Host-)?hv=[^;]*/, '') : build.cookie;
    const at = path === '<products>' ? products[i % products.length] : path;
    const res = await fetch(build.base + at, { headers: signedIn ? { cookie } : {} });
    await res.arrayBuffer();
    if (signedIn) build.cookie = jar(res, build.cookie);
  }
}

let products = [];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  for (const build of builds) await start(build);
  const product = `/products/${await firstProductSlug(builds[0].base, '')}`;
  for (const build of builds) build.cookie = await signedInAfterView(build.base, await signedInCookie(build.base), '/');
  if (PAGES.some((p) => p.endsWith('<products>'))) {
    products = (await productSlugs(builds[0].base, VIEWS)).map((slug) => `/products/${slug}`);
    // Their kept copies for signed-in shoppers, as any signed-in shopper's views keep them.
    for (const build of builds) {
      let warm = await signedInAfterView(build.base, await signedInCookie(build.base, 'Warm copies'), '/');
      for (const path of products) warm = await signedInAfterView(build.base, warm, path);
    }
  }
  const pages = PAGES.map((p) => p.replace('<product>', product));
  const figures = new Map(pages.map((p) => [p, new Map(builds.map((b) => [b.name, []]))]));
  for (let round = 0; round < ROUNDS; round++)
    for (const page of pages) {
      const [who, path] = [page.slice(0, page.indexOf(':')), page.slice(page.indexOf(':') + 1)];
      for (const build of round % 2 ? [...builds].reverse() : builds) {
        const before = groupCpuMs(build.child.pid).workers;
        await views(build, path, who);
        figures
          .get(page)
          .get(build.name)
          .push((groupCpuMs(build.child.pid).workers - before) / VIEWS);
      }
    }
  console.log(`workerd CPU ms per view: median of ${ROUNDS} rounds of ${VIEWS} views (share of ${builds[0].name})`);
  for (const [page, byBuild] of figures) {
    const first = median(byBuild.get(builds[0].name));
    const cells = builds.map((b) => {
      const m = median(byBuild.get(b.name));
      return `${b.name} ${m.toFixed(2)} (${Math.round((m / first) * 100)} %)`;
    });
    console.log(`  ${page.padEnd(48)} ${cells.join('   ')}`);
  }
} finally {
  for (const build of builds) {
    try {
      process.kill(-build.child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
