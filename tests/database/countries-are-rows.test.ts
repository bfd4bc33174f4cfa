// A new country is a row of countries, not a schema change (issue 77, decision 77's amendment
// "countries are rows"): migration 0088 and the shard's 0007 rebuild every table whose CHECK named the
// two countries or their currencies. Each database is migrated to the file before, given a row in every
// table it can hold (fixtures/shop-at-0087.sql, shard-at-0006.sql, with the children of cascading keys and
// AUTOINCREMENT counters ahead of their rows), and then migrated on: every row and counter must come
// through unchanged, the schema's other objects word for word, no CHECK may name a code afterwards, and
// a country that is a row (Qatar, QAR, here only) is taken where one that is not ('ZZ') is refused.
// One runtime per database, the migrations run as D1 runs a file (one batch each).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withLocalD1 } from '../../scripts/d1-local.mjs';

const root = mkdtempSync(join(tmpdir(), 'shop-countries-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type D1 = Parameters<Parameters<typeof withLocalD1>[1]>[0];
type Row = Record<string, unknown>;
type SchemaObject = { type: string; name: string; tbl_name: string; sql: string };

const CODES = /'(KW|SA|KWD|SAR)'/;

/** The CHECK constraints a statement holds, as written (balanced parentheses, quotes skipped). */
function checksOf(sql: string): string[] {
  const out: string[] = [];
  const re = /\bCHECK\s*\(/gi;
  for (let m = re.exec(sql); m; m = re.exec(sql)) {
    let depth = 1;
    let quoted = false;
    let i = m.index + m[0].length;
    for (; i < sql.length && depth > 0; i++) {
      if (sql[i] === "'") quoted = !quoted;
      else if (!quoted && sql[i] === '(') depth++;
      else if (!quoted && sql[i] === ')') depth--;
    }
    out.push(sql.slice(m.index, i));
  }
  return out;
}

const namingCodes = (schema: SchemaObject[]) =>
  schema.filter((o) => checksOf(o.sql).some((c) => CODES.test(c))).map((o) => o.name);

const files = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();

const schemaOf = (d1: D1): Promise<SchemaObject[]> =>
  d1.query("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE '_cf_%'");

/** Every row of every plain table and the AUTOINCREMENT counters (not the planner's statistics), each table's rows in one order. */
async function rowsOf(d1: D1): Promise<Record<string, string[]>> {
  const tables = (
    (await d1.query(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE 'product_search_%' AND name NOT LIKE 'sqlite_stat%'",
    )) as { name: string }[]
  ).map((t) => t.name);
  // One batch: a round trip per table is most of the cost.
  const results = (await d1.execute(tables.map((t) => `SELECT * FROM "${t}";`).join('\n'))) as { results: Row[] }[];
  return Object.fromEntries(tables.map((t, i) => [t, results[i]!.results.map((r) => JSON.stringify(r)).sort()]));
}

/**
 * Migrates a new database with the files of `dir` before `first`, fills it from `fixture`, then applies
 * the rest one file at a time; `work` gets the rows and schema before and after `first` and the database.
 */
async function migrated<T>(
  name: string,
  dir: string,
  first: string,
  fixture: string,
  work: (d1: D1, before: { rows: Record<string, string[]>; schema: SchemaObject[] }) => Promise<T>,
): Promise<T> {
  // A loaded machine's runtime can drop a long call and not come back ("other side closed", seen on CI
  // beside the e2e stories, as scripts/db.mjs's migrateLocal meets it): a new runtime on a new database
  // starts again, up to three times.
  for (let attempt = 1; ; attempt++) {
    try {
      return await migratedOnce(`${name}-${attempt}`, dir, first, fixture, work);
    } catch (error) {
      if (attempt >= 3 || !/other side closed/.test(String(error))) throw error;
      rmSync(join(root, `${name}-${attempt}`), { recursive: true, force: true });
    }
  }
}

async function migratedOnce<T>(
  name: string,
  dir: string,
  first: string,
  fixture: string,
  work: (d1: D1, before: { rows: Record<string, string[]>; schema: SchemaObject[] }) => Promise<T>,
): Promise<T> {
  return withLocalD1(join(root, name), async (d1) => {
    const earlier = files(dir)
      .filter((f) => f < first)
      .map((f) => readFileSync(join(dir, f), 'utf8'));
    // All in one batch, as scripts/d1-local.mjs migrates a new database; a loaded machine's runtime may
    // drop that long call ("other side closed"), and the batch then left nothing: one file at a time.
    await d1.execute(earlier.join('\n')).catch(async () => {
      for (const sql of earlier) await d1.execute(sql);
    });
    await d1.execute(`PRAGMA defer_foreign_keys = on;\n${readFileSync(fixture, 'utf8')}`);
    const before = { rows: await rowsOf(d1), schema: await schemaOf(d1) };
    await d1.execute(readFileSync(join(dir, first), 'utf8'));
    return work(d1, before);
  });
}

/** SQLite's answer to one statement: 'ok' (a row written), 'no row', or the reason it refused. */
async function attempt(d1: D1, sql: string): Promise<string> {
  try {
    return (await d1.query(`${sql} RETURNING 1`)).length > 0 ? 'ok' : 'no row';
  } catch (error) {
    return /FOREIGN KEY|supplier_applications_country/.exec(String(error))?.[0] ?? String(error);
  }
}

/** A WHERE clause that finds one row of each table: by its rowid, or by its primary key when it has none. */
async function oneRowOf(d1: D1, tables: string[]): Promise<Record<string, string>> {
  const keys = (
    (await d1.execute(
      tables
        .map(
          (t) =>
            `SELECT '${t}' AS tbl, p.name, m.sql LIKE '%WITHOUT ROWID' AS without FROM sqlite_master m, pragma_table_info('${t}') p WHERE m.name = '${t}' AND p.pk > 0 ORDER BY p.pk;`,
        )
        .join('\n'),
    )) as { results: { tbl: string; name: string; without: number }[] }[]
  ).map((r, i) => ({
    table: tables[i]!,
    pk: r.results.map((c) => `"${c.name}"`).join(', '),
    without: r.results[0]?.without === 1,
  }));
  return Object.fromEntries(
    keys.map(({ table, pk, without }) => [
      table,
      without ? `(${pk}) IN (SELECT ${pk} FROM "${table}" LIMIT 1)` : `rowid = (SELECT min(rowid) FROM "${table}")`,
    ]),
  );
}

function expectSameRows(before: Record<string, string[]>, after: Record<string, string[]>) {
  expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
  for (const [table, rows] of Object.entries(before)) expect(after[table], table).toEqual(rows);
}

function expectSameObjects(before: SchemaObject[], after: SchemaObject[], rebuilt: string[], added: string[]) {
  const key = (o: SchemaObject) => `${o.type} ${o.name}`;
  const kept = (list: SchemaObject[]) =>
    list
      .filter((o) => !(o.type === 'table' && rebuilt.includes(o.name)))
      .map((o) => `${key(o)}: ${o.sql}`)
      .sort();
  expect(kept(after).filter((o) => !added.some((a) => o.startsWith(`${a}:`)))).toEqual(kept(before));
  for (const name of rebuilt)
    expect(
      after.some((o) => o.type === 'table' && o.name === name),
      name,
    ).toBe(true);
}

describe('countries are rows', () => {
  it('core 0088 keeps every row, counter and index, leaves no check naming a code, and takes a country that is a row', async () => {
    await migrated(
      'core',
      'api/migrations',
      '0088_countries_are_rows.sql',
      'tests/database/fixtures/shop-at-0087.sql',
      async (d1, before) => {
        const checked = namingCodes(before.schema);
        expect(checked).toHaveLength(40);
        expect(checked).toEqual(expect.arrayContaining(['countries', 'orders', 'addresses', 'saved_carts', 'coupons']));

        expectSameRows(before.rows, await rowsOf(d1));
        for (const table of [
          'wishlist_items',
          'wishlist_follows',
          'push_preferences',
          'coupon_amounts',
          'cart_reminders',
        ])
          expect(before.rows[table]!.length, `${table}, a cascading child, was filled`).toBeGreaterThan(0);
        expectSameObjects(before.schema, await schemaOf(d1), checked, [
          'trigger supplier_applications_country_insert',
          'trigger supplier_applications_country_update',
        ]);

        for (const f of files('api/migrations').filter((f) => f > '0088'))
          await d1.execute(readFileSync(join('api/migrations', f), 'utf8'));
        expect(namingCodes(await schemaOf(d1))).toEqual([]);

        // Tables of later migrations the fixture leaves empty get a row to move (0089's own prices).
        await d1.execute(
          "INSERT INTO sku_country_prices (sku_id, country, price) SELECT id, 'KW', 1 FROM skus LIMIT 1; INSERT INTO product_country_prices (product_id, country, min_price, max_discount) SELECT id, 'KW', 1, 0 FROM products LIMIT 1",
        );
        // Qatar is a row here only (the shipped data serves Kuwait and Saudi Arabia).
        await d1.execute(
          "INSERT INTO countries (code, name_en, name_ar, currency, decimals, exchange_rate_scaled, sort_order) VALUES ('QA', 'Qatar', 'قطر', 'QAR', 2, 120000, 9)",
        );
        const names = (
          (await d1.query(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'sqlite_%' ORDER BY name",
          )) as { name: string }[]
        ).map((t) => t.name);
        const references = (
          (await d1.execute(
            names
              .map(
                (n) =>
                  `SELECT '${n}' AS tbl, "from" AS col, "to" AS key FROM pragma_foreign_key_list('${n}') WHERE "table" = 'countries';`,
              )
              .join('\n'),
          )) as { results: { tbl: string; col: string; key: 'code' | 'currency' }[] }[]
        ).flatMap((r) => r.results);
        expect(new Set(references.map((r) => r.tbl)).size).toBe(40);
        const tables = [...new Set(references.map((r) => r.tbl))];
        expect(tables).toEqual(
          expect.arrayContaining([
            'orders',
            'addresses',
            'saved_carts',
            'cart_reminders',
            'points_accounts',
            'points_ledger',
            'coupons',
            'coupon_amounts',
            'shipments',
            'returns',
            'blood_test_orders',
            'consultations',
            'consultation_credits',
            'subscriptions',
            'users',
            'country_settings',
          ]),
        );
        const answers: Record<string, [string, string]> = {};
        const where = await oneRowOf(d1, tables);
        for (const table of tables) {
          const cols = references.filter((r) => r.tbl === table);
          const set = (code: string, currency: string) =>
            cols.map((c) => `"${c.col}" = '${c.key === 'code' ? code : currency}'`).join(', ');
          if (table === 'points_ledger') {
            // Append-only (no UPDATE): a new row.
            const row = (code: string, key: string) =>
              `INSERT INTO points_ledger (user_id, country, amount, balance_after, kind, expires_at, event_key, created_at) VALUES (900001, '${code}', 5, 5, 'earn_review', 1, '${key}', 1)`;
            answers[table] = [await attempt(d1, row('QA', 'review:qa')), await attempt(d1, row('ZZ', 'review:zz'))];
            continue;
          }
          if (table === 'delivery_rules') {
            // The country's own row, which its delivery speeds name: a copy of another country's.
            const cols = ((await d1.query("SELECT name FROM pragma_table_info('delivery_rules')")) as Row[]).map((c) =>
              String(c.name),
            );
            const copy = (code: string) =>
              `INSERT INTO delivery_rules (${cols.join(', ')}) SELECT ${cols.map((c) => (c === 'country' ? `'${code}'` : c)).join(', ')} FROM delivery_rules LIMIT 1`;
            answers[table] = [await attempt(d1, copy('QA')), await attempt(d1, copy('ZZ'))];
            continue;
          }
          // One row moves to the country; a second try moves it to a country that is no row.
          answers[table] = [
            await attempt(d1, `UPDATE "${table}" SET ${set('QA', 'QAR')} WHERE ${where[table]}`),
            await attempt(
              d1,
              `UPDATE "${table}" SET ${set('ZZ', 'ZZZ')} WHERE ${set('QA', 'QAR').replaceAll(', ', ' AND ')}`,
            ),
          ];
        }
        expect(answers).toEqual(Object.fromEntries(tables.map((t) => [t, ['ok', 'FOREIGN KEY']])));
        expect([
          await attempt(d1, "UPDATE supplier_applications SET country = 'QA'"),
          await attempt(d1, "UPDATE supplier_applications SET country = 'other'"),
          await attempt(d1, "UPDATE supplier_applications SET country = 'ZZ'"),
        ]).toEqual(['ok', 'ok', 'supplier_applications_country']);
      },
    );
  }, 120_000);

  it('shard 0007 keeps every row and counter, and no check names a code', async () => {
    const dir = 'api/order-shard-migrations';
    await migrated(
      'shard',
      dir,
      '0007_countries_are_rows.sql',
      'tests/database/fixtures/shard-at-0006.sql',
      async (d1, before) => {
        const checked = namingCodes(before.schema);
        expect(checked.sort()).toEqual(['orders', 'points_accounts', 'points_ledger']);
        expectSameRows(before.rows, await rowsOf(d1));
        expectSameObjects(before.schema, await schemaOf(d1), checked, []);
        for (const f of files(dir).filter((f) => f > '0007')) await d1.execute(readFileSync(join(dir, f), 'utf8'));
        expect(namingCodes(await schemaOf(d1))).toEqual([]);
        // A shard holds whatever country its core database took (it has no countries table of its own).
        expect(await attempt(d1, "UPDATE orders SET country = 'QA', currency = 'QAR'")).toBe('ok');
      },
    );
  }, 60_000);
});
