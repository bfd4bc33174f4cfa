// npm test: the whole suite, in phases (decision 36). Guard rails (lint, format, import boundaries, env
// types written from the wrangler files); the typecheck beside the build (the storefront integration
// tests and e2e run the built workers) and the deploy's dry run for production and staging (decision
// 47); unit and integration tests (Node, workerd) in one Vitest run, and the e2e stories in Chromium
// beside it. From the start, the e2e server's database and images are prepared beside the rest. Ends with a table of each
// phase's time, a table of each level's wall time and CPU-seconds against its budget (decision 74,
// scripts/test-budgets.mjs) with one line naming the levels over budget, and, last, one line
// "tests: N passed, N failed". The budget is 10 minutes on two cores, `npm ci` included.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { markedEnv, startSampler } from './cpu-by-process.mjs';
import { checkDeployConfigs } from './deploy-check.mjs';
import { ensureDevVars } from './dev-vars.mjs';
import { LEVELS, TOTAL } from './test-budgets.mjs';
import { countPlaywright, countVitest, summaryLine } from './test-count.mjs';
import { budgetReport, levelFigures, shareByTime, vitestItems } from './test-levels.mjs';

// Node's compile cache (V8 code on disk, Node ≥ 22.1) for every Node the suite starts: wrangler, the
// operator scripts and the build load megabytes of JavaScript each time, about 60 times a run, and
// the cache takes a fifth off each start after the first (1.9 to 1.5 CPU-seconds for a wrangler run).
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CI: process.env.CI ?? 'true',
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? resolve('.cache/node-compile'),
};
const results = 'test-results';
// A dedicated database and port, so a running `npm start` is left alone.
// Two spec files at a time (decision 36's amendment), beside the Vitest run.
const e2eEnv = {
  E2E_PORT: process.env.E2E_PORT ?? '8791',
  WRANGLER_STATE: '.wrangler/e2e-state',
  E2E_WORKERS: process.env.E2E_WORKERS ?? '2',
};
mkdirSync(results, { recursive: true });

const phases = [];
const started = Date.now();
const seconds = (ms) => (ms / 1000).toFixed(1);

// Each level's processes carry a mark of their own, so one sampler counts the CPU of each, whatever
// runs beside it (scripts/cpu-by-process.mjs); the Vitest run's is shared among its three projects
// afterwards (scripts/test-levels.mjs).
const marks = { checks: randomUUID(), vitest: randomUUID(), 'e2e-state': randomUUID(), e2e: randomUUID() };
// The runner's only children short enough to end unseen between two samples are the checks' (a guard
// rail, one of the deploy check's wrangler runs): what such a child spent is the checks'.
const sampler = startSampler(Object.values(marks), { runnerMark: marks.checks });
// Its first sample taken before the first level starts (the checks' mark owns what ends unseen anyway).
await sampler.ready;
/** When the last of the checks (guard rails, typecheck, build, deploy dry run) ended. */
let checksEnd = started;

function run(label, command, args, extraEnv = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const t = Date.now();
  const r = spawnSync(command, args, { stdio: 'inherit', env: markedEnv({ ...env, ...extraEnv }, marks.checks) });
  const status = r.status ?? 1;
  phases.push({ label, ms: Date.now() - t, ok: status === 0 });
  checksEnd = Date.now();
  return status;
}

/**
 * Runs in the background; the promise settles with its exit status and time. Its output goes to a
 * file, not a pipe: the phases beside it run with spawnSync, which holds this process's event loop, so
 * a pipe would fill (the e2e state prints ~800 kB) and stall the child until the phase ended.
 * The time is the file's last write (timeFromLog), as the loop may see the exit only when a phase ends.
 */
function background(label, mark, command, args, extraEnv = {}, { timeFromLog = true } = {}) {
  const t = Date.now();
  const log = `${results}/${label.replace(/[^a-z0-9]+/gi, '-')}.log`;
  const fd = openSync(log, 'w');
  const child = spawn(command, args, { stdio: ['ignore', fd, fd], env: markedEnv({ ...env, ...extraEnv }, mark) });
  closeSync(fd);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const end = timeFromLog ? Math.min(Date.now(), statSync(log).mtimeMs) : Date.now();
      resolve({
        label,
        ms: end - t,
        end,
        ok: code === 0,
        log,
        output: readFileSync(log, 'utf8').slice(-20_000),
      });
    }),
  );
}

