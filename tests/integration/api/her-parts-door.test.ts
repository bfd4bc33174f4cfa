// Her parts through the storefront's door by a method call (decision 80): the same data as the routes'
// `only=for_you` and `only=hers` answers, her view kept, her session's end and a missing product said by
// status, the API's own trouble never said as hers, and the D1 work counted outside production.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { herParts } from '#api/src/door/her-parts';
import { derivedEnv } from '#api/src/lib/derived-env';
import type { HerPartsAnswer, HerPartsAsk } from '#shared/api/her-parts-door';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json, shopperRow, viewedIds } from './helpers';

const db = env.DB;
/** A passing D1 failure (db/transient.ts), as the binding says it when its retries are spent. */
const BUSY = 'D1_ERROR: D1 DB is overloaded. Too many requests queued.';
let device: string;

beforeAll(async () => {
  await loadCatalogueFixture(db);
  device = await deviceToken();
});

const get = (path: string, user: string, lang = 'en', country = 'KW') =>
  call(path, {
    method: 'GET',
    token: device,
    headers: { authorization: `Bearer ${user}`, 'x-country': country, lang },
  });

/** The door's method as the storefront calls it (her view is written before it answers: decision 82). */
function ask(over: Partial<HerPartsAsk> & { token: string }, base: ApiEnv = env): Promise<HerPartsAnswer> {
  return herParts(base, {
    lang: 'en',
    country: 'KW',
    bookmark: null,
    requestId: crypto.randomUUID(),
    home: false,
    product: null,
    countries: false,
    meter: null,
    ...over,
  });
}

/** A home section as her parts' answer and the home route give it. */
type ForYou = { type: string; data?: { kind?: string; items?: Array<{ id: number }> } };

/** Her views of whey (5, the newest) and magnesium (3), the order her lists show them in. */
function viewTwo(userId: number, now: number): Promise<unknown> {
  return db
    .prepare('INSERT INTO viewed_products (user_id, product_id, viewed_at) VALUES (?, 5, ?), (?, 3, ?)')
    .bind(userId, now, userId, now - 1)
    .run();
}

