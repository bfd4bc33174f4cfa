// `npm run db:migrate` applies a local database's missing migrations in its own process
// (scripts/d1-local.mjs, applyLocalMigrations) where wrangler started a runtime per file. What an
// operator relies on stays as wrangler does it: each file whole or not at all with its row in
// d1_migrations, in name order, and a file that fails stops the ones after it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyLocalMigrations, withLocalD1 } from '../../scripts/d1-local.mjs';

const root = mkdtempSync(join(tmpdir(), 'shop-migrations-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function migrations(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, sql] of Object.entries(files)) writeFileSync(join(dir, file), sql);
  return dir;
}

const rows = (persistTo: string, sql: string) => withLocalD1(persistTo, (d1) => d1.query(sql));

describe('applying local migrations', () => {
  it('applies only what is not recorded, in name order, and a failed file stops the rest and keeps nothing of itself', async () => {
    const state = join(root, 'state');
    const first = migrations('first', {
      '0002_notes.sql': 'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);',
      '0001_people.sql':
        "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT);\nINSERT INTO people (name) VALUES ('Noura');",
    });
    expect(await applyLocalMigrations(state, { dir: first })).toEqual(['0001_people.sql', '0002_notes.sql']);

    const later = migrations('later', {
      '0001_people.sql': 'this file is recorded already and is not read again',
      '0002_notes.sql': 'nor is this one',
      '0003_tags.sql': 'CREATE TABLE tags (id INTEGER PRIMARY KEY);',
      // Its first statement would work alone: the file fails whole.
      '0004_broken.sql': "INSERT INTO notes (body) VALUES ('kept?');\nINSERT INTO no_such_table VALUES (1);",
      '0005_after.sql': 'CREATE TABLE after_the_failure (id INTEGER PRIMARY KEY);',
    });
    await expect(applyLocalMigrations(state, { dir: later })).rejects.toThrow(/^0004_broken\.sql: .*no_such_table/);

    const applied = await rows(state, 'SELECT name FROM d1_migrations ORDER BY id');
    expect(applied.map((r) => r.name)).toEqual(['0001_people.sql', '0002_notes.sql', '0003_tags.sql']);
    expect(await rows(state, 'SELECT count(*) AS n FROM notes')).toEqual([{ n: 0 }]);
    expect(await rows(state, "SELECT name FROM sqlite_master WHERE name IN ('tags', 'after_the_failure')")).toEqual([
      { name: 'tags' },
    ]);
  }, 60_000);

  it('names the bad file of a new database, after applying the ones before it', async () => {
    const state = join(root, 'fresh');
    const dir = migrations('fresh', {
      '0001_people.sql': 'CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT);',
      '0002_broken.sql': 'INSERT INTO no_such_table VALUES (1);',
      '0003_after.sql': 'CREATE TABLE after_the_failure (id INTEGER PRIMARY KEY);',
    });
    await expect(applyLocalMigrations(state, { dir })).rejects.toThrow(/^0002_broken\.sql: .*no_such_table/);
    const applied = await rows(state, 'SELECT name FROM d1_migrations ORDER BY id');
    expect(applied.map((r) => r.name)).toEqual(['0001_people.sql']);
  }, 60_000);
});
