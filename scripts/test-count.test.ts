// The closing line of `npm test` counts tests, not files. The reports below are real ones, trimmed of
// timings and stack traces: vitest 5.1 and Playwright 1.65 run over three small files each.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countPlaywright, countVitest, summaryLine } from './test-count.mjs';

const report = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/test-count/${name}.json`, import.meta.url), 'utf8'));

describe("npm test's count of tests", () => {
  it('counts one failed test among passing ones once, and a vitest file that does not load as one', () => {
    // a.test.ts: a describe block of three tests, one failing; b.test.ts imports a missing module;
    // c.test.ts: one passing test and one skipped. vitest itself reports 3 failed suites.
    const vitest = report('vitest-one-failed-test-and-a-file-that-does-not-load');
    expect(vitest.numFailedTestSuites).toBe(3);
    expect(countVitest(vitest)).toEqual({ passed: 3, failed: 2 });
  });

  it('counts only the failed test when the rest of its file passes', () => {
    const vitest = report('vitest-one-failed-test-and-a-file-that-does-not-load');
    const onlyTheFailingFile = {
      ...vitest,
      numPassedTests: 2,
      testResults: vitest.testResults.filter((f: { name: string }) => f.name.endsWith('a.test.ts')),
    };
    expect(countVitest(onlyTheFailingFile)).toEqual({ passed: 2, failed: 1 });
  });

  it("counts Playwright's failed tests, not its spec files", () => {
    // a.spec.ts: three tests, one failing; c.spec.ts: one failing (also on its retry), one skipped.
    expect(countPlaywright(report('playwright-one-spec-with-failures'))).toEqual({ passed: 2, failed: 2 });
  });

  it('counts a Playwright spec file that does not load as a failure, though no test ran', () => {
    expect(countPlaywright(report('playwright-a-spec-that-does-not-load'))).toEqual({ passed: 0, failed: 1 });
  });

  it('counts a flaky Playwright test as failed', () => {
    const flaky = { stats: { expected: 5, unexpected: 0, flaky: 1, skipped: 0 }, errors: [] };
    expect(countPlaywright(flaky)).toEqual({ passed: 5, failed: 1 });
  });

  it('ends with the one summary line', () => {
    expect(summaryLine(3, 2)).toBe('tests: 3 passed, 2 failed');
  });
});
