// npm run deploy (scripts/deploy.mjs) run as a maintainer runs it, with a recording stand-in for wrangler
// and vite: it refuses a placeholder or a missing secret before anything is built or changed, and
// otherwise builds, migrates the remote database and deploys the API, the back office and the storefront,
// in that order, all for the environment asked.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deploy, wranglerReader } from './deploy.mjs';
import { isPlaceholder } from './placeholders.mjs';

const FILES = ['wrangler.toml', 'api/wrangler.toml', 'staff/wrangler.toml'];
const CLI = new URL('./deploy.mjs', import.meta.url).pathname;
const BUILT_NAMES = {
  production: {
    'dist/shop_api/wrangler.json': 'shop-api',
    'dist/shop_staff/wrangler.json': 'shop-staff',
    'dist/storefront/wrangler.json': 'storefront',
  },
  staging: {
    'dist/shop_api/wrangler.json': 'shop-api-staging',
    'dist/shop_staff/wrangler.json': 'shop-staff-staging',
    'dist/storefront/wrangler.json': 'storefront-staging',
  },
};

// Logs each call (the tool, its arguments, CLOUDFLARE_ENV) and answers `secret list` from the fixture.
const STANDIN = `#!/usr/bin/env node
const { appendFileSync, readFileSync } = require('node:fs');
const tool = require('node:path').basename(process.argv[1]);
const args = process.argv.slice(2);
appendFileSync(process.env.STANDIN_LOG, JSON.stringify({ tool, args, cloudflareEnv: process.env.CLOUDFLARE_ENV, node: process.execPath }) + '\\n');
// wrangler started by a Node older than it needs: its own words, on stderr, and exit 1.
if (process.env.STANDIN_OLD_NODE) {
  console.error('Wrangler requires at least Node.js v22.0.0. You are using v20.20.2. Please update your version of Node.js.');
  console.error('');
  console.error('Consider using a Node.js version manager such as https://volta.sh/ or https://github.com/nvm-sh/nvm.');
  process.exit(1);
}
// wrangler with no Cloudflare credentials: its own words for any call that needs the account.
if (process.env.STANDIN_NO_TOKEN && tool === 'wrangler' && !args.includes('--dry-run')) {
  console.error("\u001b[31m✘ \u001b[41;31m[\u001b[41;97mERROR\u001b[41;31m]\u001b[0m \u001b[1mIn a non-interactive environment, it's necessary to set a CLOUDFLARE_API_TOKEN environment variable for wrangler to work.\u001b[0m");
  process.exit(1);
}
if (process.env.STANDIN_FAIL && args.includes(process.env.STANDIN_FAIL)) {
  console.error('\u001b[31m✘ \u001b[41;31m[\u001b[41;97mERROR\u001b[41;31m]\u001b[0m \u001b[1mWorker "x" not found.\u001b[0m');
  console.error('🪵  Logs were written to "/tmp/wrangler.log"');
  process.exit(3);
}
// The vite plugin's output: each worker's configuration, named for the environment it was built for.
if (tool === 'vite') {
  const target = process.env.STANDIN_BUILT_ENV ?? process.env.CLOUDFLARE_ENV;
  for (const [file, name] of Object.entries(JSON.parse(process.env.STANDIN_NAMES)[target])) {
    require('node:fs').mkdirSync(require('node:path').dirname(file), { recursive: true });
    require('node:fs').writeFileSync(file, JSON.stringify({ name, targetEnvironment: target }));
  }
}
if (args[0] === 'secret' && args[1] === 'list') {
  const config = args[args.indexOf('-c') + 1];
  const names = JSON.parse(readFileSync(process.env.STANDIN_SECRETS, 'utf8'))[config] ?? [];
  console.log(JSON.stringify(names.map((name) => ({ name, type: 'secret_text' })), null, 2));
}
`;

