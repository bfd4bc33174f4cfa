// Every route that reads a body caps it in bytes (hono/body-limit), declared or streamed, and refuses
// more with 413 and the payload_too_large message key. Arabic text is two bytes a letter: counting
// letters let twice the limit through.
import { describe, expect, it } from 'vitest';
import { storefront } from './helpers';

const SAME_SITE = { 'sec-fetch-site': 'same-origin' };
const ARABIC_LETTER = 'ش';

const routes = [
  { path: '/api/user/login', limit: 1024 * 1024, type: 'application/json' },
  { path: '/csp-report', limit: 16 * 1024, type: 'application/csp-report' },
  { path: '/monitoring', limit: 512 * 1024, type: 'text/plain' },
  { path: '/payments/webhook/tap', limit: 64 * 1024, type: 'application/json' },
  { path: `/payments/sandbox/pay_${'a'.repeat(24)}`, limit: 1024, type: 'application/x-www-form-urlencoded' },
];

function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 4096) controller.enqueue(bytes.slice(i, i + 4096));
      controller.close();
    },
  });
}

async function expectTooLarge(res: Response) {
  expect(res.status).toBe(413);
  expect(await res.json()).toMatchObject({ data: null, meta: { msg: 'payload_too_large', code: 413 } });
}

describe('request body limits', () => {
  it.each(routes)('$path refuses a declared body over $limit bytes', async ({ path, limit, type }) => {
    await expectTooLarge(
      await storefront(path, {
        method: 'POST',
        headers: { ...SAME_SITE, 'content-type': type },
        body: 'x'.repeat(limit + 1),
      }),
    );
  });

  it.each(routes)(
    '$path refuses a streamed body (no Content-Length) over $limit bytes',
    async ({ path, limit, type }) => {
      const init = {
        method: 'POST',
        headers: { ...SAME_SITE, 'content-type': type },
        body: streamOf('x'.repeat(limit + 1)),
        duplex: 'half',
      } as RequestInit;
      await expectTooLarge(await storefront(path, init));
    },
  );

  it.each(routes)(
    '$path counts bytes, not letters: Arabic text over $limit bytes is refused',
    async ({ path, limit, type }) => {
      const body = ARABIC_LETTER.repeat(Math.floor(limit / 2) + 1);
      expect(body.length).toBeLessThan(limit);
      await expectTooLarge(
        await storefront(path, { method: 'POST', headers: { ...SAME_SITE, 'content-type': type }, body }),
      );
    },
  );

  it('lets a body of the limit through to the route (the sandbox form answers 400 for an unknown outcome)', async () => {
    const body = `outcome=${'x'.repeat(1024 - 'outcome='.length)}`;
    const res = await storefront(routes[4]!.path, {
      method: 'POST',
      headers: { ...SAME_SITE, 'content-type': routes[4]!.type },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ meta: { msg: 'bad_request' } });
  });
});
