// The suite's Vitest order: the files that take tens of seconds start first. Vitest orders a run
// without a cache of earlier times (a clean clone, CI) by file size, which put the database round trips
// and the deploy's stand-in runs (wrangler started again and again) last, alone on a core after the e2e
// stories beside them had ended.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Measured 18–60 s each on two cores (docs/architecture/tests.md); the rest take a few seconds at most. */
export const SLOW_FILES = [
  'tests/database/backup-and-restore.test.ts',
  'tests/database/order-shards-script.test.ts',
  'scripts/deploy.test.ts',
  'tests/integration/storefront/shell-first.test.ts',
  'tests/integration/storefront/hostile-requests.test.ts',
  'tests/integration/api/staff-auth.test.ts',
];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FILES.findIndex((p) => f.moduleId.endsWith(p));
      return i < 0 ? SLOW_FILES.length : i;
    };
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}