/** The committed files with every placeholder made a real-looking value of the same shape. */
function filledIn(text: string) {
  let n = 0;
  return text.replace(/"([^"\n]*)"/g, (whole, value: string) =>
    isPlaceholder(value)
      ? `"${value.replace(/[0A]/g, (c) => (c === '0' ? '123456789' : 'BCDEFGHJK')[n++ % 9]!)}"`
      : whole,
  );
}

/** Every required secret of every file and environment, as the stand-in's fixture. */
function allSecrets() {
  const secrets: Record<string, string[]> = {};
  for (const file of FILES)
    secrets[file] = [...readFileSync(file, 'utf8').matchAll(/^required = \[(.*)\]$/gm)].flatMap((m) =>
      [...m[1]!.matchAll(/"(\w+)"/g)].map((s) => s[1]!),
    );
  return secrets;
}

/** Each file's production secrets (its [env.production.secrets] list): what a production dry run lists. */
function productionSecrets() {
  const secrets: Record<string, string[]> = {};
  for (const file of FILES) {
    const list = /^\[env\.production\.secrets\]\nrequired = \[(.*)\]$/m.exec(readFileSync(file, 'utf8'));
    secrets[file] = [...(list?.[1] ?? '').matchAll(/"(\w+)"/g)].map((s) => s[1]!);
  }
  return secrets;
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'deploy-test-'));
  mkdirSync(join(dir, 'api'));
  mkdirSync(join(dir, 'staff'));
  mkdirSync(join(dir, 'bin'));
  for (const file of FILES) writeFileSync(join(dir, file), filledIn(readFileSync(file, 'utf8')));
  for (const tool of ['wrangler', 'vite', 'npm']) {
    writeFileSync(join(dir, 'bin', tool), STANDIN);
    chmodSync(join(dir, 'bin', tool), 0o755);
  }
  writeFileSync(join(dir, 'secrets.json'), JSON.stringify(allSecrets()));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

type Call = { tool: string; args: string[]; cloudflareEnv?: string; node: string };

