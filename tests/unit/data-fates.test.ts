// Every table the migrations leave in the schema has its fate on erasure written down in
// docs/data-fates.md (issue 44, finding 3): a new table without a row there fails here, so nobody
// adds a place that holds a shopper's data without deciding what her erasure does to it.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HEALTH_TABLES } from '../../shared/backup/format';

const migrations = new URL('../../api/migrations/', import.meta.url);

/** The tables the migrations leave, in order: created, dropped, renamed. */
function schemaTables(): Set<string> {
  const tables = new Set<string>();
  const files = readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const file of files) {
    const sql = readFileSync(new URL(file, migrations), 'utf8').replace(/--[^\n]*/g, '');
    const steps =
      /CREATE\s+(?:VIRTUAL\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(\w+)|DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?"?(\w+)|ALTER\s+TABLE\s+"?(\w+)"?\s+RENAME\s+TO\s+"?(\w+)/gi;
    for (const m of sql.matchAll(steps)) {
      if (m[1]) tables.add(m[1]);
      else if (m[2]) tables.delete(m[2]);
      else if (m[3] && m[4]) {
        tables.delete(m[3]);
        tables.add(m[4]);
      }
    }
  }
  return tables;
}

const FATES = ['removed', 'anonymised', 'kept by law', "not a shopper's"] as const;

function documented(): Map<string, { fate: string; why: string }> {
  const doc = readFileSync(new URL('../../docs/data-fates.md', import.meta.url), 'utf8');
  const rows = new Map<string, { fate: string; why: string }>();
  // Rows as Biome formats Markdown tables: cells padded to the column's width.
  for (const m of doc.matchAll(/^\| `(\w+)`\s*\|[^|]*\|\s*([^|]+?)\s*\|([^|]*)\|$/gm)) {
    expect(rows.has(m[1]!), `${m[1]} is listed twice`).toBe(false);
    rows.set(m[1]!, { fate: m[2]!, why: m[3]!.trim() });
  }
  return rows;
}

describe('data fates on erasure', () => {
  const tables = schemaTables();
  const rows = documented();

  it('names every table of the schema, and no table that is not in it', () => {
    expect(tables.size).toBeGreaterThan(100);
    expect([...tables].filter((t) => !rows.has(t)).sort(), 'tables without a fate in docs/data-fates.md').toEqual([]);
    expect([...rows.keys()].filter((t) => !tables.has(t)).sort(), 'rows for tables the schema no longer has').toEqual(
      [],
    );
  });

  it('gives each one of the known fates, and says why the law keeps a record', () => {
    for (const [table, { fate, why }] of rows) {
      expect(FATES, table).toContain(fate);
      if (fate === 'kept by law') expect(why.length, `${table}: why is it kept?`).toBeGreaterThan(10);
    }
  });

  it('marks every health table, none of them left as it was', () => {
    for (const table of HEALTH_TABLES) {
      expect(rows.get(table)?.why, table).toMatch(/\*\*health\*\*/);
      expect(rows.get(table)?.fate, table).not.toBe("not a shopper's");
    }
  });
});
