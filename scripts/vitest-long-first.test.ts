import { existsSync, readFileSync } from 'node:fs';
import type { TestSpecification } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { LONG_FILES, LongFirstSequencer, longFirst, PROJECT_ORDER } from './vitest-long-first';

/** A test file of a project, as Vitest hands it to the sequencer (a clean clone: no durations cached). */
const spec = (project: string, path: string) =>
  ({
    moduleId: `${process.cwd()}/${path}`,
    project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: false } },
  }) as unknown as TestSpecification;

const noCache = { cache: { getTestSpecificationResult: () => undefined } };

describe('the order of the test files', () => {
  it('names files that exist, so a renamed one does not silently fall back to the end', () => {
    for (const file of LONG_FILES) expect(existsSync(file), file).toBe(true);
  });

  it('names every project vitest.config.ts declares, so none silently runs last', () => {
    const declared = [...readFileSync('vitest.config.ts', 'utf8').matchAll(/^ {10}name: '([\w-]+)',$/gm)].map(
      (m) => m[1],
    );
    expect([...declared].sort()).toEqual([...PROJECT_ORDER].sort());
  });

  it('ranks the listed files in their order, before every other file', () => {
    expect(longFirst('/repo/tests/integration/api/staff-auth.test.ts')).toBe(0);
    expect(longFirst('/repo/tests/database/backup-and-restore.test.ts')).toBe(1);
    expect(longFirst('/repo/shared/money.test.ts')).toBe(LONG_FILES.length);
    // A path that merely ends like one does not count.
    expect(longFirst('/repo/tests/xstaff-auth.test.ts')).toBe(LONG_FILES.length);
  });

  it('runs the unit project first, then the country fixture, keeps each project together, and starts each with its long files', async () => {
    const files = [
      spec('api-country-fixture', 'tests/integration/api/country-fixture/qatar.test.ts'),
      spec('storefront', 'tests/integration/storefront/pages.test.ts'),
      spec('api', 'tests/integration/api/orders.test.ts'),
      spec('storefront', 'tests/integration/storefront/hostile-requests.test.ts'),
      spec('unit', 'shared/money.test.ts'),
      spec('api', 'tests/integration/api/staff-auth.test.ts'),
      spec('unit', 'tests/database/backup-and-restore.test.ts'),
    ];
    const sorted = await new LongFirstSequencer(noCache as never).sort(files);
    expect(sorted.map((s) => `${s.project.name} ${s.moduleId.split('/').pop()}`)).toEqual([
      'unit backup-and-restore.test.ts',
      'unit money.test.ts',
      'api-country-fixture qatar.test.ts',
      'api staff-auth.test.ts',
      'api orders.test.ts',
      'storefront hostile-requests.test.ts',
      'storefront pages.test.ts',
    ]);
  });
});
