// A product page with 500 reviews (npm run bench, step reviews): the first reviews come in the product's
// own D1 batch and are rendered on the server only (decision 44), so neither the page's D1 round trips
// nor its JavaScript before interactive may grow with the count; the rest load on demand, a page at a
// time, whose latency is measured here for each order.
import { seedManyReviews } from '../scripts/seed.mjs';
import { queryCounts } from './catalogue.mjs';

export const MANY_REVIEWS = 500;
const SORTS = ['helpful', 'newest', 'highest', 'lowest'];
const CALLS = 20;

/** Seeds the reviews (the server must be stopped: wrangler writes the same database). */
export async function seedReviewedProduct(slug, state) {
  await seedManyReviews(slug, MANY_REVIEWS, state);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function timed(url, headers) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status, bytes: body.byteLength, res };
}

/** The page's D1 work and HTML, then each sort's review pages through the storefront's /api. */
export async function reviewedProduct(base, slug, cookie, pageJs) {
  const paths = [`/products/${slug}`, `/ar/products/${slug}`];
  const queries = await queryCounts(base, paths);
  const product = await (await fetch(`${base}/api/product/${slug}/v2`, { headers: { cookie } })).json();
  const id = product.data.id;
  const ratingCount = product.data.rating_summary?.count ?? null;
  const html = {};
  for (const path of paths) {
    const views = [];
    for (let i = 0; i < 5; i++) views.push(await timed(`${base}${path}?bench-reviews=${i}`, { cookie }));
    html[path] = { bytes: views[0].bytes, medianMs: Math.round(views.map((v) => v.ms).sort((a, b) => a - b)[2]) };
  }
  const pages = {};
  for (const sort of SORTS) {
    const times = [];
    for (let i = 0; i < CALLS; i++) {
      // Pages across the list, as a shopper paging on would ask for them.
      const page = 1 + (i % 10);
      const r = await timed(`${base}/api/product/${id}/reviews?sort=${sort}&page=${page}`, { cookie });
      if (r.status !== 200) throw new Error(`reviews ${sort} page ${page} answered ${r.status}`);
      times.push(r.ms);
    }
    times.sort((a, b) => a - b);
    pages[sort] = {
      p50Ms: Math.round(percentile(times, 50) * 10) / 10,
      p99Ms: Math.round(percentile(times, 99) * 10) / 10,
    };
  }
  const js = {};
  for (const path of paths) js[path] = await pageJs(path);
  return { reviews: MANY_REVIEWS, ratingCount, queries, html, pages, js };
}

export function printReviewedProduct(r) {
  console.log(`\nA product with ${r.reviews} reviews (its rating counts ${r.ratingCount})`);
  for (const [path, q] of Object.entries(r.queries)) {
    console.log(
      `  ${path}: D1 ${q.cold.roundTrips} round trips (${q.cold.statements} statements), HTML ${(r.html[path].bytes / 1000).toFixed(1)} kB in ${r.html[path].medianMs} ms, JS ${(r.js[path].gzip / 1000).toFixed(1)} kB gzip`,
    );
  }
  for (const [sort, p] of Object.entries(r.pages))
    console.log(`  reviews sorted by ${sort}: p50 ${p.p50Ms} ms, p99 ${p.p99Ms} ms`);
}
