// Notify-me (spec §4, §6): signed-in only, a 200 with a message on each toggle, one list per shopper.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json } from './helpers';

let token: string;
let userA: string;
let userB: string;

const as = (user: string | null): Record<string, string> => (user ? { authorization: `Bearer ${user}` } : {});
const toggle = (id: number | string, body: unknown, user: string | null) =>
  call(`/product/${id}/notify-me`, { body: JSON.stringify(body), token, headers: as(user) });
const list = async (user: string, lang = 'en') =>
  (await json(await call('/product/notify-list', { token, headers: { ...as(user), lang } }))).data.items as Array<{
    id: number;
    name: string;
    default_sku: { will_notify: boolean; in_stock: boolean };
  }>;

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  token = await deviceToken();
  const register = async (email: string) =>
    (
      await json(
        await call('/user/register', { body: JSON.stringify({ name: email, email, password: 'secret1' }), token }),
      )
    ).data.access_token as string;
  userA = await register('a.notify@example.com');
  userB = await register('b.notify@example.com');
});

describe('notify-me', () => {
  it('needs a signed-in shopper', async () => {
    const res = await toggle(2, { value: true }, null);
    expect(res.status).toBe(401);
    expect((await json(res)).meta.msg).toBe('unauthorized');
  });

  it('turns on and off with a 200 and a message, and lists the product for its shopper only', async () => {
    const on = await toggle(2, { value: true }, userA);
    expect(on.status).toBe(200);
    expect((await json(on)).meta).toMatchObject({ code: 200, msg: 'notify_me_on' });
    // Asking twice keeps one entry.
    expect((await toggle(2, { value: true }, userA)).status).toBe(200);
    const mine = await list(userA, 'ar');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: 2,
      name: 'أوميغا 3 زيت السمك',
      default_sku: { will_notify: true, in_stock: false },
    });
    expect(await list(userB)).toEqual([]);

    const off = await toggle(2, { value: false }, userA);
    expect((await json(off)).meta.msg).toBe('notify_me_off');
    expect(await list(userA)).toEqual([]);
  });

  it('refuses a missing value and an unknown product', async () => {
    const bad = await toggle(2, {}, userA);
    expect(bad.status).toBe(400);
    expect((await json(bad)).data.fields).toContainEqual(
      expect.objectContaining({ field: 'value', message: 'mandatory-field' }),
    );
    expect((await toggle(99999, { value: true }, userA)).status).toBe(404);
  });

  it('forgets the list when the account is deleted', async () => {
    await toggle(4, { value: true }, userB);
    expect(await list(userB)).toHaveLength(1);
    expect(
      (await call('/user/remove', { body: JSON.stringify({ password: 'secret1' }), token, headers: as(userB) })).status,
    ).toBe(200);
    const { results } = await env.DB.prepare(
      'SELECT count(*) AS n FROM notify_requests n JOIN users u ON u.id = n.user_id WHERE u.email LIKE ?',
    )
      .bind('deleted-%')
      .all<{ n: number }>();
    expect(results[0]!.n).toBe(0);
  });
});
