// Catalogue figures for npm run bench: D1 work per page (counted by the API, summed by the worker),
// and API latency of a filtered listing, a search and header suggestions, to compare the 50 000- and
// 200 000-product catalogues with the demo seed.
import { spawnSync } from 'node:child_process';

const FILTERED = {
  sort: { key: 'price', value: 'asc' },
  filters: [
    { key: 'category_id', type: 'multiSelect', items: [1] },
    { key: 'only_available', type: 'boolean', value: true },
    { key: 'sku_price', type: 'range', range: { min: 2, max: 15 } },
    { key: 'attributes_id', type: 'multiSelect', items: [1, 2, 3] },
  ],
};
const SEARCH = { search: 'vitamin d3' };
// What a shopper types into the header box, letter by letter and with a typo: suggestions answer each.
const SUGGEST = ['vit', 'vitamin d', 'omega', 'magnes', 'omgea', 'فيتامين', 'اوميغا', 'whey pro'];

function api(base, cookie, path, body, lang = 'en') {
  return fetch(`${base}/api${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { cookie, origin: base, 'content-type': 'application/json', lang, 'x-country': 'KW' },
    body: body ? JSON.stringify(body) : undefined,
  });
}

export async function firstProductSlug(base, cookie) {
  const res = await api(base, cookie, '/product', { per_page: 1 });
  return (await res.json()).data.items[0].slug;
}

/** The first `count` products' slugs of the listing. */
export async function productSlugs(base, count) {
  const res = await api(base, '', '/product', { per_page: count });
  return (await res.json()).data.items.map((item) => item.slug);
}

/** A new device's cookie from an uncached API call, so its first page view finds nothing cached. */
async function freshCookie(base) {
  const res = await fetch(`${base}/api/health`);
  await res.arrayBuffer();
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => /^(__Host-)?dtk=/.test(c));
}

/** Statements and round trips for each page: first view (cold KV) and the next one (warm). */
export async function queryCounts(base, paths) {
  const out = {};
  for (const path of paths) {
    const cookie = await freshCookie(base);
    // Rendered each time (a hard reload): a guest page from the edge cache costs no D1 work at all.
    const read = async () => {
      const res = await fetch(base + path, { headers: { cookie, 'cache-control': 'no-cache' } });
      await res.arrayBuffer();
      return {
        status: res.status,
        statements: Number(res.headers.get('x-d1-queries')),
        roundTrips: Number(res.headers.get('x-d1-roundtrips')),
      };
    };
    out[path] = { cold: await read(), warm: await read() };
  }
  return out;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** p50/p99 of sequential calls after a warm-up: the latency one shopper sees, without queueing. */
export async function apiLatency(base, cookie, runs = 60) {
  const out = {};
  for (const [name, body] of [
    ['filteredListing', FILTERED],
    ['search', SEARCH],
  ]) {
    for (let i = 0; i < 5; i++) await (await api(base, cookie, '/product', body)).arrayBuffer();
    const times = [];
    let total = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const res = await api(base, cookie, '/product', body);
      const json = await res.json();
      times.push(performance.now() - t0);
      total = json.data.total;
    }
    times.sort((a, b) => a - b);
    out[name] = {
      p50Ms: Math.round(percentile(times, 50) * 10) / 10,
      p99Ms: Math.round(percentile(times, 99) * 10) / 10,
      results: total,
    };
  }
  // Header suggestions (GET /product/search, not cached by the edge for a device), each text in turn.
  const suggest = (text) =>
    api(
      base,
      cookie,
      `/product/search?q=${encodeURIComponent(text)}&limit=6`,
      undefined,
      /[\u0600-\u06ff]/.test(text) ? 'ar' : 'en',
    );
  for (const text of SUGGEST) await (await suggest(text)).arrayBuffer();
  const times = [];
  let found = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const json = await (await suggest(SUGGEST[i % SUGGEST.length])).json();
    times.push(performance.now() - t0);
    found += json.data.products.length > 0 ? 1 : 0;
  }
  times.sort((a, b) => a - b);
  // results: how many of the calls suggested at least one product.
  out.suggestions = {
    p50Ms: Math.round(percentile(times, 50) * 10) / 10,
    p99Ms: Math.round(percentile(times, 99) * 10) / 10,
    results: found,
  };
  return out;
}

/** Seeds a large catalogue (`--large` 50 000, `--huge` 200 000) into its own state folder once (kept between bench runs). */
export function ensureLargeCatalogue(env, state, flag = '--large') {
  // BENCH_SKIP_SEED=1 trusts a state seeded by an earlier run (the server's start checks it anyway).
  if (env.BENCH_SKIP_SEED === '1') return `(seeded earlier: ${state})`;
  const run = (args) =>
    spawnSync(process.execPath, args, {
      env: { ...env, WRANGLER_STATE: state },
      encoding: 'utf8',
      maxBuffer: 32 * 1024 * 1024,
    });
  let r = run(['scripts/db.mjs', 'migrate']);
  if (r.status !== 0) throw new Error(`large catalogue migration failed: ${r.stderr}`);
  r = run(['scripts/seed.mjs', flag]);
  if (r.status !== 0) throw new Error(`large catalogue seed failed: ${r.stderr}`);
  return r.stdout.trim();
}
