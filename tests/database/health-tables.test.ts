// Every blood-test, quiz and biomarker table the migrations create says whether the nightly backup
// seals it as health data (shared/backup/format.ts), so a new health table cannot reach a file in the clear.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HEALTH_PREFIXES, HEALTH_TABLES, NOT_HEALTH } from '../../shared/backup/format';

const migrations = new URL('../../api/migrations/', import.meta.url);
const tables = new Set(
  readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .flatMap((f) => [
      ...readFileSync(new URL(f, migrations), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?(\w+)/gi),
    ])
    .map((m) => m[1]!),
);

describe('backup: health tables', () => {
  it('says of every blood-test, quiz and biomarker table whether it is health data', () => {
    const unclassified = [...tables].filter(
      (t) => HEALTH_PREFIXES.some((p) => t.startsWith(p)) && !HEALTH_TABLES.has(t) && !NOT_HEALTH.has(t),
    );
    // Tables rebuilt by a migration (…_new, renamed after) are not tables of their own.
    expect(unclassified.filter((t) => !t.endsWith('_new'))).toEqual([]);
    for (const t of HEALTH_TABLES) expect(tables, t).toContain(t);
  });
});
