import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env';
import { herVersion, mayChangeHer, renewHerVersion } from './her-version';

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
