// npm run deploy [-- --env staging] [--dry-run]: checks, then builds and deploys the three workers
// (decision 47). A deploy refuses before anything is built or changed: a value still a placeholder
// (scripts/placeholders.mjs) or a required secret not set on its worker. Then the typecheck, the build
// for the environment, the D1 migrations on the remote database, and the workers: API, back office,
// storefront.
// With --dry-run it does everything that needs no Cloudflare credentials, whatever it finds on the way:
// the placeholder check, the secrets where wrangler can list them (else each is "not checked", with the
// command that sets it), the typecheck, the build and wrangler's own `deploy --dry-run` of each built
// worker; then one summary. No migration, nothing uploaded.
// WRANGLER, VITE and TSC name the commands to run (tests put a recording stand-in there); by default the
// project's own.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { placeholdersIn } from './placeholders.mjs';

export const ENVIRONMENTS = ['production', 'staging'];

/**
 * The workers in the order they are deployed. Migrations first: the old API keeps working on the new
 * schema (migrations are forward-only, decision 46, and what deployed code reads is dropped only in a
 * later release), and the new API needs it. Then the API, which answers the
 * old callers and the new. Only then its callers, which may ask for what only the new API answers: the
 * back office first (staff see a release before shoppers do), the storefront last. The other order would
 * leave a new storefront calling an old API until the API's deploy ended, or for good if it failed.
 */
export const WORKERS = [
  { worker: 'api', config: 'api/wrangler.toml', built: 'dist/shop_api/wrangler.json' },
  { worker: 'staff', config: 'staff/wrangler.toml', built: 'dist/shop_staff/wrangler.json' },
  { worker: 'storefront', config: 'wrangler.toml', built: 'dist/storefront/wrangler.json' },
];

/** @param {string[]} argv */
export function parseArgs(argv) {
  let env = 'production';
  let dryRun = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--env' || arg === '-e') env = argv[++i] ?? '';
    else if (arg?.startsWith('--env=')) env = arg.slice('--env='.length);
    else if (arg === '--dry-run') dryRun = true;
    else throw new Error(`unknown argument ${arg}: npm run deploy [-- --env ${ENVIRONMENTS.join('|')}] [--dry-run]`);
  }
  if (!ENVIRONMENTS.includes(env)) throw new Error(`unknown environment "${env}": one of ${ENVIRONMENTS.join(', ')}`);
  return { env, dryRun };
}

/** The project's own bin directory, where `npm install` puts the pinned Node (the `node` devDependency). */
export const PROJECT_BIN = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));

/**
 * The environment the tools run in: the project's bin directory first on PATH, as `npm run` puts it, so
 * wrangler (a `#!/usr/bin/env node` script) runs on the pinned Node 22 even when this script was started
 * outside npm on an older system Node.
 * @param {NodeJS.ProcessEnv} env
 * @param {string} bin
 */
export function toolEnv(env, bin = PROJECT_BIN) {
  const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  const path = env[key] ?? '';
  if (!existsSync(bin) || path.split(delimiter)[0] === bin) return env;
  return { ...env, [key]: path ? `${bin}${delimiter}${path}` : bin };
}

/**
 * What each worker's file says for the environment: its name, required secrets and placeholders.
 * @param {string} env
 * @param {(file: string, env: string) => any} read the resolved configuration (wrangler's unstable_readConfig)
 */
export function describeWorkers(env, read) {
  return WORKERS.map((w) => {
    const config = read(w.config, env);
    return {
      ...w,
      name: /** @type {string} */ (config.name),
      required: /** @type {string[]} */ (config.secrets?.required ?? []),
      placeholders: placeholdersIn(config),
    };
  });
}

/**
 * The refusals for placeholders, one line each, naming the worker, the environment and the binding.
 * @param {ReturnType<typeof describeWorkers>} workers
 * @param {string} env
 */
export function placeholderRefusals(workers, env) {
  return workers.flatMap((w) =>
    w.placeholders.map(
      (p) => `${w.name} (${w.config}, env ${env}): ${p.binding} is still the placeholder "${p.value}"`,
    ),
  );
}

/** The arguments that list a worker's secrets (names only) as JSON. */
export const secretListArgs = (/** @type {{ config: string }} */ w, /** @type {string} */ env) => [
  'secret',
  'list',
  '--env',
  env,
  '-c',
  w.config,
  '--format',
  'json',
];

