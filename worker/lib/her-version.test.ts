import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env';
import { CHANGES_NOTHING_OF_HERS, herVersion, mayChangeHer, renewHerVersion } from './her-version';

describe('her version', () => {
  it('is renewed by her writes and her recorded product views, not by her other reads', () => {
    for (const [method, path] of [
      ['POST', '/cart'],
      ['POST', '/user/logout'],
      ['POST', '/wishlists/3/items'],
      ['GET', '/product/gamma-vitamin-c-1000/v2'],
      ['GET', '/product/4/v2?lang=en'],
    ])
      expect(mayChangeHer(method!, path!), `${method} ${path}`).toBe(true);
    for (const [method, path] of [
      ['GET', '/user/me'],
      ['GET', '/homepage/v4'],
      ['GET', '/product/4'],
      ['GET', '/product/4/v2/reviews'],
    ])
      expect(mayChangeHer(method!, path!), `${method} ${path}`).toBe(false);
  });

  it('is not renewed by what her browser sends while browsing that changes nothing her parts show', () => {
    for (const path of [
      // Reads sent as POSTs: a listing, its filters, the cart's names and prices, checkout's totals.
      '/product',
      '/product/2',
      '/product/filter-sort',
      '/product/sku',
      '/order/calculate',
      '/viewed/cards',
      // Writes of what none of her parts reads.
      '/cart/saved',
      '/list/new',
      '/list/7/items/add',
      '/list/7/items/remove',
      '/list/shared/Ab_9-x/follow',
      '/product/4/notify-me',
      '/search/set-term',
      '/search/clear',
      '/user/push/subscribe',
      '/user/push/preferences',
      '/review/12/helpful',
      '/answer/5/helpful',
    ])
      expect(mayChangeHer('POST', path), path).toBe(false);
  });

  it('is still renewed by every write that may change her parts, and by any write it does not know', () => {
    for (const path of [
      // Her orders, subscriptions, quiz, recently viewed, health and blood-test rows, her details, her session.
      '/order/submit',
      '/order/cancel',
      '/subscriptions',
      '/subscriptions/3',
      '/quiz/answer',
      '/viewed',
      '/viewed/clear',
      '/user/data/health/erase',
      '/user/bloodtest/units',
      '/user/upload/bloodtest/4/values',
      '/consultation',
      '/user/profile/set-name',
      '/user/profile/whatsapp',
      '/user/address/3/default',
      '/user/order/8/return',
      '/user/login',
      '/user/logout',
      // Near a named path but not it, and what no one named yet.
      '/cart/saved/extra',
      '/cart/restore',
      '/list/7/items/add/../../../user/profile',
      '/user/push/subscribe/more',
      '/product/4/reviews',
      // A report may hide a review: the product's stars on her cards change.
      '/review/12/report',
      '/a-route-of-tomorrow',
    ])
      expect(mayChangeHer('POST', path), path).toBe(true);
    // A named path by another method is not what was read of it.
    expect(mayChangeHer('DELETE', '/cart/saved')).toBe(true);
    expect(mayChangeHer('PUT', '/product/sku')).toBe(true);
    for (const entry of CHANGES_NOTHING_OF_HERS) expect(entry.why.length, String(entry.path)).toBeGreaterThan(20);
  });

  it('sets one new value a request, which the same request then reads; a malformed cookie is none', async () => {
    const app = new Hono<AppEnv>();
    app.get('/', (c) => {
      const before = herVersion(c, false);
      const first = renewHerVersion(c, false);
      const second = renewHerVersion(c, false);
      return c.json({ before, first, second, now: herVersion(c, false) });
    });
    const res = await app.request('/', { headers: { cookie: 'hv=not-a-version!' } });
    const body = (await res.json()) as Record<string, string | null>;
    expect(body.before).toBeNull();
    expect(body.first).toMatch(/^[\w-]{16}$/);
    expect(body.second).toBe(body.first);
    expect(body.now).toBe(body.first);
    expect(res.headers.getSetCookie()).toEqual([expect.stringMatching(new RegExp(`^hv=${body.first};.*HttpOnly`))]);
  });
});
