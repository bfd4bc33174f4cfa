// Writes api/migrations/0088_countries_are_rows.sql and api/order-shard-migrations/0007_countries_are_rows.sql
// (issue 77, decision 77's amendment "countries are rows"): every table whose CHECK names a country or
// a currency code is rebuilt so that its country refers to countries(code) and its currency to
// countries(currency). The schema is read from a local D1 migrated to the migration before, so the
// rebuilt tables are the shipped ones column for column; the files are what ships, this is how they
// were made. Run once: `node scripts/countries-are-rows.mjs`.
//
// How a table is rebuilt under D1, whose foreign keys are always on (decision 77's amendment):
// 1. PRAGMA defer_foreign_keys = on: references are checked at the end of the migration, not per statement.
// 2. Each table's rows are held in a plain copy (CREATE TABLE … AS SELECT, rowid kept where it is no column).
// 3. The tables are dropped, children before parents. DROP TABLE runs an implicit DELETE: it would fire
//    a child's ON DELETE CASCADE, so every table a rebuilt table cascades into is rebuilt with it (dropped
//    first, nothing left to cascade into); a child that only refers (NO ACTION) is left alone and counts
//    one deferred violation per row that refers to a dropped row.
// 4. The tables are created again under their own names (never `_new` then RENAME: a rename would carry
//    the children's references along to the table being dropped), parents first, and refilled; every row
//    put back into a parent settles the deferred violations of the children that name it, so the count
//    is back at zero by the end, which is what D1 checks.
// 5. AUTOINCREMENT counters (sqlite_sequence, which DROP TABLE forgets) are put back as they were, then
//    the indexes and triggers, word for word, after the rows (a trigger must not fire on the refill).
// Children outside the rebuilt set are searched once per dropped and once per refilled parent row; a
// child column no index leads with gets a temporary index for the migration, so that is a lookup.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { applyLocalMigrations, withLocalD1 } from './d1-local.mjs';

const CODES = /'(KW|SA|KWD|SAR)'/;

/** The CHECK constraints of a CREATE TABLE statement, as written (balanced parentheses). */
function checksOf(sql) {
  const out = [];
  const re = /\bCHECK\s*\(/gi;
  for (let m = re.exec(sql); m; m = re.exec(sql)) {
    let depth = 1;
    let i = m.index + m[0].length;
    let quoted = false;
    for (; i < sql.length && depth > 0; i++) {
      const ch = sql[i];
      if (ch === "'") quoted = !quoted;
      else if (!quoted && ch === '(') depth++;
      else if (!quoted && ch === ')') depth--;
    }
    out.push(sql.slice(m.index, i));
  }
  return out;
}

/** True when a CHECK of the statement names a country or currency code. */
const checksNameCodes = (sql) => checksOf(sql).some((c) => CODES.test(c));

// What each check becomes. A column's check on the two codes is a reference to the countries' row; a
// NULL still passes (a foreign key holds for NULL as the check's `IS NULL OR` did).
const COUNTRY = /CHECK \((\w+) IS NULL OR \1 IN \('KW', 'SA'\)\)|CHECK \((\w+) IN \('KW', 'SA'\)\)/g;
const CURRENCY = /CHECK \((\w+) IS NULL OR \1 IN \('KWD', 'SAR'\)\)|CHECK \((\w+) IN \('KWD', 'SAR'\)\)/g;

/**
 * The table's statement with its country and currency checks turned into references; `references` says
 * whether the database it lives in has a countries table to refer to (an order shard has none: its
 * other references to core rows are not keys either, decision 61).
 */
function rewrite(name, sql, { references }) {
  let out = sql;
  if (name === 'countries') {
    // The registry's own row: a code is two capitals and a currency three, and a currency is one
    // country's (the other tables' currencies refer to it, countryOfCurrency reads it so).
    out = out
      .replace("CHECK (code IN ('KW', 'SA'))", "CHECK (code GLOB '[A-Z][A-Z]')")
      .replace('currency TEXT NOT NULL,', "currency TEXT NOT NULL UNIQUE CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),");
  } else if (name === 'supplier_applications') {
    // A supplier may be anywhere ('other'): a foreign key cannot allow one word besides the keys, so
    // the column is checked by the triggers below.
    out = out.replace(" CHECK (country IN ('KW', 'SA', 'other'))", '');
  } else {
    out = out
      .replace(COUNTRY, references ? 'REFERENCES countries (code)' : '')
      .replace(CURRENCY, references ? 'REFERENCES countries (currency)' : '')
      .replace(/ +,/g, ',')
      .replace(/ +\n/g, '\n')
      .replace(/ +\)$/, ')');
  }
  if (checksNameCodes(out)) throw new Error(`${name}: a check still names a code after the rewrite:\n${out}`);
  return out;
}