/**
 * The refusals for secrets: each required secret not in the worker's list.
 * @param {{ name: string, config: string, required: string[] }} worker
 * @param {string} env
 * @param {string} listed the output of `wrangler secret list --format json`: [{ "name": …, "type": … }]
 */
export function secretRefusals(worker, env, listed) {
  const names = new Set(/** @type {{ name: string }[]} */ (JSON.parse(listed)).map((s) => s.name));
  return worker.required
    .filter((name) => !names.has(name))
    .map(
      (name) =>
        `${worker.name} (${worker.config}, env ${env}): the secret ${name} is not set ` +
        `(npx wrangler secret put ${name} --env ${env} -c ${worker.config})`,
    );
}

/**
 * The reason a wrangler command gave for failing: its "✘ [ERROR]" line, without colours (the last line
 * is only where its log went). A worker that does not exist yet says so here: its first `secret put`
 * creates it (docs/operating/first-deploy.md).
 * @param {string} output
 */
export function wranglerError(output) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a terminal colour code
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  return /\[ERROR\]\s*(.+)/.exec(plain)?.[1]?.trim();
}

/**
 * Why a tool failed, for an operator: wrangler's "[ERROR]" line, else what it wrote to stderr (a Node
 * too old for it says so there, before any "[ERROR]" line), else its exit status. A Node version
 * refusal gets what to do about it.
 * @param {{ stdout?: string | null, stderr?: string | null, status: number | null, error?: Error }} run
 */
