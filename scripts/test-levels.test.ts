// npm test's account per level (decision 74): which level a file is, how the Vitest run's CPU is
// shared among its projects, and the report's line naming the levels over budget. Fixtures are
// trimmed reports of the shape vitest 5.1 and Playwright 1.65 write (scripts/fixtures/test-cost-map).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { budgetReport, levelFigures, playwrightItems, projectOf, shareByTime, vitestItems } from './test-levels.mjs';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/test-cost-map/${name}.json`, import.meta.url), 'utf8'));

describe("npm test's levels", () => {
  it("names a file's project as vitest.config.ts includes it; tests/database is unit", () => {
    expect(projectOf('/w/tests/integration/api/orders.test.ts')).toBe('api');
    expect(projectOf('/w/tests/integration/storefront/pages.test.ts')).toBe('storefront');
    expect(projectOf('/w/tests/database/backup-and-restore.test.ts')).toBe('unit');
    expect(projectOf('/w/api/src/lib/money.test.ts')).toBe('unit');
  });

  it("reads Vitest's files with their spans, leaving out a file that ran no test", () => {
    const items = vitestItems(fixture('vitest'), '/w');
    expect(items.map((i) => [i.key, i.level, i.tests])).toEqual([
      ['shared/money.test.ts', 'unit', 2],
      ['tests/database/backup-and-restore.test.ts', 'unit', 1],
      ['tests/integration/api/orders.test.ts', 'api', 2],
      ['tests/integration/storefront/pages.test.ts', 'storefront', 1],
    ]);
  });

  it("reads Playwright's stories, a retry inside its story's span, a story that did not run left out", () => {
    const items = playwrightItems(fixture('e2e'));
    const t0 = Date.parse('2026-11-28T00:00:00.000Z');
    expect(items).toEqual([
      { key: 'a.spec.ts › her order › buys', level: 'e2e', start: t0, end: t0 + 4000, tests: 1 },
      { key: 'b.spec.ts › signs in', level: 'e2e', start: t0 + 1000, end: t0 + 4000, tests: 1 },
    ]);
  });

  it('shares each second among the files that ran in it; a second with none goes to the next to start', () => {
    const items = vitestItems(fixture('vitest'), '/w');
    const series: [number, number][] = [
      [2000, 2], // both unit files ran the whole second: 1 each
      [5000, 1], // the backup file alone
      [12000, 3], // no file ran (the api runtime starting): the api file, next to start
      [19000, 4], // the storefront runtimes starting: its file, next
      [21000, 1], // the storefront file
      [25000, 0.5], // after the last file: the last to end
    ];
    const share = shareByTime(series, items);
    expect(Object.fromEntries(share)).toEqual({
      'shared/money.test.ts': 1,
      'tests/database/backup-and-restore.test.ts': 2,
      'tests/integration/api/orders.test.ts': 3,
      'tests/integration/storefront/pages.test.ts': 5.5,
    });
    expect(levelFigures(items, share)).toEqual({
      unit: { wall: 10, cpu: 3 },
      api: { wall: 4, cpu: 3 },
      storefront: { wall: 2, cpu: 5.5 },
    });
  });

  it('splits a second by how much of it each file ran', () => {
    const items = [
      { key: 'a', level: 'unit', start: 0, end: 250 },
      { key: 'b', level: 'api', start: 250, end: 5000 },
    ];
    expect(Object.fromEntries(shareByTime([[1000, 2]], items))).toEqual({ a: 0.5, b: 1.5 });
  });

  it('names every level over its budget in one line, and none when all fit', () => {
    const levels = [
      { id: 'unit', name: 'unit', cpu: 100, wall: 60 },
      { id: 'e2e', name: 'e2e stories', cpu: 300, wall: 330 },
      { id: 'api', name: 'API integration', cpu: 200, wall: 200 },
    ];
    const total = { id: 'total', name: 'total', cpu: 600, wall: 540 };
    const report = budgetReport(
      { unit: { wall: 70.4, cpu: 90 }, e2e: { wall: 200, cpu: 612.3 }, total: { wall: 500, cpu: 702 } },
      levels,
      total,
    );
    expect(report.at(-1)).toBe(
      'levels over budget: unit (70 of 60 s); e2e stories (612 of 300 CPU-seconds); total (702 of 600 CPU-seconds)',
    );
    expect(report.find((l) => l.includes('e2e stories'))).toMatch(/^✖ /);
    // Not measured: shown as such, over nothing.
    expect(report.find((l) => l.includes('API integration'))).toMatch(/^ {2}API integration\s+–\s+200\s+–\s+200$/);
    expect(budgetReport({ unit: { wall: 10, cpu: 10 } }, levels, total).at(-1)).toBe('levels over budget: none');
  });
});
