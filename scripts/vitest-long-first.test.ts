import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LONG_FILES, longFirst, PROJECT_ORDER, projectRank } from './vitest-long-first';

describe('the order of the test files', () => {
  it('names files that exist, so a renamed one does not silently fall back to the end', () => {
    for (const file of LONG_FILES) expect(existsSync(file), file).toBe(true);
  });

  it('ranks the listed files in their order, before every other file', () => {
    expect(longFirst('/repo/tests/integration/api/staff-auth.test.ts')).toBe(0);
    expect(longFirst('/repo/tests/database/backup-and-restore.test.ts')).toBe(1);
    expect(longFirst('/repo/shared/money.test.ts')).toBe(LONG_FILES.length);
    // A path that merely ends like one does not count.
    expect(longFirst('/repo/tests/xstaff-auth.test.ts')).toBe(LONG_FILES.length);
  });

  it('runs the unit project first and keeps each project together', () => {
    expect(PROJECT_ORDER.map(projectRank)).toEqual([0, 1, 2]);
    expect(projectRank('unit')).toBeLessThan(projectRank('api'));
    expect(projectRank('another')).toBe(PROJECT_ORDER.length);
  });
});
