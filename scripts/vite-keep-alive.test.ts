// A connection left idle between two requests is still the server's when the second comes: the e2e
// shop's server (vite preview) dropped it after Node's 5 s, and a story's request on it failed with
// ECONNRESET.
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PreviewServer } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { keepAlive } from './vite-keep-alive.mjs';

let server: Server;
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(port: number, agent: Agent): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = request({ port, agent, path: '/' }, (res) => {
      res.resume();
      res.on('end', () => resolve(req.reusedSocket));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the local server', () => {
  it('keeps an idle connection past Node’s five seconds, so a request on it is not reset', async () => {
    server = createServer((_req, res) => res.end('ok'));
    const hook = keepAlive().configurePreviewServer as (s: PreviewServer) => void;
    hook({ httpServer: server } as unknown as PreviewServer);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(port, agent)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    // The same connection still serves: Node's default closes it after 5 s and its 1 s buffer.
    expect(await get(port, agent)).toBe(true);
    agent.destroy();
  }, 15_000);
});
