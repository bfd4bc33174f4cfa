// The budget per level (decision 74): `npm test` reads it from scripts/test-budgets.mjs, and
// docs/architecture/tests.md states it in its table "The budget per level". They must not drift.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEVELS, TOTAL } from '../../scripts/test-budgets.mjs';

const doc = readFileSync(new URL('../../docs/architecture/tests.md', import.meta.url), 'utf8');

/** The first table under a heading, as rows of cells keyed by the table's header. */
function tableUnder(markdown: string, heading: string) {
  const section = markdown.split(/^## /m).find((s) => s.startsWith(`${heading}\n`));
  if (!section) throw new Error(`no section "${heading}"`);
  const lines = section.split('\n').filter((l) => l.startsWith('|'));
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
  const [header, , ...rows] = lines.map(cells);
  return rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i] ?? ''])));
}

describe('the budget per level', () => {
  it("is the same in the tests doc's table as in scripts/test-budgets.mjs", () => {
    const table = tableUnder(doc, 'The budget per level').map((r) => ({
      name: r.level,
      cpu: Number(r['CPU-seconds']),
      wall: Number(r['wall s']),
    }));
    expect(table).toEqual([...LEVELS, TOTAL].map(({ name, cpu, wall }) => ({ name, cpu, wall })));
  });

  it('adds up, and fits 600 s on two cores with `npm ci` beside it', () => {
    expect(LEVELS.reduce((n, l) => n + l.cpu, 0)).toBe(TOTAL.cpu);
    // Two cores at the 96 % a clean run keeps them busy, plus about 55 s of `npm ci` on CI.
    expect(TOTAL.cpu / (2 * 0.96) + 55).toBeLessThan(600);
    expect(TOTAL.wall + 55).toBeLessThan(600);
  });
});
