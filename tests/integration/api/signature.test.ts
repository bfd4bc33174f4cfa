// Every API request must carry a valid signature: spec §7, decision 0004.
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import type { NonceGuard } from '#api/src/lib/nonce-guard';
import { describe, expect, it } from 'vitest';
import { signedRequest } from '../../support/signed-fetch';
import { call, deviceToken, json } from './helpers';

describe('request signatures', () => {
  it('accepts a correctly signed request', async () => {
    const res = await call('/health');
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ data: { status: 'ok' }, meta: { msg: 'ok', code: 200, msgType: 0 } });
  });

  it('refuses a request without a signature', async () => {
    const res = await exports.default.fetch(new Request('https://api.test/health'));
    expect(res.status).toBe(401);
    expect((await json(res)).meta).toEqual({ msg: 'signature_missing', code: 401, msgType: 1 });
  });

  it("answers the storefront's own door unsigned, and only the door (decision 78)", async () => {
    // The entrypoint only a service binding can name: the storefront's calls need no signature there.
    const door = exports.StorefrontDoor as unknown as Fetcher;
    const through = await door.fetch(new Request('https://api.test/health'));
    expect(through.status).toBe(200);
    // A device-checked route through the door still checks the device: the door vouches for the caller,
    // not for the shopper's tokens.
    const country = await door.fetch(
      new Request('https://api.test/country', { headers: { 'x-token': 'dv1.forged.x' } }),
    );
    expect(country.status).toBe(403);
    // The same requests at the default entrypoint (the internet's, with API_ORIGIN) are refused unsigned.
    for (const path of ['/health', '/country']) {
      const res = await exports.default.fetch(new Request(`https://api.test${path}`));
      expect(res.status, path).toBe(401);
    }
  });

  it('refuses a request signed with another secret', async () => {
    const res = await call('/health', { secret: 'someone-elses-secret-0123456789abcdef' });
    expect(res.status).toBe(401);
    expect((await json(res)).meta.msg).toBe('signature_invalid');
  });

  it('refuses a tampered body', async () => {
    const token = await deviceToken();
    const req = await signedRequest('/device/auth', { body: JSON.stringify({ a: 1 }), token });
    const tampered = new Request(req, { body: JSON.stringify({ a: 2 }) });
    const res = await exports.default.fetch(tampered);
    expect(res.status).toBe(401);
    expect((await json(res)).meta.msg).toBe('signature_invalid');
  });

  it('refuses a changed path or query', async () => {
    const req = await signedRequest('/country?x=1');
    const moved = new Request('https://api.test/country?x=2', { headers: req.headers });
    const res = await exports.default.fetch(moved);
    expect(res.status).toBe(401);
    expect((await json(res)).meta.msg).toBe('signature_invalid');
  });

  it('refuses a timestamp more than 300 s old or ahead', async () => {
    // Ten seconds past the window, not one: a timestamp ahead of the clock comes closer to it while the
    // request travels, and on a loaded two-core machine that took more than a second.
    for (const skew of [-310_000, 310_000]) {
      const res = await call('/health', { now: Date.now() + skew });
      expect(res.status).toBe(401);
      expect((await json(res)).meta.msg).toBe('signature_expired');
    }
    const within = await call('/health', { now: Date.now() - 250_000 });
    expect(within.status).toBe(200);
  });

  it('refuses a replayed nonce', async () => {
    const first = await signedRequest('/health');
    const replay = first.clone();
    expect((await exports.default.fetch(first)).status).toBe(200);
    const res = await exports.default.fetch(replay);
    expect(res.status).toBe(401);
    expect((await json(res)).meta.msg).toBe('signature_replayed');
  });

  it('does not let a forged request burn a real nonce', async () => {
    const nonce = crypto.randomUUID();
    const forged = await call('/health', { nonce, secret: 'forger-secret-0123456789abcdef0123456' });
    expect(forged.status).toBe(401);
    const real = await call('/health', { nonce });
    expect(real.status).toBe(200);
  });

  // A captured request must not be replayable as another shopper, language, country, address or site.
  it.each([
    ['authorization', 'Bearer someone-elses-token'],
    ['x-token', 'dv1.other.device'],
    ['lang', 'ar'],
    ['x-country', 'SA'],
    ['x-client-ip', '203.0.113.9'],
    ['x-site-origin', 'https://evil.example'],
  ])('refuses a request whose %s header was changed or added after signing', async (name, value) => {
    const req = await signedRequest('/health', { headers: { lang: 'en', 'x-country': 'KW' } });
    const headers = new Headers(req.headers);
    headers.set(name, value);
    const res = await exports.default.fetch(new Request(req.url, { headers }));
    expect(res.status).toBe(401);
    expect((await json(res)).meta.msg).toBe('signature_invalid');
  });
});

describe('the nonce guard', () => {
  const guard = (name: string) => {
    const ns = env.NONCES as DurableObjectNamespace<NonceGuard>;
    return ns.get(ns.idFromName(name));
  };

  it('schedules one purge for many claims, forgets expired nonces, and schedules again after', async () => {
    const stub = guard('purge-test');
    const past = Date.now() - 1000;
    expect(await stub.claim('expired-nonce-0001', past)).toBe(true);
    expect(await stub.claim('expired-nonce-0001', past)).toBe(false);
    const first = await runInDurableObject(stub, (_o, state) => state.storage.getAlarm());
    expect(first).not.toBeNull();
    expect(await stub.claim('expired-nonce-0002', past)).toBe(true);
    expect(await runInDurableObject(stub, (_o, state) => state.storage.getAlarm())).toBe(first);

    // The purge deletes what has expired and, with nothing left, schedules nothing.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await runInDurableObject(stub, (_o, state) => state.storage.getAlarm())).toBeNull();
    // An expired nonce is gone, so its signature's own time check is what refuses it from then on.
    expect(await stub.claim('expired-nonce-0001', Date.now() + 60_000)).toBe(true);
    expect(await runInDurableObject(stub, (_o, state) => state.storage.getAlarm())).not.toBeNull();
  });
});
