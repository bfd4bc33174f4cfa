// A request answered early, before its body was read (an unknown path, a method not allowed, a body
// over a limit, a refused upload), leaves the connection usable: the next request on the same
// keep-alive connection is answered as usual, never with a 500. Real HTTP against the local server,
// which is where unread bodies broke the next request; no browser is needed.
import http from 'node:http';
import { expect, test } from '@playwright/test';

interface Answer {
  status: number;
  reused: boolean;
}

test('a shopper’s connection keeps working after the shop refuses a request without reading its body', async ({
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { hostname, port } = new URL(baseURL!);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, body = '', headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        { host: hostname === 'localhost' ? '127.0.0.1' : hostname, port, method, path, agent, headers },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  try {
    for (const size of [1_000, 65_536, 11_000_000]) {
      const body = 'x'.repeat(size);
      for (const [method, path, headers] of [
        ['POST', '/collect', { 'content-type': 'application/json' }],
        ['POST', '/api/no/such/path', { 'content-type': 'application/json' }],
        ['PUT', '/', {}],
        ['POST', '/csp-report', {}],
        ['POST', '/api/user/upload/bloodtest', { 'content-type': 'multipart/form-data; boundary=x' }],
      ] as const) {
        const early = await send(method, path, body, { ...headers, 'content-length': String(size) });
        expect(early.status, `${method} ${path} (${size} B)`).toBeGreaterThanOrEqual(400);
        expect(early.status, `${method} ${path} (${size} B)`).toBeLessThan(500);
        const next = await send('GET', '/.well-known/assetlinks.json');
        expect(next.status, `after ${method} ${path} (${size} B)`).toBe(200);
      }
    }
  } finally {
    agent.destroy();
  }
});
