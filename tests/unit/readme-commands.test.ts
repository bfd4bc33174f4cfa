// The README's command table says what each command covers: the back office is the third worker, so
// `npm run types` and `npm run build` must name it as the scripts and the deploy do, and the deploy's
// dry run is one an operator can call.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WORKERS } from '../../scripts/deploy.mjs';

const readme = readFileSync('README.md', 'utf8');
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The "what it does" cell of the command's row in the README's table. */
function row(command: string): string {
  const line = readme.split('\n').find((l) => l.startsWith(`| \`${command}\``));
  expect(line, command).toBeDefined();
  return line!.split('|')[2]!.trim();
}

describe("the README's command table", () => {
  it('`npm run types` names every env.d.ts the script regenerates', () => {
    const written = [...scripts.types!.matchAll(/-c \S+ (\S+\.d\.ts)/g)].map((m) => m[1]!);
    expect(written).toEqual(['worker/env.d.ts', 'api/env.d.ts', 'staff/env.d.ts']);
    for (const file of written) expect(row('npm run types')).toContain(`\`${file}\``);
  });

  it('`npm run build` names each worker the deploy ships, the back office included', () => {
    expect(WORKERS.map((w) => w.worker)).toEqual(['api', 'staff', 'storefront']);
    const what = row('npm run build');
    for (const words of ['API worker', 'back-office worker', 'storefront worker', 'client bundle'])
      expect(what).toContain(words);
  });

  it('`npm run deploy` says how to call its dry run', () => {
    expect(row('npm run deploy')).toContain('`-- --dry-run`');
  });
});
