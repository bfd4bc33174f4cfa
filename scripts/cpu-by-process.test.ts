import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { kindOf, markedEnv, startSampler, tally } from './cpu-by-process.mjs';

test('counts a busy process its shell never waited for, which time(1) leaves out', () => {
  // The shell starts a Node that spends a CPU-second in the background and ends without waiting for
  // it: the kernel re-parents it, and its CPU reaches no parent's account (as Chromium's renderers).
  // It stays a moment after, so a sample sees what it spent; other work on the machine is not counted.
  const spend =
    'for (;;) { for (let i = 0; i < 1e6; i++); const u = process.cpuUsage(); if (u.user + u.system >= 1e6) break }';
  const busy = `node -e '${spend}; setTimeout(() => {}, 600)'`;
  const r = spawnSync('node', ['scripts/cpu-by-process.mjs', '--', 'sh', '-c', `${busy} & exit 0`], {
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  const node = /^\s*([\d.]+)\s+node\b/m.exec(r.stdout);
  expect(node, r.stdout).not.toBeNull();
  expect(Number(node![1])).toBeGreaterThanOrEqual(0.9);
  expect(r.stdout).not.toMatch(/chromium|workerd|vitest/);
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

test('sums the processes seen per kind', () => {
  const p = (pid: number, name: string, cpu: number) => [pid, { pid, name, cmdline: [name], cpu }] as const;
  const samples = new Map([p(2, 'workerd', 3), p(3, 'workerd', 2), p(4, 'esbuild', 1), p(5, 'sh', 0)]);
  expect(tally(samples)).toEqual([
    ['workerd', 5],
    ['esbuild', 1],
  ]);
});

test("counts a process that cleared its environment, by the session the command's process started", () => {
  // As Chromium's renderers: Playwright starts the browser in a session of its own, and the browser
  // starts its children with an environment of its own making. The session's first process stays long
  // enough to be sampled once, then ends without waiting.
  const spend =
    'for (;;) { for (let i = 0; i < 1e6; i++); const u = process.cpuUsage(); if (u.user + u.system >= 1e6) break }';
  const busy = `env -i ${process.execPath} -e '${spend}; setTimeout(() => {}, 600)'`;
  const r = spawnSync(
    'node',
    ['scripts/cpu-by-process.mjs', '--', 'setsid', 'sh', '-c', `${busy} & sleep 1.3; exit 0`],
    {
      encoding: 'utf8',
    },
  );
  expect(r.status, r.stderr).toBe(0);
  const node = /^\s*([\d.]+)\s+node\b/m.exec(r.stdout);
  expect(node, r.stdout).not.toBeNull();
  expect(Number(node![1])).toBeGreaterThanOrEqual(0.9);
}, 20_000);

test("counts each mark's processes apart in a thread of its own, while the caller's loop is held", async () => {
  // npm test marks each level and runs its guard rails and build with spawnSync, which holds its event
  // loop: the sampler must go on meanwhile, or a level's short processes end unseen. Each process stays
  // a moment after its work, so a sample sees all of it.
  const [a, b] = [randomUUID(), randomUUID()];
  const sampler = startSampler([a, b]);
  await sampler.ready;
  const spend = (cpu: number) =>
    `for (;;) { for (let i = 0; i < 1e6; i++); const u = process.cpuUsage(); if (u.user + u.system >= ${cpu * 1e6}) break }`;
  const start = (mark: string, cpu: number) =>
    spawn(process.execPath, ['-e', `${spend(cpu)}; setTimeout(() => {}, 1200)`], { env: markedEnv(process.env, mark) });
  const ended = [start(a, 0.3), start(b, 0.6)].map((c) => new Promise((r) => c.on('close', r)));
  spawnSync('sleep', ['3.5']);
  await Promise.all(ended);
  const result = await sampler.stop();
  expect(result[a]!.cpu).toBeGreaterThanOrEqual(0.25);
  expect(result[a]!.cpu).toBeLessThan(0.55);
  expect(result[b]!.cpu).toBeGreaterThanOrEqual(0.55);
  expect(result[b]!.series.length).toBeGreaterThan(0);
}, 20_000);

test('counts the short processes a marked command waits for, though each ends between two samples', async () => {
  // A check or a build starts many short processes and waits for each: what they spent reaches their
  // parent's account of waited-for children, which the sampler reads. Sampled alone, four processes of
  // 0.2 CPU-seconds that end without lingering are mostly never seen.
  const mark = randomUUID();
  const sampler = startSampler([mark]);
  await sampler.ready;
  const spend =
    'for (;;) { for (let i = 0; i < 1e5; i++); const u = process.cpuUsage(); if (u.user + u.system >= 2e5) break }';
  const one = `${process.execPath} -e '${spend}'`;
  const shell = spawn('sh', ['-c', `${Array(4).fill(one).join('; ')}; sleep 1.2`], {
    env: markedEnv(process.env, mark),
  });
  await new Promise((r) => shell.on('close', r));
  const result = await sampler.stop();
  expect(result[mark]!.cpu).toBeGreaterThanOrEqual(0.75);
  expect(result[mark]!.cpu).toBeLessThan(1.4);
}, 20_000);

test('counts a shell and its last command once when both end between two samples', async () => {
  // The inner shell's last command runs long enough to be seen, then it and the shell end together:
  // what was counted of the command is in the shell's total that its parent reaps, and must not be
  // counted again.
  const mark = randomUUID();
  const sampler = startSampler([mark]);
  await sampler.ready;
  const spend = (cpu: number) =>
    `${process.execPath} -e 'for (;;) { for (let i = 0; i < 1e5; i++); const u = process.cpuUsage(); if (u.user + u.system >= ${cpu * 1e6}) break }'`;
  const inner = `sh -c "${spend(0.1)}; ${spend(1.5)}"`;
  const shell = spawn('sh', ['-c', `${inner}; sleep 1.2`], { env: markedEnv(process.env, mark) });
  await new Promise((r) => shell.on('close', r));
  const { cpu } = (await sampler.stop())[mark]!;
  expect(cpu).toBeGreaterThanOrEqual(1.55);
  expect(cpu).toBeLessThan(2.1);
}, 20_000);

test("gives the runner's never-seen short children to the mark it names", async () => {
  // A guard rail that ends within a second of its start is never sampled; the runner reaps it, and
  // npm test names the checks' mark as the owner of what its children spent unseen.
  const mark = randomUUID();
  const sampler = startSampler([mark], { runnerMark: mark });
  await sampler.ready;
  const spend =
    'for (;;) { for (let i = 0; i < 1e5; i++); const u = process.cpuUsage(); if (u.user + u.system >= 2e5) break }';
  for (let i = 0; i < 2; i++) spawnSync(process.execPath, ['-e', spend], { env: markedEnv(process.env, mark) });
  await new Promise((r) => setTimeout(r, 1100));
  expect((await sampler.stop())[mark]!.cpu).toBeGreaterThanOrEqual(0.38);
}, 20_000);

test('counts a child the runner waited for while the sampler’s thread was still starting', async () => {
  // npm test starts its sampler and at once its first guard rail, which can end and be waited for
  // before the thread is up (tens of milliseconds here, most of a second on a loaded machine): the
  // thread's starting figure for the runner's `reaped` time must be the one from before the child.
  const reaped = () => {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  };
  const mark = randomUUID();
  const before = reaped();
  const sampler = startSampler([mark], { runnerMark: mark });
  // Not waiting for sampler.ready: the child is to run while the thread is still starting.
  spawnSync(process.execPath, ['-e', '0'], { env: markedEnv(process.env, mark) });
  const spent = reaped() - before;
  expect(spent).toBeGreaterThan(0);
  expect((await sampler.stop())[mark]!.cpu).toBeGreaterThanOrEqual(spent - 0.005);
}, 20_000);
