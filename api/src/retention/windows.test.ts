// The retention rules and their documentation are one table (issue 48): each rule's row in
// docs/operating/data-rights-and-retention.md says the same window, action and reason as the code, and
// each rule names a table the migrations create.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RETENTION_ELSEWHERE, RETENTION_RULES, type RetentionRule, windowOf } from './windows';

const root = new URL('../../../', import.meta.url);
const doc = readFileSync(new URL('docs/operating/data-rights-and-retention.md', root), 'utf8');
const migrations = readdirSync(new URL('api/migrations/', root))
  .map((f) => readFileSync(new URL(`api/migrations/${f}`, root), 'utf8'))
  .join('\n');
const tables = new Set([...migrations.matchAll(/CREATE TABLE (\w+)/g)].map((m) => m[1]));

/** A table row's cells, as the doc's table has them (its padding aside). */
const rows = doc
  .split('\n')
  .filter((l) => l.startsWith('|'))
  .map((l) =>
    l
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim()),
  );
const documented = (cells: string[]) => rows.some((r) => r.join('|') === cells.join('|'));

/** The cells a rule's row must have. */
const cellsOf = (r: RetentionRule) => [r.name, r.personal ? 'yes' : 'no', windowOf(r), r.action, r.why];

describe('retention windows', () => {
  it('name tables the migrations create, one rule a name', () => {
    for (const r of RETENTION_RULES) expect(tables.has(r.table), r.table).toBe(true);
    expect(new Set(RETENTION_RULES.map((r) => r.name)).size).toBe(RETENTION_RULES.length);
  });

  it('are documented row for row, with the same window, action and reason', () => {
    const missing = RETENTION_RULES.map(cellsOf).filter((cells) => !documented(cells));
    expect(missing).toEqual([]);
    const elsewhere = RETENTION_ELSEWHERE.map((e) => [e.table, e.window, e.by]).filter((cells) => !documented(cells));
    expect(elsewhere).toEqual([]);
  });
});