/** Runs with the terminal's output, without holding the event loop (the jobs beside it go on). */
function inherited(label, mark, command, args, extraEnv = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const t = Date.now();
  const child = spawn(command, args, { stdio: 'inherit', env: markedEnv({ ...env, ...extraEnv }, mark) });
  return new Promise((resolve) => child.on('close', (code) => resolve({ label, ms: Date.now() - t, ok: code === 0 })));
}

ensureDevVars();
// The e2e server's database, catalogue and images (mostly image rendering), made on the side from the
// start: migrating, seeding and rendering read the sources and api/wrangler.toml, not the build, and
// they are the run's longest path (about four minutes), so they overlap the checks, the build, the
// unit and the integration tests, and the e2e phase starts at once.
const e2eState = background(
  'e2e server state (beside everything before the e2e)',
  marks['e2e-state'],
  'node',
  ['scripts/serve-built.mjs', '--prepare'],
  e2eEnv,
);
let failedSteps = 0;
// Guard rails first (decision 22): each fails the run, none stops the tests that follow.
if (run('lint and format', 'biome', ['ci', '--reporter=summary', '.']) !== 0) failedSteps++;
if (run('import boundaries', 'node', ['scripts/check-boundaries.mjs']) !== 0) failedSteps++;
// Dead code (knip.jsonc): files, exports and dependencies nothing reaches from the real entries. About
// 13 CPU-seconds from a clean clone (parsing 1,700 files), 2 with its cache of unchanged files.
if (run('dead code', 'knip', ['--no-progress', '--cache', '--cache-location', '.cache/knip']) !== 0) failedSteps++;
// The workers' env.d.ts are not committed (decision 54): written from the wrangler files here, so the
// type check that follows proves the code against the bindings the wrangler files declare today.
if (run('env types from the wrangler files', 'npm', ['run', '--silent', 'types']) !== 0) failedSteps++;
// tsc checks beside the build and the deploy's dry run, which need no type output. One thread: the
// native compiler's checkers and builders in parallel spent 62 CPU-seconds for a 32 s check on two idle
// cores, one thread 33 for 29 s, and beside the other phases every CPU-second is theirs.
const typecheck = background(
  'typecheck (beside the build and the deploy dry run)',
  marks.checks,
  'tsc',
  ['-b', '--singleThreaded'],
  {},
  {
    timeFromLog: false,
  },
);
if (run('build', 'vite', ['build', '--logLevel', 'warn']) !== 0) {
  console.log(summaryLine(0, 1));
  process.exit(1);
}
rmSync(`${results}/vitest.json`, { force: true });
rmSync(`${results}/e2e.json`, { force: true });
// From here everything overlaps on the two cores: the deploy's dry run, the typecheck still running,
// the Vitest run, and the e2e stories as soon as their shop is prepared. Each alone leaves a core idle
// part of the time (a story waits on its pages, a workerd file on its runtime, tsc is one thread).

