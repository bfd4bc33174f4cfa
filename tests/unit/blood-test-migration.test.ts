// Migration 0020 holds the blood-test catalogue generated from api/seed/data: an edit to the data that
// is not regenerated into the migration fails here (UPDATE_BLOOD_TEST_MIGRATION=1 rewrites the file).
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// Loaded by path, not a static import: the generator belongs to the API's TypeScript project, not this one.
const GENERATOR = '../../api/seed/blood-tests.ts';
const MIGRATION = new URL('../../api/migrations/0020_blood_test_catalogue_data.sql', import.meta.url);

it('migration 0020 is the generated blood-test catalogue', async () => {
  const { bloodTestMigrationSql } = (await import(GENERATOR)) as { bloodTestMigrationSql(): string };
  const sql = bloodTestMigrationSql();
  if (process.env.UPDATE_BLOOD_TEST_MIGRATION) writeFileSync(MIGRATION, sql);
  expect(readFileSync(MIGRATION, 'utf8')).toBe(sql);
});
