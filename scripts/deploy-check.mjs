// npm test's deploy check (decision 47): the three workers built for each deployed environment beside
// dist/ (.cache/deploy-check/<env>/), then `wrangler deploy --dry-run` on each built configuration, as
// `npm run deploy` would upload it. A broken binding, route, environment or bundle fails the suite here,
// with no Cloudflare account and no network.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { buildRefusals, describeWorkers, ENVIRONMENTS, WORKERS, wranglerReader } from './deploy.mjs';

// Each build points wrangler's redirect here at its own output; the suite's other phases run dist/.
const REDIRECT = '.wrangler/deploy/config.json';

/**
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ ok: boolean, output: string }>}
 */
function exec(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let output = `$ ${command} ${args.join(' ')}\n`;
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (e) => resolve({ ok: false, output: `${output}${e.message}` }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

/**
 * Builds for production and staging, then dry-runs every worker of both at once (each is mostly
 * waiting on its own start-up, about 1.5 s).
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ ok: boolean, output: string }>} the output of what failed
 */
export async function checkDeployConfigs(env = process.env) {
  const redirect = existsSync(REDIRECT) ? readFileSync(REDIRECT) : undefined;
  const out = (/** @type {string} */ target) => `.cache/deploy-check/${target}`;
  try {
    const failed = [];
    // One build at a time: both would write the same redirect file and compete for the two cores.
    for (const target of ENVIRONMENTS) {
      const build = await exec('vite', ['build', '--logLevel', 'warn', '--outDir', out(target)], {
        ...env,
        CLOUDFLARE_ENV: target,
      });
      if (!build.ok) failed.push(build.output);
    }
    if (failed.length > 0) return { ok: false, output: failed.join('\n') };
    // The deploy's own check that each file is the environment's, under the worker's name for it.
    const read = await wranglerReader();
    for (const target of ENVIRONMENTS) {
      const built = (/** @type {string} */ file) =>
        JSON.parse(readFileSync(file.replace(/^dist\//, `${out(target)}/`), 'utf8'));
      failed.push(...buildRefusals(describeWorkers(target, read), target, built));
    }
    if (failed.length > 0) return { ok: false, output: failed.join('\n') };
    const dryRuns = await Promise.all(
      ENVIRONMENTS.flatMap((target) =>
        WORKERS.map((w) =>
          exec(
            'wrangler',
            [
              'deploy',
              '--dry-run',
              '--outdir',
              `${out(target)}/upload/${w.worker}`,
              '-c',
              w.built.replace(/^dist\//, `${out(target)}/`),
            ],
            env,
          ),
        ),
      ),
    );
    const broken = dryRuns.filter((r) => !r.ok);
    return { ok: broken.length === 0, output: broken.map((r) => r.output).join('\n') };
  } finally {
    if (redirect) writeFileSync(REDIRECT, redirect);
  }
}
