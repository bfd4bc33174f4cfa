// The check every test's answer goes through (helpers.ts, checkResponse): a route whose contract
// declares `messages` may answer only those keys, its contract's own and the app-wide ones
// (api/src/contract/message-keys.ts). Answers are built here so each case is exactly one key.
import { describe, expect, it } from 'vitest';
import { call, checkResponse, json } from './helpers';

const answer = (status: number, msg: string, data: unknown = null) =>
  new Response(JSON.stringify({ data, meta: { msg, code: status, msgType: status < 300 ? 0 : 1 } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe("an answer's message key", () => {
  // GET /health declares `messages: []`: nothing of its own.
  it('is refused when the route did not declare it, success or failure', async () => {
    await expect(checkResponse('GET', '/health', answer(200, 'coupon_invalid', { status: 'ok' }))).rejects.toThrow(
      /GET \/health answered 200 'coupon_invalid'/,
    );
    await expect(checkResponse('GET', '/health', answer(409, 'cart_changed'))).rejects.toThrow(
      /GET \/health answered 409 'cart_changed'/,
    );
    // A key its contract does not produce either: /health takes no input and needs no session.
    await expect(checkResponse('GET', '/health', answer(401, 'unauthorized'))).rejects.toThrow(/'unauthorized'/);
  });

  it('passes when app-wide, and a 5xx is never the route’s', async () => {
    await checkResponse('GET', '/health', answer(200, 'ok', { status: 'ok' }));
    await checkResponse('GET', '/health', answer(401, 'signature_invalid'));
    await checkResponse('GET', '/health', answer(429, 'rate_limited'));
    await checkResponse('GET', '/health', answer(500, 'cart_changed'));
  });

  it("passes when the route's contract produces it", async () => {
    // A signed-in route with a body: 401 for a stranger, 400 for a body that is not its schema's.
    await checkResponse('POST', '/user/address/new', answer(401, 'unauthorized'));
    await checkResponse('POST', '/user/address/new', answer(400, 'validation_failed'));
    await expect(checkResponse('POST', '/user/address/new', answer(403, 'forbidden'))).rejects.toThrow(/'forbidden'/);
  });
});

describe('the OpenAPI document', () => {
  it("lists each operation's own keys and its contract's, and the app-wide ones once", async () => {
    const doc = await json(await call('/openapi.json'));
    const register = doc.paths['/user/register'].post;
    expect(register['x-messages']).toEqual(['email_taken', 'validation_failed', 'bad_request']);
    expect(register.description).toContain('its own: email_taken; from its contract: validation_failed, bad_request');
    expect(doc.info.description).toContain('device_token_invalid');
    expect(doc.info.description).toContain('rate_limited');
  });
});
