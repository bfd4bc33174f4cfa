// Throughput of a signed-in shopper's repeat views against a guest's kept page, the two measured in
// turn on one server so that both see the same load (the throughput step runs its rows one after the
// other, and on a shared machine the load moves between them more than the pages differ). Each round:
// autocannon (10 connections, 1 s warm-up, 5 s) on the guest's kept home, her home, the guest's kept
// product and her product, the order reversed every other round; her cookies are those of her own view
// of the page (her version, her fill kept for a minute: decision 76's amendment "her parts kept for
// her"), her product's taken again at each round; and her first view of her home (her cookies without
// her version: no fill of hers kept, so each view makes her trip and keeps a fill no one reads). Serves
// the current dist/ (run `vite build` first).
//
//   BENCH_PORT=8831 ROUNDS=4 node bench/interleaved-throughput.mjs
import autocannon from 'autocannon';
import { firstProductSlug } from './catalogue.mjs';
import { jar, signedInAfterView, signedInCookie } from './geography.mjs';
import { startBuiltServer } from './serve.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const PORT = Number(process.env.BENCH_PORT ?? 8792);
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const base = `http://localhost:${PORT}`;

const rate = async (path, cookie) => {
  await autocannon({ url: base + path, connections: 10, duration: 1, headers: { cookie } });
  const r = await autocannon({ url: base + path, connections: 10, duration: 5, headers: { cookie } });
  return Math.round(r.requests.average * 10) / 10;
};
/** The middle value, or the mean of the two middle ones. */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return Number.isInteger(mid) ? (sorted[mid - 1] + sorted[mid]) / 2 : sorted[Math.floor(mid)];
};

const server = await startBuiltServer(base, {
  ...process.env,
  PATH: `${ROOT}node_modules/.bin:${process.env.PATH}`,
  WRANGLER_SEND_METRICS: 'false',
  PORT: String(PORT),
  WRANGLER_STATE: '.wrangler/bench-state',
  INSPECTOR_PORT: String(PORT + 500),
});
try {
  const first = await fetch(`${base}/`);
  await first.arrayBuffer();
  const device = jar(first, '');
  const product = `/products/${await firstProductSlug(base, device)}`;
  const her = await signedInAfterView(base, await signedInCookie(base), '/');
  const herFirst = her.replace(/(^|; )(__Host-)?hv=[^;]*/, '');
  const ratios = { home: [], homeFirst: [], product: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const herProduct = await signedInAfterView(base, her, product);
    const cells = [
      ['guestHome', '/', device],
      ['herHome', '/', her],
      ['herHomeFirst', '/', herFirst],
      ['guestProduct', product, device],
      ['herProduct', product, herProduct],
    ];
    const out = {};
    for (const [name, path, cookie] of round % 2 ? cells.reverse() : cells) out[name] = await rate(path, cookie);
    ratios.home.push(out.herHome / out.guestHome);
    ratios.homeFirst.push(out.herHomeFirst / out.guestHome);
    ratios.product.push(out.herProduct / out.guestProduct);
    console.log(`round ${round + 1} (requests/s): ${JSON.stringify(out)}`);
  }
  const show = (values) => `median ${median(values).toFixed(2)}× (${values.map((v) => v.toFixed(2)).join(', ')})`;
  console.log(
    `her view / a guest's kept page: home ${show(ratios.home)}, home first ${show(ratios.homeFirst)}, product ${show(ratios.product)}`,
  );
} finally {
  process.kill(-server.pid, 'SIGTERM');
}
