// The built shop for a bench run: `scripts/serve-built.mjs` (vite preview of both workers) in a process
// group of its own (detached), so the caller can end vite preview and workerd with it, answered once
// its app-association file answers. A fresh state renders and stores the catalogue images first (up to
// a few minutes on 2 cores); vite preview logs every request, so only the tail is kept, for the error
// message if it dies.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = new URL('..', import.meta.url).pathname;

export async function startBuiltServer(base, env) {
  const child = spawn(process.execPath, ['scripts/serve-built.mjs'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail = [];
  const keep = (chunk) => {
    tail.push(...chunk.toString().split('\n'));
    tail.splice(0, Math.max(0, tail.length - 30));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  child.on('exit', (code) => (exited = code ?? 'signal'));
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`server exited (${exited}) before it was ready:\n${tail.join('\n')}`);
    try {
      const res = await fetch(`${base}/.well-known/assetlinks.json`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return child;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`server not ready on ${base} after 300 s:\n${tail.join('\n')}`);
}
