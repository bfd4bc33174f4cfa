// The GitHub Actions workflow cannot run here, so what a maintainer relies on in it is read from the
// file: the Node it sets up is the project's pin, the suite runs as .ci/run runs it, and production is
// deployed only from main, after the suite, one deploy at a time.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const workflow = readFileSync(new URL('../../.github/workflows/ci.yml', import.meta.url), 'utf8');
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
/** The text of one job: the lines indented under its key in `jobs:`. */
function job(name: string) {
  const jobs = workflow.slice(workflow.indexOf('\njobs:\n'));
  for (const m of jobs.matchAll(/^ {2}(\w+):\n((?: {4,}.*\n|\n)*)/gm)) if (m[1] === name) return m[2]!;
  return '';
}

describe('the CI workflow', () => {
  it('sets up the Node that package.json pins', () => {
    const versions = [...workflow.matchAll(/node-version: (.+)$/gm)].map((m) => m[1]);
    expect(versions.length).toBeGreaterThan(0);
    for (const v of versions) expect(v).toBe(pkg.devDependencies.node);
  });

  it('runs the suite as .ci/run does on every push and pull request', () => {
    expect(workflow).toMatch(/^on:\n {2}push:\n {2}pull_request:\n/m);
    expect(job('test')).toMatch(/^ {6}- run: \.ci\/run$/m);
  });

  it('deploys production only from main, after the suite, one deploy at a time', () => {
    const deploy = job('deploy');
    expect(deploy).toMatch(/^ {4}needs: test$/m);
    expect(deploy).toMatch(/^ {4}if: github\.event_name == 'push' && github\.ref == 'refs\/heads\/main'$/m);
    expect(deploy).toMatch(/^ {4}environment: production$/m);
    expect(deploy).toMatch(/^ {4}concurrency:\n {6}group: deploy-production\n {6}cancel-in-progress: false$/m);
    expect(deploy).toContain('npm run deploy -- --env production');
    for (const name of ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID'])
      expect(deploy).toMatch(new RegExp(`^ {10}${name}: \\$\\{\\{ secrets\\.${name} \\}\\}$`, 'm'));
  });
});
