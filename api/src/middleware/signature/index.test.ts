import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { signRequest } from '#shared/api/signing';
import { ApiError } from '#api/src/lib/errors';
import { verifySignature } from './index';

const SECRET = 'unit-test-secret-0123456789abcdef0123';

function app(now = () => Date.now()) {
  const seen = new Set<string>();
  const a = new Hono();
  a.use(
    verifySignature({
      secret: () => SECRET,
      now,
      claimNonce: async (_c, nonce) => !seen.has(nonce) && Boolean(seen.add(nonce)),
    }),
  );
  a.post('/echo', async (c) => c.text(await c.req.text()));
  a.onError((err, c) => (err instanceof ApiError ? c.text(err.key, err.status) : c.text('boom', 500)));
  return a;
}

async function signed(body: string, at = Date.now()) {
  return { method: 'POST', body, headers: { ...(await signRequest(SECRET, 'POST', '/echo', body, at)) } };
}

describe('verifySignature', () => {
  it('passes a signed request and leaves the body readable for the route', async () => {
    const res = await app().request('/echo', await signed('{"a":1}'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"a":1}');
  });

  it('names each failure with its own message key', async () => {
    const a = app();
    expect(await (await a.request('/echo', { method: 'POST', body: 'x' })).text()).toBe('signature_missing');
    const init = await signed('{"a":1}');
    expect(await (await a.request('/echo', { ...init, body: '{"a":2}' })).text()).toBe('signature_invalid');
    expect(await (await a.request('/echo', await signed('{}', Date.now() - 301_000))).text()).toBe('signature_expired');
    const once = await signed('{}');
    expect((await a.request('/echo', once)).status).toBe(200);
    expect(await (await a.request('/echo', once)).text()).toBe('signature_replayed');
  });
});
