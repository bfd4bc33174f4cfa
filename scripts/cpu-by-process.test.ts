import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { kindOf, tally } from './cpu-by-process.mjs';

test('counts a busy process its shell never waited for, which time(1) leaves out', () => {
  // The shell starts a second of busy Node in the background and ends without waiting for it: the
  // kernel re-parents it, and its CPU reaches no parent's account (as Chromium's renderers).
  const busy = "node -e 'const t = Date.now(); while (Date.now() - t < 1200);'";
  const r = spawnSync('node', ['scripts/cpu-by-process.mjs', '--', 'sh', '-c', `${busy} & sleep 2`], {
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  const node = /^\s*([\d.]+)\s+node\b/m.exec(r.stdout);
  expect(node, r.stdout).not.toBeNull();
  expect(Number(node![1])).toBeGreaterThanOrEqual(0.8);
  expect(r.stdout).toMatch(/total, over [\d.]+ s/);
}, 20_000);

test('names Chromium by its process type and Node by its tool', () => {
  const kind = (name: string, cmdline: string[]) => kindOf({ name, cmdline });
  expect(kind('chromium', ['/tmp/chromium', '--type=renderer', '--lang=ar'])).toBe('chromium renderer');
  expect(kind('chromium', ['/tmp/chromium', '--headless=new'])).toBe('chromium browser');
  expect(kind('node', ['node', '/w/node_modules/playwright/lib/worker/workerMain.js'])).toBe('node playwright worker');
  expect(kind('node', ['node', '/w/node_modules/.bin/vitest', 'run'])).toBe('node vitest');
  expect(kind('workerd', ['/w/bin/workerd', 'serve'])).toBe('workerd');
});

test('leaves out what ran before the command, and sums the rest per kind', () => {
  const p = (pid: number, name: string, cpu: number) => [pid, { pid, name, cmdline: [name], cpu }] as const;
  const samples = new Map([p(1, 'workerd', 50), p(2, 'workerd', 3), p(3, 'workerd', 2), p(4, 'esbuild', 1)]);
  expect(tally(samples, new Set([1]))).toEqual([
    ['workerd', 5],
    ['esbuild', 1],
  ]);
});
