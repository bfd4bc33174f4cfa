// The suite's cost per file and per story (decision 74), as Markdown for docs/architecture/tests.md:
// `node scripts/test-cost-map.mjs [--top 20]` after an `npm test`. It reads the run's reports
// (test-results/vitest.json, e2e.json) and, when the run wrote it, test-results/levels.json, the CPU
// series `npm test` sampled for the Vitest run and the stories. Each level's files (the stories for
// the e2e level, and its spec files) are sorted by their share of the level's CPU-seconds, shared by
// time (scripts/test-levels.mjs: an estimate, not a count per process), or by wall seconds when the
// run wrote no series. A file's wall seconds are from its first test's start to its last test's end.
import { existsSync, readFileSync } from 'node:fs';
import { LEVELS } from './test-budgets.mjs';
import { playwrightItems, shareByTime, vitestItems } from './test-levels.mjs';

/**
 * @param {{ vitest?: object, e2e?: object, levels?: { series?: { vitest?: [number, number][], e2e?: [number, number][] } },
 *   root?: string, top?: number }} input the parsed reports; `root` is stripped from Vitest's paths
 * @returns {string} Markdown: a table per level, most expensive first
 */
export function costMap({ vitest, e2e, levels, root = '', top = 20 }) {
  const out = [];
  const table = (/** @type {string} */ title, /** @type {Row[]} */ rows, /** @type {boolean} */ withCpu) => {
    if (rows.length === 0) return;
    const sorted = [...rows].sort((a, b) => (withCpu ? b.cpu - a.cpu : b.wall - a.wall) || a.key.localeCompare(b.key));
    out.push(`### ${title}`, '');
    out.push(withCpu ? '| file | CPU-s (share) | wall s | tests |' : '| file | wall s | tests |');
    out.push(withCpu ? '| --- | ---: | ---: | ---: |' : '| --- | ---: | ---: |');
    for (const r of sorted.slice(0, top)) {
      const cells = [`\`${r.key}\``, ...(withCpu ? [r.cpu.toFixed(1)] : []), r.wall.toFixed(1), String(r.tests)];
      out.push(`| ${cells.join(' | ')} |`);
    }
    const all = (/** @type {(r: Row) => number} */ f) => rows.reduce((n, r) => n + f(r), 0);
    const sum = withCpu
      ? `${rows.length} files, ${all((r) => r.cpu).toFixed(1)} CPU-seconds, ${all((r) => r.wall).toFixed(1)} file-seconds`
      : `${rows.length} files, ${all((r) => r.wall).toFixed(1)} file-seconds`;
    out.push('', `${sum} in all.`, '');
  };
  const name = (/** @type {string} */ id) => LEVELS.find((l) => l.id === id)?.name ?? id;
  /** @typedef {{ key: string, cpu: number, wall: number, tests: number }} Row */
  const rowsOf = (
    /** @type {import('./test-levels.mjs').Item[]} */ items,
    /** @type {Map<string, number> | undefined} */ share,
  ) =>
    items.map((i) => ({
      key: i.key,
      cpu: share?.get(i.key) ?? 0,
      wall: (i.end - i.start) / 1000,
      tests: i.tests ?? 0,
    }));

  if (vitest) {
    const items = vitestItems(vitest, root);
    const series = levels?.series?.vitest ?? [];
    const share = series.length > 0 ? shareByTime(series, items) : undefined;
    for (const level of ['unit', 'api', 'storefront'])
      table(
        `${name(level)}: the ${top} most expensive files`,
        rowsOf(
          items.filter((i) => i.level === level),
          share,
        ),
        !!share,
      );
  }
  if (e2e) {
    const items = playwrightItems(e2e);
    const series = levels?.series?.e2e ?? [];
    const share = series.length > 0 ? shareByTime(series, items) : undefined;
    const stories = rowsOf(items, share);
    table(`${name('e2e')}: the ${top} most expensive stories`, stories, !!share);
    /** @type {Map<string, Row>} */
    const files = new Map();
    for (const s of stories) {
      const key = s.key.split(' › ')[0] ?? s.key;
      const f = files.get(key) ?? { key, cpu: 0, wall: 0, tests: 0 };
      files.set(key, { key, cpu: f.cpu + s.cpu, wall: f.wall + s.wall, tests: f.tests + 1 });
    }
    table(`${name('e2e')}: the ${top} most expensive spec files`, [...files.values()], !!share);
  }
  return out.join('\n');
}

function main() {
  const topArg = process.argv.indexOf('--top');
  const top = topArg === -1 ? 20 : Number(process.argv[topArg + 1]);
  const read = (/** @type {string} */ file) =>
    existsSync(`test-results/${file}`) ? JSON.parse(readFileSync(`test-results/${file}`, 'utf8')) : undefined;
  const input = { vitest: read('vitest.json'), e2e: read('e2e.json'), levels: read('levels.json') };
  if (!input.vitest && !input.e2e) {
    console.error('No test-results/vitest.json or e2e.json: run `npm test` first.');
    process.exit(1);
  }
  console.log(costMap({ ...input, root: process.cwd(), top }));
}

if (import.meta.url === `file://${process.argv[1]}`) main();