const SUPPLIER_TRIGGERS = ['INSERT', 'UPDATE OF country'].map(
  (
    on,
  ) => `CREATE TRIGGER supplier_applications_country_${on.startsWith('INSERT') ? 'insert' : 'update'} BEFORE ${on} ON supplier_applications
  WHEN NEW.country <> 'other' AND NOT EXISTS (SELECT 1 FROM countries WHERE code = NEW.country)
BEGIN
  SELECT RAISE(ABORT, 'supplier_applications_country');
END;`,
);

const q = (name) => `"${name.replaceAll('"', '""')}"`;

/** Orders `names` so that each comes after the tables it refers to (`edges`: child → parents); a cycle keeps its first-seen order. */
function parentsFirst(names, edges) {
  const out = [];
  const state = new Map();
  const visit = (n) => {
    if (state.get(n)) return;
    state.set(n, 'seen');
    for (const p of edges.get(n) ?? []) if (names.includes(p) && p !== n) visit(p);
    out.push(n);
  };
  for (const n of names) visit(n);
  return out;
}

async function readSchema(d1) {
  const objects = await d1.query('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid');
  const tables = objects.filter(
    (o) =>
      o.type === 'table' &&
      o.sql &&
      !o.name.startsWith('sqlite_') &&
      !o.name.startsWith('_cf_') &&
      o.name !== 'd1_migrations' &&
      !/^CREATE VIRTUAL TABLE/i.test(o.sql),
  );
  const info = new Map();
  for (const t of tables) {
    const [fks, cols, idx] = await Promise.all([
      d1.query(`SELECT * FROM pragma_foreign_key_list(${JSON.stringify(t.name).replaceAll('"', "'")})`),
      d1.query(`SELECT * FROM pragma_table_info('${t.name}')`),
      d1.query(`SELECT name FROM pragma_index_list('${t.name}')`),
    ]);
    const leading = [];
    for (const i of idx) {
      const c = await d1.query(`SELECT name FROM pragma_index_info('${i.name}') ORDER BY seqno LIMIT 1`);
      if (c[0]) leading.push(c[0].name);
    }
    info.set(t.name, { sql: t.sql, fks, cols, leading });
  }
  return { objects, tables: tables.map((t) => t.name), info };
}

/** The migration that rebuilds a database's country-checked tables, from its schema. */
function migrationSql(schema, { references, header, hold }) {
  const { objects, tables, info } = schema;
  const HOLD = `_${hold}_`;
  const checked = tables.filter((t) => checksNameCodes(info.get(t).sql));
  // The set rebuilt: the checked tables and, closed over, every table that cascades from one.
  const rebuilt = new Set(checked);
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of tables)
      if (!rebuilt.has(t) && info.get(t).fks.some((f) => rebuilt.has(f.table) && f.on_delete !== 'NO ACTION')) {
        rebuilt.add(t);
        grew = true;
      }
  }
  const order = tables.filter((t) => rebuilt.has(t));
  const newSql = new Map(
    order.map((t) => [t, checked.includes(t) ? rewrite(t, info.get(t).sql, { references }) : info.get(t).sql]),
  );
  const oldEdges = new Map(order.map((t) => [t, info.get(t).fks.map((f) => f.table)]));
  const newEdges = new Map(
    order.map((t) => [
      t,
      [...oldEdges.get(t), ...(newSql.get(t).includes('REFERENCES countries') ? ['countries'] : [])],
    ]),
  );
  const create = parentsFirst(order, newEdges);
  const drop = parentsFirst(order, oldEdges).reverse();

  const columns = (t) => info.get(t).cols.map((c) => q(c.name));
  const withoutRowid = (t) => /\)\s*WITHOUT\s+ROWID\s*$/i.test(info.get(t).sql);
  const rowidAlias = (t) => {
    const pk = info.get(t).cols.filter((c) => c.pk > 0);
    return pk.length === 1 && pk[0].type.toUpperCase() === 'INTEGER';
  };
  const keepsRowid = (t) => !withoutRowid(t) && !rowidAlias(t);
  const autoincrement = order.filter((t) => /AUTOINCREMENT/i.test(info.get(t).sql));

  // Children outside the set, searched by the drops and refills: a temporary index where none leads with the column.
  const lookups = [];
  for (const t of tables) {
    if (rebuilt.has(t)) continue;
    for (const f of info.get(t).fks) {
      if (!rebuilt.has(f.table) || info.get(t).leading.includes(f.from)) continue;
      if (lookups.some((l) => l.table === t && l.column === f.from)) continue;
      lookups.push({ table: t, column: f.from, name: `${HOLD}${t}_${f.from}` });
    }
  }

  const out = [header.trim(), '', 'PRAGMA defer_foreign_keys = on;', ''];
  if (lookups.length) {
    out.push('-- Lookups for the children that stay (dropped at the end).');
    for (const l of lookups) out.push(`CREATE INDEX ${q(l.name)} ON ${q(l.table)} (${q(l.column)});`);
    out.push('');
  }
  out.push('-- The rows, held aside.');
  for (const t of order) {
    const cols = (keepsRowid(t) ? [`rowid AS ${q(`${HOLD}rowid`)}`] : []).concat(columns(t)).join(', ');
    out.push(`CREATE TABLE ${q(HOLD + t)} AS SELECT ${cols} FROM ${q(t)};`);
  }
  if (autoincrement.length)
    out.push(
      `CREATE TABLE ${q(`${HOLD}sequence`)} AS SELECT name, seq FROM sqlite_sequence WHERE name IN (${autoincrement.map((t) => `'${t}'`).join(', ')});`,
    );
  out.push('', '-- Children before parents, so no drop cascades into a table of the set.');
  for (const t of drop) out.push(`DROP TABLE ${q(t)};`);
  out.push('', '-- Parents first, each filled as it is made; then the counters, indexes and triggers as they were.');
  for (const t of create) {
    out.push(`${newSql.get(t)};`);
    const cols = columns(t).join(', ');
    const [into, from] = keepsRowid(t) ? [`rowid, ${cols}`, `${q(`${HOLD}rowid`)}, ${cols}`] : [cols, cols];
    out.push(`INSERT INTO ${q(t)} (${into}) SELECT ${from} FROM ${q(HOLD + t)};`);
    out.push(`DROP TABLE ${q(HOLD + t)};`);
  }
  if (autoincrement.length) {
    out.push(
      `UPDATE sqlite_sequence SET seq = (SELECT s.seq FROM ${q(`${HOLD}sequence`)} s WHERE s.name = sqlite_sequence.name) WHERE name IN (SELECT name FROM ${q(`${HOLD}sequence`)});`,
      `INSERT INTO sqlite_sequence (name, seq) SELECT name, seq FROM ${q(`${HOLD}sequence`)} WHERE name NOT IN (SELECT name FROM sqlite_sequence);`,
      `DROP TABLE ${q(`${HOLD}sequence`)};`,
    );
  }
  out.push('');
  for (const o of objects)
    if ((o.type === 'index' || o.type === 'trigger') && o.sql && rebuilt.has(o.tbl_name)) out.push(`${o.sql};`);
  if (rebuilt.has('supplier_applications') && references) out.push(...SUPPLIER_TRIGGERS);
  if (lookups.length) {
    out.push('');
    for (const l of lookups) out.push(`DROP INDEX ${q(l.name)};`);
  }
  return { sql: `${out.join('\n')}\n`, rebuilt: order, checked };
}