/** The stand-ins' calls, in order. */
function callsMade(): Call[] {
  try {
    return readFileSync(join(dir, 'calls.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
  } catch {
    return [];
  }
}

const standinEnv = (extra: Record<string, string>) => ({
  WRANGLER: join(dir, 'bin', 'wrangler'),
  VITE: join(dir, 'bin', 'vite'),
  NPM: join(dir, 'bin', 'npm'),
  STANDIN_LOG: join(dir, 'calls.jsonl'),
  STANDIN_SECRETS: join(dir, 'secrets.json'),
  STANDIN_NAMES: JSON.stringify(BUILT_NAMES),
  ...extra,
});

/** `npm run deploy` as a maintainer starts it: a Node of its own in the project's copy. */
function runCli(args: string[], extra: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, ...standinEnv(extra) },
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}`, calls: callsMade() };
}

let read: Awaited<ReturnType<typeof wranglerReader>>;
beforeAll(async () => {
  read = await wranglerReader();
});

/**
 * The same deploy in this process (wrangler, which it reads the files with, loads once for the file
 * instead of once a case): the copy of the project as its working directory, the stand-ins as its tools.
 */
function runDeploy(args: string[], extra: Record<string, string> = {}) {
  const env = { ...process.env, ...standinEnv(extra) };
  let output = '';
  const status = deploy({
    argv: args,
    tools: { wrangler: env.WRANGLER, vite: env.VITE, npm: env.NPM },
    read,
    cwd: dir,
    env,
    stdio: 'ignore',
    log: (line) => (output += `${line}\n`),
    error: (line) => (output += `${line}\n`),
  });
  return { status, output, calls: callsMade() };
}

/** What a production dry run runs after the secrets: the typecheck, the build, wrangler's dry run of each. */
const DRY_RUN_STEPS = [
  'npm run --silent typecheck',
  'vite build',
  'wrangler deploy --dry-run -c dist/shop_api/wrangler.json',
  'wrangler deploy --dry-run -c dist/shop_staff/wrangler.json',
  'wrangler deploy --dry-run -c dist/storefront/wrangler.json',
];

const changes = (calls: { tool: string; args: string[] }[]) =>
  calls.filter((c) => !(c.tool === 'wrangler' && c.args[0] === 'secret' && c.args[1] === 'list'));

// Each case starts node several times (the deploy, then each stand-in): seconds on a loaded machine.
describe('npm run deploy', { timeout: 30_000 }, () => {
  it('refuses a placeholder id, naming the worker, environment and binding, before running anything', () => {
    const file = join(dir, 'api/wrangler.toml');
    const filled = readFileSync(file, 'utf8');
    const id = /\[\[env\.production\.d1_databases\]\][^[]*database_id = "([^"]+)"/.exec(filled)![1]!;
    writeFileSync(file, filled.replace(id, '00000000-0000-4000-8000-000000000001'));

    const { status, output, calls } = runDeploy([]);

    expect(status).toBe(1);
    expect(output).toContain(
      'shop-api (api/wrangler.toml, env production): D1 database DB (database_id) is still the placeholder ' +
        '"00000000-0000-4000-8000-000000000001"',
    );
    expect(output).toContain('nothing was built or changed');
    expect(calls).toEqual([]);
  });

  it('refuses while a required secret is not set, before building, migrating or deploying', () => {
    const secrets = allSecrets();
    secrets['staff/wrangler.toml'] = [];
    secrets['api/wrangler.toml'] = secrets['api/wrangler.toml']!.filter((s) => s !== 'BACKUP_KEK');
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify(secrets));

    const { status, output, calls } = runDeploy(['--env', 'staging']);

    expect(status).toBe(1);
    expect(output).toContain('shop-api-staging (api/wrangler.toml, env staging): the secret BACKUP_KEK is not set');
    expect(output).toContain(
      'shop-staff-staging (staff/wrangler.toml, env staging): the secret SIGNING_SECRET is not set',
    );
    expect(output).not.toContain('storefront-staging (wrangler.toml, env staging): the secret');
    expect(calls.map((c) => c.args.join(' '))).toEqual(
      ['api/wrangler.toml', 'staff/wrangler.toml', 'wrangler.toml'].map(
        (f) => `secret list --env staging -c ${f} --format json`,
      ),
    );
    expect(changes(calls)).toEqual([]);
  });

  it.each([
    [[], 'production'],
    [['--env', 'staging'], 'staging'],
  ])(
    'with %j checks the secrets, builds, migrates, then deploys the API, back office and storefront (%s)',
    (args, env) => {
      const { status, output, calls } = runDeploy(args);

      expect(status, output).toBe(0);
      expect(calls.map((c) => [c.tool, ...c.args].join(' '))).toEqual([
        `wrangler secret list --env ${env} -c api/wrangler.toml --format json`,
        `wrangler secret list --env ${env} -c staff/wrangler.toml --format json`,
        `wrangler secret list --env ${env} -c wrangler.toml --format json`,
        'npm run --silent typecheck',
        'vite build',
        `wrangler d1 migrations apply DB --remote --env ${env} -c api/wrangler.toml`,
        'wrangler deploy -c dist/shop_api/wrangler.json',
        'wrangler deploy -c dist/shop_staff/wrangler.json',
        'wrangler deploy -c dist/storefront/wrangler.json',
      ]);
      // The vite plugin builds for the environment CLOUDFLARE_ENV names.
      expect(calls.find((c) => c.tool === 'vite')!.cloudflareEnv).toBe(env);
    },
  );

  it("refuses when a worker's secrets cannot be listed, with wrangler's reason", () => {
    const { status, output, calls } = runDeploy([], { STANDIN_FAIL: 'list' });

    expect(status).toBe(1);
    expect(output).toContain(
      'shop-api (api/wrangler.toml, env production): could not list its secrets: Worker "x" not found.',
    );
    expect(changes(calls)).toEqual([]);
  });

  it('refuses a build made for another environment, before migrating or deploying', () => {
    const { status, output, calls } = runDeploy(['--env', 'staging'], { STANDIN_BUILT_ENV: 'production' });

    expect(status).toBe(1);
    expect(output).toContain(
      'shop-api-staging: dist/shop_api/wrangler.json was built for env production as shop-api, ' +
        'not for env staging as shop-api-staging',
    );
    expect(changes(calls).map((c) => c.tool)).toEqual(['npm', 'vite']);
  });

  it('stops at a failed migration: no worker is deployed on a database it does not match', () => {
    const { status, output, calls } = runDeploy([], { STANDIN_FAIL: 'migrations' });

    expect(status).toBe(1);
    expect(output).toContain('D1 migrations on the production database failed');
    expect(calls.filter((c) => c.args[0] === 'deploy')).toEqual([]);
  });

  it('with --dry-run checks, builds, and runs wrangler’s own dry run of each worker: no migration, no upload', () => {
    const { status, output, calls } = runDeploy(['--env', 'staging', '--dry-run']);

    expect(status, output).toBe(0);
    expect(calls.map((c) => [c.tool, ...c.args].join(' '))).toEqual([
      'wrangler secret list --env staging -c api/wrangler.toml --format json',
      'wrangler secret list --env staging -c staff/wrangler.toml --format json',
      'wrangler secret list --env staging -c wrangler.toml --format json',
      'npm run --silent typecheck',
      'vite build',
      'wrangler deploy --dry-run -c dist/shop_api/wrangler.json',
      'wrangler deploy --dry-run -c dist/shop_staff/wrangler.json',
      'wrangler deploy --dry-run -c dist/storefront/wrangler.json',
    ]);
    expect(calls.find((c) => c.tool === 'vite')!.cloudflareEnv).toBe('staging');
    expect(output).toContain('dry run of staging passed');
    expect(output).toContain('nothing was migrated or deployed');
  });

  it('with --dry-run reports a missing secret, still typechecks and builds, and names every worker wrangler’s dry run refuses', () => {
    const secrets = allSecrets();
    secrets['wrangler.toml'] = [];
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify(secrets));
    const { status, output, calls } = runDeploy(['--dry-run'], { STANDIN_FAIL: '--dry-run' });
    expect(status).toBe(1);
    expect(output).toContain('dry run of production: a deploy would refuse; nothing was migrated or deployed');
    expect(output).toContain('storefront (wrangler.toml, env production): the secret SIGNING_SECRET is not set');
    for (const w of ['api', 'staff', 'storefront'])
      expect(output).toContain(`dry run of deploy ${w} (production) failed`);
    expect(changes(calls).map((c) => [c.tool, ...c.args].join(' '))).toEqual(DRY_RUN_STEPS);
  });

  it('with --dry-run and no Cloudflare credentials does everything else, and lists each secret as not checked with its fix', () => {
    const { status, output, calls } = runDeploy(['--dry-run'], { STANDIN_NO_TOKEN: '1' });

    expect(status, output).toBe(0);
    expect(changes(calls).map((c) => [c.tool, ...c.args].join(' '))).toEqual(DRY_RUN_STEPS);
    expect(output).toContain(
      "shop-api (api/wrangler.toml, env production): its secrets could not be listed: In a non-interactive environment, it's necessary to set a CLOUDFLARE_API_TOKEN",
    );
    // Production's own lists: local development's (the top-level [secrets]) may name a test-only secret,
    // such as the configured e-invoice stamp's key, that production never reads.
    for (const [file, names] of Object.entries(productionSecrets()))
      for (const name of names)
        expect(output).toContain(
          `${name}: not checked; if it is not set: npx wrangler secret put ${name} --env production -c ${file}`,
        );
    expect(output).toContain('`npx wrangler login` (or set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID)');
    expect(output).toMatch(
      /✓ dry run of production passed: .*nothing was migrated or deployed \(\d+ secrets not checked, above\)/,
    );
  });

  it('with --dry-run, the committed placeholders and a failed typecheck, still builds and dry-runs, then names each', () => {
    for (const file of FILES) writeFileSync(join(dir, file), readFileSync(file, 'utf8'));
    const { status, output, calls } = runDeploy(['--dry-run', '--env', 'staging'], {
      STANDIN_NO_TOKEN: '1',
      STANDIN_FAIL: 'typecheck',
    });

    expect(status).toBe(1);
    expect(changes(calls).map((c) => c.tool)).toEqual(['npm', 'vite', 'wrangler', 'wrangler', 'wrangler']);
    expect(output).toMatch(
      /shop-api-staging \(api\/wrangler\.toml, env staging\): D1 database DB \(database_id\) is still the placeholder/,
    );
    expect(output).toContain('put the real ids and values in the wrangler files first');
    expect(output).toContain('typecheck failed (exit 3)');
    expect(output).toContain('not checked; if it is not set: npx wrangler secret put');
  });

  it('a real deploy stops at a failed typecheck before building', () => {
    const { status, output, calls } = runDeploy([], { STANDIN_FAIL: 'typecheck' });
    expect(status).toBe(1);
    expect(output).toContain('typecheck failed');
    expect(changes(calls).map((c) => c.tool)).toEqual(['npm']);
  });

  it('runs wrangler on the project’s pinned Node even when started outside npm (no node_modules/.bin on PATH)', () => {
    const { status, output, calls } = runCli([], { PATH: '/usr/local/bin:/usr/bin:/bin' });

    expect(status, output).toBe(0);
    const pinned = realpathSync(new URL('../node_modules/.bin/node', import.meta.url).pathname);
    for (const c of calls) expect(realpathSync(c.node), [c.tool, ...c.args].join(' ')).toBe(pinned);
  });

  it('says what is wrong when wrangler refuses the Node it was started with, in its own words', () => {
    const { status, output, calls } = runDeploy([], { STANDIN_OLD_NODE: '1' });

    expect(status).toBe(1);
    expect(output).toContain(
      'shop-api (api/wrangler.toml, env production): could not list its secrets: ' +
        'Wrangler requires at least Node.js v22.0.0. You are using v20.20.2.',
    );
    expect(output).toContain('wrangler needs Node 22 or later');
    expect(output).toContain('node_modules/.bin/node');
    expect(output).toContain('npm run deploy');
    expect(output).not.toMatch(/could not list its secrets: exit 1\s*$/m);
    expect(changes(calls)).toEqual([]);
  });

  it('refuses an environment it does not know', () => {
    // Through the command itself: its exit status is what a maintainer's shell sees.
    const { status, output, calls } = runCli(['--env', 'prod']);

    expect(status).toBe(1);
    expect(output).toContain('unknown environment "prod": one of production, staging');
    expect(calls).toEqual([]);
  });
});

describe('the placeholder rule', () => {
  it('knows the shapes the wrangler files use for values not yet known', () => {
    for (const value of [
      '00000000-0000-4000-8000-000000000001',
      '00000000000000000000000000000013',
      `B${'A'.repeat(86)}`,
      '100000000000001',
      '0'.repeat(64),
      '0000000000.com.gulfvitamins.app',
      'K7Q2M9X4TL.com.gulfvitamins.app, 0000000000.com.gulfvitamins.clip',
    ])
      expect(isPlaceholder(value), value).toBe(true);
  });

  it('lets real ids, keys and ordinary values through', () => {
    for (const value of [
      'a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      '7c2f0e5a9b1d4c3e8f6a0b2d4e6f8a1c',
      'BLEr9J3CHL77VbjLtXIPWxHOZJTbAtTkVh9W3Z7GZEhpfxLoxWNkfRTP7JTwQPTYRVlpC38hhGLRLBsAuqxdHcs',
      '106540352242922',
      '30000',
      '',
      'https://gulfvitamins.com',
      'K7Q2M9X4TL.com.gulfvitamins.app',
    ])
      expect(isPlaceholder(value), value).toBe(false);
  });
});
