// npm test: the whole suite. Lint, format, import boundaries and env types, typecheck, build (the storefront integration tests and e2e run the
// built workers), unit and integration tests in Vitest, then e2e in Chromium. Ends with one line
// "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureDevVars } from './dev-vars.mjs';

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: process.env.CI ?? 'true' };
const results = 'test-results';
mkdirSync(results, { recursive: true });

function run(label, command, args, extraEnv = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  return r.status ?? 1;
}

ensureDevVars();
let failedSteps = 0;
// Guard rails first (decision 22): each fails the run, none stops the tests that follow.
if (run('lint and format', 'biome', ['ci', '--reporter=summary', '.']) !== 0) failedSteps++;
if (run('import boundaries', 'node', ['scripts/check-boundaries.mjs']) !== 0) failedSteps++;
if (run('generated env types', 'npm', ['run', '--silent', 'types:check']) !== 0) failedSteps++;
if (run('typecheck', 'tsc', ['-b']) !== 0) failedSteps++;
if (run('build', 'vite', ['build', '--logLevel', 'warn']) !== 0) {
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

rmSync(`${results}/vitest.json`, { force: true });
rmSync(`${results}/e2e.json`, { force: true });
const vitest = run('unit and integration', 'vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}/vitest.json`,
]);
const e2e = run('e2e', 'playwright', ['test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: `${process.cwd()}/${results}/e2e.json`,
  // A dedicated database and port, so a running `npm start` is left alone.
  E2E_PORT: process.env.E2E_PORT ?? '8791',
});

let passed = 0;
let failed = failedSteps;
if (existsSync(`${results}/vitest.json`)) {
  const v = JSON.parse(readFileSync(`${results}/vitest.json`, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests + (v.numFailedTestSuites ?? 0);
} else failed += 1;
if (existsSync(`${results}/e2e.json`)) {
  const stats = JSON.parse(readFileSync(`${results}/e2e.json`, 'utf8')).stats;
  passed += stats.expected;
  failed += stats.unexpected + stats.flaky;
} else failed += 1;
if (vitest !== 0 || e2e !== 0) failed = Math.max(failed, 1);

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