describe("her parts through the storefront's door", () => {
  it("answers what the routes' partial answers do, in both languages and countries, and keeps her view", async () => {
    const her = await shopperRow('door-same');
    const now = Date.now();
    await viewTwo(her.id, now);
    for (const [lang, country] of [
      ['en', 'KW'],
      ['ar', 'SA'],
    ] as const) {
      const product = await ask({ token: her.token, lang, country, product: 'alpha-vitamin-d3-1000' });
      expect(product.status).toBe(200);
      const byRoute = (await json(await get('/product/alpha-vitamin-d3-1000/v2?only=hers', her.token, lang, country)))
        .data;
      // The route's answer came after the door's view of the same product: her list is the same either way.
      expect('product' in product && product.product).toEqual(byRoute);
      const home = await ask({ token: her.token, lang, country, home: true });
      const homeByRoute = (await json(await get('/homepage/v4?only=for_you', her.token, lang, country))).data;
      expect('home' in home && home.home).toEqual(homeByRoute);
    }
    // The country list, when the storefront has no copy of it, is GET /country's; not asked, not sent.
    const withList = await ask({ token: her.token, product: '1', countries: true });
    const list = (await json(await call('/country', { method: 'GET', token: device }))).data;
    expect(withList.status).toBe(200);
    expect(withList.countries).toEqual(list);
    const without = await ask({ token: her.token, product: '1' });
    expect(without.status).toBe(200);
    expect(without.countries).toBeUndefined();
    // Her view of product 1 was kept by the door's call, first in her list.
    await db.prepare('DELETE FROM viewed_products WHERE user_id = ? AND product_id = 1').bind(her.id).run();
    await ask({ token: her.token, product: '1' });
    expect(await viewedIds(device, her.token)).toEqual([1, 5, 3]);
  });

  it("says her session ended and a product missing by status, and the API's trouble as its own", async () => {
    const her = await shopperRow('door-ended');
    expect(await ask({ token: her.token, product: 'no-such-product' })).toMatchObject({
      status: 404,
      key: 'not_found',
    });
    expect((await ask({ token: her.token, product: 'alpha-vitamin-d3-1000' })).status).toBe(200);
    expect(
      (await call('/user/logout', { body: '{}', token: device, headers: { authorization: `Bearer ${her.token}` } }))
        .status,
    ).toBe(200);
    for (const page of [{ home: true }, { product: 'alpha-vitamin-d3-1000' }]) {
      expect(await ask({ token: her.token, ...page }), JSON.stringify(page)).toMatchObject({
        status: 401,
        key: 'unauthorized',
      });
    }
    expect(await ask({ token: 'not-a-session', home: true })).toMatchObject({ status: 401 });
    // The country list asked for comes with a 404 and a 401 too: the page still has its prices.
    for (const page of [{ product: 'no-such-product' }, { home: true }]) {
      const refused = await ask({ token: her.token, countries: true, ...page });
      expect(refused.status, JSON.stringify(page)).toBeGreaterThanOrEqual(401);
      expect(refused.countries?.items.length, JSON.stringify(page)).toBeGreaterThan(0);
    }
    // A database that fails outright is the server's trouble (500), never a 401 that would sign her out.
    const failing = (message: string) =>
      derivedEnv(env, {
        DB: new Proxy(env.DB, {
          get(target, prop) {
            if (prop === 'withSession' || prop === 'prepare' || prop === 'batch')
              return () => {
                throw new Error(message);
              };
            return Reflect.get(target, prop);
          },
        }),
      });
    const other = await shopperRow('door-broken');
    expect(await ask({ token: other.token, home: true }, failing('D1 is down'))).toMatchObject({
      status: 500,
      key: 'server_error',
    });
    // D1 busy for a moment is answered as the app answers it: 503, the server's trouble too.
    expect(await ask({ token: other.token, home: true }, failing(BUSY))).toMatchObject({
      status: 503,
      key: 'service_busy',
    });
  });

  it('counts its D1 work outside production and names the statements when asked', async () => {
    const her = await shopperRow('door-counts');
    const answer = await ask({ token: her.token, product: 'alpha-vitamin-d3-1000', meter: { d1RttMs: 0, sql: true } });
    expect(answer.status).toBe(200);
    // Her reads and her view's write in one round trip (decision 82), her list trimmed by its trigger.
    expect(answer.d1!.roundTrips).toBe(1);
    expect(answer.d1!.statements).toBe(3);
    // Her view's write among them (her list's read names the table too: the write is the INSERT).
    expect(answer.d1!.sql!.some((sql) => /^(\/\* repeatable \*\/)?\s*INSERT INTO viewed_products/.test(sql))).toBe(
      true,
    );
    expect('bookmark' in answer && typeof answer.bookmark).toBe('string');
  });

  it('asks her home sections in one round trip when she has only viewed, her views beside what she has', async () => {
    const her = await shopperRow('door-home-trips');
    const now = Date.now();
    const meter = { d1RttMs: 0, sql: true };
    // Nothing of hers yet: her sections are none, still one round trip.
    const none = await ask({ token: her.token, home: true, meter });
    expect(none).toMatchObject({ status: 200, home: { sections: [] } });
    expect(none.d1!.roundTrips).toBe(1);
    await viewTwo(her.id, now);
    for (const [lang, country] of [
      ['en', 'KW'],
      ['ar', 'SA'],
    ] as const) {
      const answer = await ask({ token: her.token, home: true, lang, country, meter });
      expect(answer.status).toBe(200);
      // Her views read beside what she has, not in a second round trip once it says she viewed.
      expect(answer.d1!.roundTrips, lang).toBe(1);
      const sections = ('home' in answer ? answer.home!.sections : []) as ForYou[];
      const viewed = sections.find((section) => section.data?.kind === 'recently-viewed');
      expect(
        (viewed?.data?.items ?? []).map((card) => card.id),
        lang,
      ).toEqual([5, 3]);
      // The same sections as the whole home's, which still reads her views in a round trip of their own.
      const whole = (await json(await get('/homepage/v4', her.token, lang, country))).data.sections as ForYou[];
      expect(sections, lang).toEqual(whole.filter((section) => section.type === 'for_you'));
    }
  });
});
