// The order Vitest takes the test files in (decision 36): the unit project first, then each workerd
// project; within a project, the longest files first.
//
// Vitest's own order is alphabetical by project (api, storefront, unit) and, in a clean clone with no
// durations cached, each project's biggest file first. So the unit project's minute-long files that
// drive wrangler (the backup's round trip, the shard script, the deploy script) ran last, after the e2e
// stories had ended: in the profile of a CI run, a core sat half idle for the last minute while they
// finished. Run first, they overlap the stories, and the run ends on short workerd files that keep both
// cores busy.
//
// A project's files stay together: a worker that moves to another workerd project starts a new runtime,
// which compiles and warms the code again (an order that mixed projects made the run minutes longer).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Projects in the order they run. The country fixture's one file comes before the api project's: its
 * runtime's start (the API, storefront and back office compiled from source) then overlaps the e2e
 * stories, where the two cores are busy anyway. After the api project's files it started once the
 * stories had ended, and one core waited half a minute on it (2026-11-29, a clean CI run: the two
 * cores 4 % busy from 590 to 610 s).
 */
export const PROJECT_ORDER = ['unit', 'api-country-fixture', 'api', 'storefront'];

/** Files measured at 20 s or more in a clean CI run (two cores, beside the e2e stories), longest first. */
export const LONG_FILES = [
  'tests/integration/api/staff-auth.test.ts',
  'tests/database/backup-and-restore.test.ts',
  'tests/integration/storefront/hostile-requests.test.ts',
  'tests/integration/api/hostile-sweep.test.ts',
  'tests/integration/api/abuse-limits.test.ts',
  'tests/integration/storefront/shell-first.test.ts',
  'tests/integration/api/order-shards.test.ts',
  'scripts/deploy.test.ts',
  'tests/integration/api/cold-orders.test.ts',
];

export function longFirst(moduleId: string): number {
  const i = LONG_FILES.findIndex((f) => moduleId.endsWith(`/${f}`));
  return i === -1 ? LONG_FILES.length : i;
}

function projectRank(name: string): number {
  const i = PROJECT_ORDER.indexOf(name);
  return i === -1 ? PROJECT_ORDER.length : i;
}

export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // A stable sort: within a project the rest keep Vitest's order (failed first, then by cached
    // duration or by size).
    return sorted.sort(
      (a, b) =>
        projectRank(a.project.name) - projectRank(b.project.name) || longFirst(a.moduleId) - longFirst(b.moduleId),
    );
  }
}