// The deploy's configuration (decision 47): every worker built for production and staging beside dist/,
// each built file checked as `npm run deploy` checks it and dry-run by wrangler, offline.
const deployCheck = (async () => {
  const t = Date.now();
  const check = await checkDeployConfigs(markedEnv(env, marks.checks));
  const end = Date.now();
  return { label: 'deploy dry run (production, staging)', ms: end - t, end, ok: check.ok, output: check.output };
})();
// The e2e stories once their shop's state is ready and the deploy check has built: each of its builds
// points wrangler's redirect (.wrangler/deploy/config.json) at its own output until it ends, and a
// server started meanwhile (vite preview reads the redirect) served a production build, whose
// configuration check refused every page. Their output is printed when they end.
const e2eRun = Promise.all([e2eState, deployCheck]).then(([prepared]) => {
  phases.push(prepared);
  if (!prepared.ok) console.log(`\n✖ preparing the e2e server's state failed:\n${prepared.output}`);
  return background(
    'e2e (Chromium, beside the unit and integration tests)',
    marks.e2e,
    'playwright',
    ['test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
    { ...e2eEnv, E2E_STATE_READY: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: `${process.cwd()}/${results}/e2e.json` },
  );
});
// Unit and integration tests in one run: its two workers (vitest.config.ts) take files of both kinds,
// so the unit tests that wait on wrangler and the workerd files share the two cores.
const vitestRun = inherited('unit and integration tests (Node, workerd)', marks.vitest, 'vitest', [
  'run',
  '--project',
  'unit',
  '--project',
  'api',
  '--project',
  'api-country-fixture',
  '--project',
  'storefront',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}/vitest.json`,
]);
const [checked, deployed, tested, e2eDone] = await Promise.all([typecheck, deployCheck, vitestRun, e2eRun]);
for (const [step, failure] of [
  [checked, 'typecheck'],
  [deployed, "the deploy's configuration is broken"],
]) {
  phases.push(step);
  checksEnd = Math.max(checksEnd, step.end ?? 0);
  if (!step.ok) {
    console.log(`\n✖ ${failure}:\n${step.output}`);
    failedSteps++;
  }
}
phases.push(tested, e2eDone);
console.log(`\n▶ ${e2eDone.label}: playwright test\n${readFileSync(e2eDone.log, 'utf8')}`);
const vitest = tested.ok ? 0 : 1;
const e2e = e2eDone.ok ? 0 : 1;

let passed = 0;
let failed = failedSteps;
// Tests, not files (scripts/test-count.mjs); a report that is missing counts as one failure.
const reports = [
  ['vitest.json', countVitest],
  ['e2e.json', countPlaywright],
];
for (const [file, count] of reports) {
  if (existsSync(`${results}/${file}`)) {
    const c = count(JSON.parse(readFileSync(`${results}/${file}`, 'utf8')));
    passed += c.passed;
    failed += c.failed;
  } else failed += 1;
}
if (vitest !== 0 || e2e !== 0) failed = Math.max(failed, 1);

const total = Date.now() - started;
console.log('\nphase                                              seconds');
for (const p of phases) console.log(`${p.ok ? ' ' : '✖'} ${p.label.padEnd(48)} ${seconds(p.ms).padStart(7)}`);
console.log(`  ${'total'.padEnd(48)} ${seconds(total).padStart(7)}`);
await reportLevels(total, e2eDone);
console.log(`\n${summaryLine(passed, failed)}`);
process.exit(failed === 0 ? 0 : 1);

/**
 * Each level's wall time and CPU-seconds against its budget (decision 74), and the figures behind
 * them in test-results/levels.json for the per-file map (scripts/test-cost-map.mjs). Checks: from the
 * run's start to the end of the last of them. The Vitest projects: each one's span and share of the
 * Vitest run's CPU (scripts/test-levels.mjs says how). The e2e state and stories: their own.
 */
async function reportLevels(totalMs, stories) {
  /** @type {Record<string, { cpu: number, series: [number, number][] }>} */
  let cpu = {};
  try {
    cpu = await sampler.stop();
  } catch (error) {
    console.log(`\nThe CPU per level was not measured: ${error}`);
  }
  const of = (level) => cpu[marks[level]];
  const prepared = phases.find((p) => p.label.startsWith('e2e server state'));
  /** @type {Record<string, { wall?: number, cpu?: number }>} */
  const figures = {
    checks: { wall: (checksEnd - started) / 1000, cpu: of('checks')?.cpu },
    'e2e-state': { wall: prepared ? prepared.ms / 1000 : undefined, cpu: of('e2e-state')?.cpu },
    e2e: { wall: stories.ms / 1000, cpu: of('e2e')?.cpu },
  };
  if (existsSync(`${results}/vitest.json`)) {
    const items = vitestItems(JSON.parse(readFileSync(`${results}/vitest.json`, 'utf8')), process.cwd());
    const share = of('vitest') ? shareByTime(of('vitest').series, items) : undefined;
    Object.assign(figures, levelFigures(items, share));
  }
  const measured = Object.values(cpu);
  figures.total = {
    wall: totalMs / 1000,
    cpu: measured.length > 0 ? measured.reduce((n, m) => n + m.cpu, 0) : undefined,
  };
  writeFileSync(
    `${results}/levels.json`,
    JSON.stringify({ figures, series: { vitest: of('vitest')?.series ?? [], e2e: of('e2e')?.series ?? [] } }),
  );
  console.log(`\n${budgetReport(figures, LEVELS, TOTAL).join('\n')}`);
}
