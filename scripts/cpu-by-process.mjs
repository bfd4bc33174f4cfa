// What a command costs in CPU-seconds, by kind of process: `node scripts/cpu-by-process.mjs -- npm test`.
//
// `/usr/bin/time` and a shell's `time` add up only the children that were waited for. Chromium's
// zygote double-forks its renderers, so they are re-parented and their CPU is counted by nobody: an
// e2e run that `time` put at 199 CPU-seconds used about 600, 377 of them in Chromium. This gives the
// command a mark in its environment, which the processes it starts inherit wherever the kernel
// re-parents them (and a process that clears its environment keeps its session: processes() below),
// samples every process once a second (its own user + system time, /proc/<pid>/stat), and sums the
// last figure seen of each of the command's, following what it leaves running until it ends. Other
// work on the machine is left out; a process that ends between two samples loses at most its last
// second. Linux only.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ: /proc reports CPU time in 1/100 s on Linux.
/** The environment variable that marks a measured command's processes; nested runs add their own mark. */
const MARK = 'CPU_BY_PROCESS_RUN';

/**
 * Each process of the measured command: its pid, name, command line and CPU-seconds so far (threads
 * included). A process is the command's when it carries `mark` in its environment, or when it sits in a
 * session that one of the command's processes started: Chromium clears the environment of the processes
 * it starts, and Playwright starts it in a session of its own, which its renderers keep.
 */
function processes(mark, sessions) {
  const all = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces and parentheses: the fields follow the last ")".
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      all.push({
        pid: Number(entry),
        session: Number(fields[3]),
        marked: readFileSync(`/proc/${entry}/environ`, 'latin1').includes(mark),
        name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        cmdline: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean),
        cpu: (Number(fields[11]) + Number(fields[12])) / TICKS,
      });
    } catch {
      // Gone between the listing and the read, or another user's.
    }
  }
  // Remembered across samples: the session outlives the process that started it.
  for (const p of all) if (p.marked && p.session === p.pid) sessions.add(p.pid);
  return all
    .filter((p) => p.marked || sessions.has(p.session))
    .map(({ pid, name, cmdline, cpu }) => ({ pid, name, cmdline, cpu }));
}

/** A short name for what a process is: Chromium by its --type, Node by its script, else its own name. */
export function kindOf({ name, cmdline }) {
  const args = cmdline.join(' ');
  // A zygote's command line starts /proc/self/exe: its name says what it is.
  if (/chrom|headless_shell/i.test(cmdline[0] ?? '') || /chrom|headless_shell/i.test(name)) {
    const type = /--type=([\w-]+)/.exec(args)?.[1] ?? 'browser';
    return `chromium ${type}`;
  }
  if (name === 'node' || /(^|\/)node$/.test(cmdline[0] ?? '')) {
    if (cmdline[1] === '-e' || cmdline[1] === '--eval') return 'node (inline script)';
    const script = cmdline.slice(1).find((a) => !a.startsWith('-')) ?? '';
    const known = /(vitest|playwright|wrangler|vite|tsc|knip|biome)/.exec(script)?.[1];
    if (known) return `node ${known}${/playwright\/lib\/worker/.test(script) ? ' worker' : ''}`;
    return `node ${script.replace(/^.*\/(scripts|node_modules)\//, '$1/')}`.trim();
  }
  return name;
}

/** Sums per kind the CPU of the processes seen in `samples` (pid → its last sample). */
export function tally(samples) {
  const byKind = new Map();
  for (const p of samples.values()) {
    if (p.cpu <= 0) continue;
    const kind = kindOf(p);
    byKind.set(kind, (byKind.get(kind) ?? 0) + p.cpu);
  }
  return [...byKind].sort((a, b) => b[1] - a[1]);
}

async function main() {
  const dash = process.argv.indexOf('--');
  const [command, ...args] = process.argv.slice(dash === -1 ? 2 : dash + 1);
  if (!command) {
    console.error('usage: node scripts/cpu-by-process.mjs -- <command> [args…]');
    process.exit(2);
  }
  const mark = `${process.pid}-${randomUUID()}`;
  const samples = new Map();
  const sessions = new Set();
  const sample = () => {
    for (const p of processes(mark, sessions)) samples.set(p.pid, p);
  };
  const started = Date.now();
  const timer = setInterval(sample, 1000);
  const inherited = process.env[MARK];
  const child = spawn(command, args, {
    stdio: 'inherit',
    env: { ...process.env, [MARK]: inherited ? `${inherited},${mark}` : mark },
  });
  const code = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  clearInterval(timer);
  // What the command left running (an orphan still at work) is its cost too: followed until it ends,
  // for ten seconds at most.
  for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    const running = processes(mark, sessions);
    for (const p of running) samples.set(p.pid, p);
    if (running.length === 0) break;
  }
  const rows = tally(samples);
  const total = rows.reduce((n, [, s]) => n + s, 0);
  const wall = (Date.now() - started) / 1000;
  console.log('\nCPU-seconds by process kind (every process the command started, re-parented ones included)');
  for (const [kind, s] of rows.filter(([, s]) => s >= 0.5)) console.log(`${s.toFixed(1).padStart(9)}  ${kind}`);
  console.log(
    `${total.toFixed(1).padStart(9)}  total, over ${wall.toFixed(1)} s (${(total / wall).toFixed(2)} cores busy)`,
  );
  process.exitCode = code;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
