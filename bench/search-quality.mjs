// Search quality against the judged query set (bench/search-judgements.json): precision@5, zero-result
// rate and p50 latency per language, through the storefront's /api proxy as a shopper's browser calls it.
//   node bench/search-quality.mjs                 builds if needed, serves the demo catalogue, measures
//   node bench/search-quality.mjs --url http://localhost:8825   measures a running server
// npm run bench runs it too (bench/run.mjs). Prints a summary; --json prints the figures as JSON,
// --misses lists the queries that fall short.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const JUDGEMENTS = join(ROOT, 'bench/search-judgements.json');
const K = 5;

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

async function deviceCookie(base) {
  const res = await fetch(`${base}/api/health`);
  await res.arrayBuffer();
  return (
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => /^(__Host-)?dtk=/.test(c)) ?? ''
  );
}

async function search(base, cookie, { query, lang, country }) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/product`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json', lang, 'x-country': country },
    body: JSON.stringify({ search: query, per_page: 24 }),
  });
  const body = await res.json();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`search "${query}" answered ${res.status}`);
  return { ms, total: body.data.total, slugs: body.data.items.slice(0, K).map((p) => p.slug) };
}

/**
 * Precision@5 of one query: relevant products among the first five, out of five (or out of all the
 * relevant products when fewer than five exist).
 */
export function precisionAtK(slugs, relevant, k = K) {
  const want = new Set(relevant);
  const hits = slugs.slice(0, k).filter((s) => want.has(s)).length;
  return hits / Math.min(k, want.size);
}

/** Runs every judged query (after one warm-up pass) and sums up per language. */
export async function searchQuality(base, { judgements = JSON.parse(readFileSync(JUDGEMENTS, 'utf8')).queries } = {}) {
  const cookie = await deviceCookie(base);
  for (const q of judgements) await search(base, cookie, q); // warm-up: isolates, caches, synonyms
  const rows = [];
  for (const q of judgements) {
    const r = await search(base, cookie, q);
    rows.push({ ...q, ...r, precision: precisionAtK(r.slugs, q.relevant) });
  }
  const byLang = {};
  for (const lang of ['en', 'ar']) {
    const mine = rows.filter((r) => r.lang === lang);
    const times = mine.map((r) => r.ms).sort((a, b) => a - b);
    byLang[lang] = {
      queries: mine.length,
      precisionAt5: Math.round((mine.reduce((s, r) => s + r.precision, 0) / mine.length) * 1000) / 1000,
      zeroResultRate: Math.round((mine.filter((r) => r.total === 0).length / mine.length) * 1000) / 1000,
      p50Ms: Math.round(percentile(times, 50) * 10) / 10,
    };
  }
  const misses = rows
    .filter((r) => r.precision < 1)
    .map((r) => ({ query: r.query, lang: r.lang, precision: r.precision, total: r.total, top: r.slugs }));
  return { byLang, misses };
}

export function printQuality({ byLang }) {
  for (const [lang, f] of Object.entries(byLang)) {
    console.log(
      `  search quality ${lang}: precision@5 ${f.precisionAt5.toFixed(3)}, zero results ${(f.zeroResultRate * 100).toFixed(1)} %, p50 ${f.p50Ms} ms (${f.queries} queries)`,
    );
  }
}

async function waitFor(base, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`no server at ${base}`);
}

async function main() {
  const args = process.argv.slice(2);
  const urlAt = args.indexOf('--url');
  let base = urlAt >= 0 ? args[urlAt + 1] : undefined;
  let server;
  const env = {
    ...process.env,
    PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`,
    WRANGLER_SEND_METRICS: 'false',
  };
  if (!base) {
    if (!existsSync(join(ROOT, 'dist/storefront/index.js'))) {
      const build = spawnSync('vite', ['build', '--logLevel', 'warn'], { cwd: ROOT, env, stdio: 'inherit' });
      if (build.status !== 0) throw new Error('vite build failed');
    }
    const port = process.env.BENCH_PORT ?? '8793';
    base = `http://localhost:${port}`;
    server = spawn(process.execPath, ['scripts/serve-built.mjs'], {
      cwd: ROOT,
      env: { ...env, PORT: port, WRANGLER_STATE: '.wrangler/bench-state' },
      stdio: 'ignore',
      detached: true,
    });
  }
  try {
    await waitFor(base, 300_000);
    const result = await searchQuality(base);
    if (args.includes('--json')) console.log(JSON.stringify(result, null, 2));
    else printQuality(result);
    if (args.includes('--misses'))
      for (const m of result.misses)
        console.log(`  ${m.lang} ${m.query}: ${m.precision.toFixed(2)} (${m.total}) ${m.top.join(' ')}`);
  } finally {
    if (server) process.kill(-server.pid, 'SIGTERM');
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