/** A local D1 migrated with the files of `dir` before `before`. */
async function schemaBefore(dir, before) {
  const root = mkdtempSync(join(tmpdir(), 'countries-are-rows-'));
  try {
    const files = join(root, 'migrations');
    mkdirSync(files);
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.sql') && f < before))
      symlinkSync(resolve(dir, f), join(files, f));
    await applyLocalMigrations(join(root, 'state'), { dir: files });
    return await withLocalD1(join(root, 'state'), readSchema);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const CORE_HEADER = `
-- A new country is a row of countries, not a schema change (issue 77, decision 77's amendment "countries
-- are rows"). Every table whose CHECK named the two countries or their currencies is rebuilt with its
-- country referring to countries (code) and its currency to countries (currency), now UNIQUE; its other
-- checks, indexes and triggers as they were. A supplier's country ('other' allowed) is checked by two
-- triggers. The tables that cascade from a rebuilt one (a user's wish lists, pushes, quiz results) are
-- rebuilt with it, so that no drop deletes their rows. Generated by scripts/countries-are-rows.mjs from
-- the schema at 0087; how a rebuild is safe under D1's foreign keys is written there.`;

const SHARD_HEADER = `
-- The twin of api/migrations/0088_countries_are_rows.sql (issue 77): an order shard has no countries
-- table (its other references to core rows are not keys either, decision 61), so its orders' and
-- points' countries lose their two-country check and hold whatever the core database accepted.
-- Generated by scripts/countries-are-rows.mjs from the shard schema at 0006.`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const core = migrationSql(await schemaBefore('api/migrations', '0088'), {
    references: true,
    header: CORE_HEADER,
    hold: '0088',
  });
  writeFileSync('api/migrations/0088_countries_are_rows.sql', core.sql);
  const shard = migrationSql(await schemaBefore('api/order-shard-migrations', '0007'), {
    references: false,
    header: SHARD_HEADER,
    hold: '0007',
  });
  writeFileSync('api/order-shard-migrations/0007_countries_are_rows.sql', shard.sql);
  console.log(
    `core: ${core.checked.length} checked, ${core.rebuilt.length} rebuilt; shard: ${shard.rebuilt.length} rebuilt`,
  );
}
