// POST /bundle (decision 40): a page's reads in one signed call, answered in-process next to the data,
// with the device registered in the same trip when the browser has no valid token.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { verifyDeviceToken } from '#api/src/lib/device-token';
import { call, DEVICE, deviceToken, json } from './helpers';

type Answer = { status: number; body: { data: any; meta: { msg: string; code: number } } };
type Bundle = { data: { device_token: string | null; answers: Answer[] }; meta: { msg: string } };

const bundle = (body: unknown, token?: string | null, headers: Record<string, string> = {}) =>
  call('/bundle', { body: JSON.stringify(body), token, headers });

const devices = async () => (await env.DB.prepare('SELECT count(*) AS n FROM devices').first<{ n: number }>())!.n;

describe('POST /bundle', () => {
  it('registers a browser without a token and answers its calls as that device, in order', async () => {
    const before = await devices();
    const res = await bundle({
      calls: [
        { method: 'GET', path: '/country' },
        { method: 'POST', path: '/product', body: {} },
        { method: 'GET', path: '/homepage/v4' },
      ],
      device: DEVICE,
    });
    expect(res.status).toBe(200);
    const { data } = await json<Bundle>(res);
    expect(await verifyDeviceToken('test-token-secret-0123456789abcdef01234', data.device_token)).not.toBeNull();
    expect(await devices()).toBe(before + 1);
    expect(data.answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // Each answer is the envelope the call gets alone.
    const alone = await json(await call('/country', { token: data.device_token }));
    expect(data.answers[0]!.body).toEqual(alone);
    const listing = await json(await call('/product', { token: data.device_token, body: '{}' }));
    expect(data.answers[1]!.body).toEqual(listing);
    // One bundle reports the D1 work of all its calls.
    expect(Number(res.headers.get('x-d1-roundtrips'))).toBeGreaterThanOrEqual(3);
  });

  it('keeps a valid token, and replaces one the API cannot verify in the same call', async () => {
    const token = await deviceToken();
    const kept = await json<Bundle>(
      await bundle({ calls: [{ method: 'GET', path: '/country' }], device: DEVICE }, token),
    );
    expect(kept.data.device_token).toBeNull();
    const renewed = await json<Bundle>(
      await bundle({ calls: [{ method: 'GET', path: '/country' }], device: DEVICE }, 'dv1.stale.token'),
    );
    expect(renewed.data.device_token).toMatch(/^dv1\./);
    expect(renewed.data.answers[0]!.status).toBe(200);
    // Without a registration to fall back on, an unknown device is refused as on any call.
    const refused = await bundle({ calls: [{ method: 'GET', path: '/country' }] }, 'dv1.stale.token');
    expect(refused.status).toBe(403);
    expect((await json(refused)).meta.msg).toBe('device_token_invalid');
  });

  it('answers as the signed-in shopper, and a call needing one as 401 without her', async () => {
    const token = await deviceToken();
    const reg = await json(
      await call('/user/register', {
        token,
        body: JSON.stringify({ name: 'Noura', email: `noura-${Date.now()}@example.com`, password: 'secret1' }),
      }),
    );
    const user = reg.data.access_token as string;
    const calls = [{ method: 'GET', path: '/user/me' }];
    const signedIn = await json<Bundle>(await bundle({ calls }, token, { authorization: `Bearer ${user}` }));
    expect(signedIn.data.answers[0]!.status).toBe(200);
    expect(signedIn.data.answers[0]!.body.data.user.name).toBe('Noura');
    const guest = await json<Bundle>(await bundle({ calls }, token));
    expect(guest.data.answers[0]!.status).toBe(401);
  });

  it('reads the signed-in session once for all of its calls', async () => {
    const token = await deviceToken();
    const reg = await json(
      await call('/user/register', {
        token,
        body: JSON.stringify({ name: 'Hessa', email: `hessa-${Date.now()}@example.com`, password: 'secret1' }),
      }),
    );
    const headers = { authorization: `Bearer ${reg.data.access_token as string}` };
    const me = { method: 'GET', path: '/user/me' };
    const trips = async (calls: unknown[]) => {
      const res = await bundle({ calls }, token, headers);
      const body = await json<Bundle>(res);
      expect(body.data.answers.map((a) => a.status)).toEqual(calls.map(() => 200));
      return Number(res.headers.get('x-d1-roundtrips'));
    };
    // Three calls as one shopper cost what one does: her session is looked up once.
    expect(await trips([me, me, me])).toBe(await trips([me]));
  });

  it('carries reads only: a write, the back office or another bundle is refused alone', async () => {
    const token = await deviceToken();
    const res = await bundle(
      {
        calls: [
          { method: 'POST', path: '/order/submit', body: {} },
          { method: 'GET', path: '/staff/orders' },
          { method: 'POST', path: '/bundle', body: { calls: [{ method: 'GET', path: '/country' }] } },
          // The back office however its path is written: percent-encoded, or resolved from a dot segment.
          { method: 'GET', path: '/%73taff/orders' },
          { method: 'GET', path: '/country/../staff/orders' },
          { method: 'GET', path: '/country' },
        ],
      },
      token,
    );
    expect(res.status).toBe(200);
    const { data } = await json<Bundle>(res);
    expect(data.answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 200]);
    expect(data.answers[0]!.body.meta.msg).toBe('bad_request');
    expect(await env.DB.prepare('SELECT count(*) AS n FROM orders').first('n')).toBe(0);
  });

  it('is refused unsigned, and a bad body is a 400 with its fields', async () => {
    const unsigned = await exports.default.fetch(
      new Request('https://api.test/bundle', { method: 'POST', body: JSON.stringify({ calls: [] }) }),
    );
    expect(unsigned.status).toBe(401);
    const bad = await bundle({ calls: [] }, await deviceToken());
    expect(bad.status).toBe(400);
    expect((await json(bad)).meta.msg).toBe('validation_failed');
  });
});
