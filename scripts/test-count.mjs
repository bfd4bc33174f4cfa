// How `npm test` (scripts/test.mjs) counts tests for its closing line "tests: N passed, N failed": from
// the JSON reports vitest and Playwright write. A failed test counts once. Vitest's numFailedTestSuites
// counts every file and every describe block around a failed test, so adding it turned one failed test
// into three; here a file adds one failure only when it failed with no failed test of its own (it did
// not load, or a hook around its tests threw), since then nothing else counts it.

/**
 * @param {{ numPassedTests: number, numFailedTests: number,
 *   testResults?: { status: string, assertionResults?: { status: string }[] }[] }} report vitest's JSON report
 * @returns {{ passed: number, failed: number }}
 */
export function countVitest(report) {
  let failed = report.numFailedTests;
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed').length;
    if (file.status === 'failed' && failedTests === 0) failed += 1;
  }
  return { passed: report.numPassedTests, failed };
}

/**
 * A flaky test (failed, then passed on a retry) counts as failed, as before. A spec file that fails to
 * load stops Playwright before any test runs: it is in the report's top-level errors, which count one each.
 * @param {{ stats: { expected: number, unexpected: number, flaky: number }, errors?: unknown[] }} report
 *   Playwright's JSON report
 * @returns {{ passed: number, failed: number }}
 */
export function countPlaywright(report) {
  const { expected, unexpected, flaky } = report.stats;
  return { passed: expected, failed: unexpected + flaky + (report.errors?.length ?? 0) };
}

/** The closing line, alone on its line: what scripts and people read for the outcome. */
export function summaryLine(passed, failed) {
  return `tests: ${passed} passed, ${failed} failed`;
}
