// Migration 0032 holds the biomarker reference generated from shared/blood-tests/biomarker-reference-
// data.ts: an edit to the data that is not regenerated into the migration fails here
// (UPDATE_BIOMARKER_REFERENCE_MIGRATION=1 rewrites the file).
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// Loaded by path, not a static import: the generator belongs to the API's TypeScript project, not this one.
const GENERATOR = '../../api/seed/biomarker-reference.ts';
const MIGRATION = new URL('../../api/migrations/0032_biomarker_reference.sql', import.meta.url);

it('migration 0032 is the generated biomarker reference', async () => {
  const { biomarkerReferenceMigrationSql } = (await import(GENERATOR)) as { biomarkerReferenceMigrationSql(): string };
  const sql = biomarkerReferenceMigrationSql();
  if (process.env.UPDATE_BIOMARKER_REFERENCE_MIGRATION) writeFileSync(MIGRATION, sql);
  expect(readFileSync(MIGRATION, 'utf8')).toBe(sql);
});