export function toolFailure(run) {
  const stderr = (run.stderr ?? '').trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a terminal colour code
  const plainErr = stderr.replace(/\u001b\[[0-9;]*m/g, '');
  const reason =
    wranglerError(`${run.stdout ?? ''}\n${stderr}`) ||
    plainErr
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .slice(0, 3)
      .join(' ');
  const status = `exit ${run.status ?? run.error?.message}`;
  if (!reason) return status;
  if (/requires at least Node\.js/i.test(reason))
    return (
      `${reason} (${status}). wrangler needs Node 22 or later; the project's pinned Node is ` +
      'node_modules/.bin/node (installed by npm install): run `npm run deploy`, which puts it first on PATH'
    );
  return `${reason} (${status})`;
}

/**
 * The refusals for a build that is not the environment's. The vite plugin writes the environment it
 * built for into each dist/<worker>/wrangler.json (targetEnvironment); wrangler checks it only when it
 * finds the file through .wrangler/deploy/config.json, which names the storefront alone, and given the
 * file with -c it takes --env as a missing section and deploys the file as built. So the deploy checks.
 * @param {{ name: string, built: string }[]} workers
 * @param {string} env
 * @param {(file: string) => { name?: string, targetEnvironment?: string }} readBuilt
 */
export function buildRefusals(workers, env, readBuilt) {
  return workers.flatMap((w) => {
    let built;
    try {
      built = readBuilt(w.built);
    } catch {
      return [`${w.name}: the build left no ${w.built}`];
    }
    if (built.targetEnvironment === env && built.name === w.name) return [];
    return [
      `${w.name}: ${w.built} was built for env ${built.targetEnvironment ?? '(none)'} as ${built.name}, ` +
        `not for env ${env} as ${w.name}`,
    ];
  });
}

/**
 * The steps after the checks, in order: the typecheck and the build, then (once buildRefusals finds
 * nothing) the changes; for a dry run, wrangler's own dry run of each built worker instead (no
 * migration, nothing uploaded).
 * @param {string} env
 * @param {{ dryRun?: boolean }} [options]
 * @returns {{ label: string, tool: 'npm' | 'vite' | 'wrangler', args: string[], env?: Record<string, string>, quiet?: boolean }[]}
 */
export function plan(env, { dryRun = false } = {}) {
  // `npm run typecheck`: the workers' env.d.ts written from the wrangler files as they are now, then tsc.
  // Quiet: `wrangler types` writes some 300 lines each time; the output is shown when the check fails.
  const typecheck = /** @type {const} */ ({
    label: 'typecheck',
    tool: 'npm',
    args: ['run', '--silent', 'typecheck'],
    quiet: true,
  });
  // The vite plugin builds each worker for the environment CLOUDFLARE_ENV names, into dist/<worker>/.
  const build = /** @type {const} */ ({
    label: `build for ${env}`,
    tool: 'vite',
    args: ['build'],
    env: { CLOUDFLARE_ENV: env },
  });
  if (dryRun)
    return [
      typecheck,
      build,
      ...WORKERS.map((w) => ({
        label: `dry run of deploy ${w.worker} (${env})`,
        tool: /** @type {const} */ ('wrangler'),
        args: ['deploy', '--dry-run', '-c', w.built],
      })),
    ];
  return [
    typecheck,
    build,
    {
      label: `D1 migrations on the ${env} database`,
      tool: 'wrangler',
      args: ['d1', 'migrations', 'apply', 'DB', '--remote', '--env', env, '-c', 'api/wrangler.toml'],
    },
    // No --env: the built file is the environment's already (buildRefusals), and wrangler would only
    // warn that the file has no such section.
    ...WORKERS.map((w) => ({
      label: `deploy ${w.worker} (${env})`,
      tool: /** @type {const} */ ('wrangler'),
      args: ['deploy', '-c', w.built],
    })),
  ];
}

/** What to do about placeholders, after their lines. */
const FILL_IN = 'put the real ids and values in the wrangler files first (docs/operating/first-deploy.md)';

/**
 * Each worker's required secrets against wrangler's list of them: the missing ones, and the workers
 * whose list wrangler could not give (no Cloudflare credentials, no network, a worker not created yet),
 * with wrangler's reason.
 * @param {ReturnType<typeof describeWorkers>} workers
 * @param {string} env
 * @param {(w: ReturnType<typeof describeWorkers>[number]) => import('node:child_process').SpawnSyncReturns<string>} list
 * @param {(line: string) => void} log
 */
function checkSecrets(workers, env, list, log) {
  /** @type {string[]} */
  const missing = [];
  /** @type {{ worker: ReturnType<typeof describeWorkers>[number], reason: string }[]} */
  const unlisted = [];
  for (const w of workers) {
    log(`▶ secrets of ${w.name} (${env})`);
    const listed = list(w);
    if (listed.status !== 0) {
      unlisted.push({ worker: w, reason: toolFailure(listed) });
      continue;
    }
    try {
      missing.push(...secretRefusals(w, env, listed.stdout));
    } catch {
      unlisted.push({ worker: w, reason: 'wrangler secret list did not answer JSON' });
    }
  }
  return { missing, unlisted };
}

/**
 * The secrets a dry run could not check, each with the command that sets it, and how to check them.
 * @param {{ worker: { name: string, config: string, required: string[] }, reason: string }[]} unlisted
 * @param {string} env
 */
function notCheckedLines(unlisted, env) {
  return [
    ...unlisted.flatMap(({ worker: w, reason }) => [
      `${w.name} (${w.config}, env ${env}): its secrets could not be listed: ${reason}`,
      ...w.required.map(
        (name) =>
          `  ${name}: not checked; if it is not set: npx wrangler secret put ${name} --env ${env} -c ${w.config}`,
      ),
    ]),
    'to check them: `npx wrangler login` (or set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID), then run the dry run again',
  ];
}

/**
 * The whole deploy. Returns the exit status.
 * `cwd`, `env` and `stdio` are where and how the tools run (this process's by default): the tests run
 * the deploy in their own process against a copy of the project, with stand-ins for the tools.
 * @param {{ argv: string[], tools: { wrangler: string, vite: string, npm: string }, read: (file: string, env: string) => any, readBuilt?: (file: string) => any, log?: (line: string) => void, error?: (line: string) => void, cwd?: string, env?: NodeJS.ProcessEnv, stdio?: 'inherit' | 'ignore' }} options
 */
export function deploy({
  argv,
  tools,
  read: readConfig,
  cwd = process.cwd(),
  readBuilt = (file) => JSON.parse(readFileSync(resolve(cwd, file), 'utf8')),
  log = console.log,
  error = console.error,
  env: processEnv = process.env,
  stdio = 'inherit',
}) {
  const read = (/** @type {string} */ file, /** @type {string} */ target) => readConfig(resolve(cwd, file), target);
  const fail = (/** @type {string[]} */ lines, done = 'nothing was built or changed') => {
    error(`\n✖ deploy refused, ${done}:\n${lines.map((l) => `  ${l}`).join('\n')}`);
    return 1;
  };
  let env;
  let dryRun;
  try {
    ({ env, dryRun } = parseArgs(argv));
  } catch (e) {
    return fail([/** @type {Error} */ (e).message]);
  }
  const spawnEnv = toolEnv(processEnv);
  const workers = describeWorkers(env, read);
  const placeholders = placeholderRefusals(workers, env);
  if (placeholders.length > 0 && !dryRun) return fail([...placeholders, FILL_IN]);

  const { missing, unlisted } = checkSecrets(
    workers,
    env,
    (w) => spawnSync(tools.wrangler, secretListArgs(w, env), { encoding: 'utf8', shell: false, cwd, env: spawnEnv }),
    log,
  );
  if (!dryRun && (missing.length > 0 || unlisted.length > 0))
    return fail([
      ...missing,
      ...unlisted.map(
        ({ worker: w, reason }) => `${w.name} (${w.config}, env ${env}): could not list its secrets: ${reason}`,
      ),
    ]);

  /** What a deploy would refuse, found by a dry run, which goes on to every step that can still run. */
  const found = [...placeholders, ...(placeholders.length > 0 ? [FILL_IN] : []), ...missing];
  let built = false;
  for (const step of plan(env, { dryRun })) {
    if (dryRun && step.tool === 'wrangler' && !built) continue;
    log(`\n▶ ${step.label}`);
    const r = spawnSync(tools[step.tool], step.args, {
      stdio: step.quiet ? 'pipe' : stdio,
      encoding: 'utf8',
      cwd,
      env: { ...spawnEnv, ...step.env },
    });
    if (r.status !== 0) {
      if (step.quiet && stdio === 'inherit') error(`${r.stdout ?? ''}${r.stderr ?? ''}`.trim());
      const failed = `${step.label} failed (exit ${r.status ?? r.error?.message})`;
      if (dryRun) {
        found.push(step.tool === 'vite' ? `${failed}; wrangler's dry runs need the build` : failed);
        continue;
      }
      if (step.tool !== 'wrangler') return fail([failed], 'nothing was changed');
      // The steps before stand, and are safe on their own: the order is the one in which each step
      // works with the ones before it (WORKERS).
      error(`\n✖ ${failed}; the steps before it stand.`);
      error(
        `  Roll back a deployed worker with \`npx wrangler rollback --env ${env} -c <its wrangler file>\` (docs/operating/deploy.md).`,
      );
      return 1;
    }
    if (step.tool === 'vite') {
      const wrong = buildRefusals(workers, env, readBuilt);
      if (wrong.length > 0 && !dryRun) return fail(wrong, 'nothing was changed');
      found.push(...wrong);
      built = wrong.length === 0;
    }
  }
  if (dryRun) return dryRunSummary({ env, workers, found, notChecked: unlisted, log, error });
  log(`\n✓ deployed ${env}: ${workers.map((w) => w.name).join(', ')}`);
  return 0;
}

/**
 * The dry run's last word: what a deploy would refuse (exit 1), else passed (exit 0), and apart from
 * both, the secrets it could not check.
 * @param {{ env: string, workers: { name: string }[], found: string[], notChecked: Parameters<typeof notCheckedLines>[0], log: (line: string) => void, error: (line: string) => void }} r
 */
function dryRunSummary({ env, workers, found, notChecked, log, error }) {
  const indent = (/** @type {string[]} */ lines) => lines.map((l) => `  ${l}`).join('\n');
  const secrets = notChecked.reduce((n, u) => n + u.worker.required.length, 0);
  if (secrets > 0) log(`\n? ${secrets} secrets not checked:\n${indent(notCheckedLines(notChecked, env))}`);
  if (found.length > 0) {
    error(`\n✖ dry run of ${env}: a deploy would refuse; nothing was migrated or deployed:\n${indent(found)}`);
    return 1;
  }
  log(
    `\n✓ dry run of ${env} passed: ${workers.map((w) => w.name).join(', ')}; nothing was migrated or deployed` +
      (secrets > 0 ? ` (${secrets} secrets not checked, above)` : ''),
  );
  return 0;
}

/**
 * wrangler's own reading of a file for an environment, without its warnings about the file: the deploy's
 * wrangler runs show them.
 * @returns {Promise<(file: string, env: string) => any>}
 */
export async function wranglerReader() {
  const { unstable_readConfig } = await import('wrangler');
  return (config, env) => {
    const level = process.env.WRANGLER_LOG;
    process.env.WRANGLER_LOG = 'error';
    try {
      return unstable_readConfig({ config, env }, {});
    } finally {
      if (level === undefined) delete process.env.WRANGLER_LOG;
      else process.env.WRANGLER_LOG = level;
    }
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(
    deploy({
      argv: process.argv.slice(2),
      tools: {
        wrangler: process.env.WRANGLER || 'node_modules/.bin/wrangler',
        vite: process.env.VITE || 'node_modules/.bin/vite',
        npm: process.env.NPM || 'npm',
      },
      read: await wranglerReader(),
    }),
  );
}
