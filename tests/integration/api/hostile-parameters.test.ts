// Numeric parameters the hostile probes sent (decision 13) must be 4xx envelopes with a message key, never a 500.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_NUMBERS } from '#shared/testing/hostile-inputs';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json } from './helpers';

let token: string;
beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  token = await deviceToken();
});

// As a browser sends it: the URL parser would otherwise escape ' itself, after signing.
const q = (v: string) => encodeURIComponent(v).replace(/'/g, '%27');

describe('numeric query parameters', () => {
  it.each(HOSTILE_NUMBERS)('product search limit=%j is a 400 bad_request', async (value) => {
    const res = await call(`/product/search?q=vitamin&limit=${q(value)}`, { token });
    expect(res.status).toBe(400);
    expect((await json(res)).meta).toMatchObject({ msg: 'bad_request', code: 400 });
  });

  it.each(HOSTILE_NUMBERS)('DHL city list dhl_country_id=%j is a 400 bad_request', async (value) => {
    const res = await call(`/city/dhl_list?dhl_country_id=${q(value)}&citySearch=a`, {
      token,
      headers: { lang: 'ar' },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).meta.msg).toBe('bad_request');
  });

  it('keeps answering well-formed values in both languages', async () => {
    for (const lang of ['en', 'ar']) {
      const search = await call('/product/search?q=vitamin&limit=2', { token, headers: { lang } });
      expect(search.status).toBe(200);
      expect((await json(search)).data.products.length).toBeLessThanOrEqual(2);
      expect((await call('/product/search?q=vitamin', { token, headers: { lang } })).status).toBe(200);
      expect((await call('/city/dhl_list?dhl_country_id=1', { token, headers: { lang } })).status).toBe(200);
    }
  });
});

describe('numeric path parameters', () => {
  it.each([
    '/product/99999999999999999999999',
    '/order/99999999999999999999999',
    '/user/order/99999999999999999999999',
    '/product/list/99999999999999999999999',
  ])('%s is a 4xx, never a 500', async (path) => {
    const res = await call(path, { token });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
