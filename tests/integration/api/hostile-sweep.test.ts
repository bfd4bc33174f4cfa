// The hostile probes will be run again with other inputs (decision 13), so every route, fed each class of
// hostile input (free text, numbers, path segments, bodies of the wrong shape), answers an envelope < 500.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_BODIES, HOSTILE_NUMBERS, HOSTILE_TEXTS } from '#shared/testing/hostile-inputs';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json } from './helpers';

let token: string;
let user: string;
beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  token = await deviceToken();
  user = (
    await json(
      await call('/user/register', {
        body: JSON.stringify({ name: 'Sweep', email: 'sweep@example.com', password: 'secret1' }),
        token,
      }),
    )
  ).data.access_token;
});

// As a browser sends a URL: the characters the URL parser would escape after signing are escaped first.
const q = (v: string) =>
  encodeURIComponent(v).replace(/['()*!]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
const headers = () => ({ authorization: `Bearer ${user}`, lang: 'ar', 'x-country': 'SA' });

async function expectEnvelope(res: Response, what: string) {
  expect(res.status, what).toBeLessThan(500);
  const body = await json(res);
  expect(body.meta.code, what).toBe(res.status);
}

const TEXT_QUERIES = [
  '/product/search?q=',
  '/product/filter-sort?q=',
  '/country/dhl_list?countrySearch=',
  '/city/dhl_list?dhl_country_id=1&citySearch=',
  '/category?includes=',
  '/country?x=',
];
const NUMBER_PATHS = [
  '/product/',
  '/product/list/',
  '/brand/',
  '/brand/list/',
  '/category/',
  '/nutritionist/',
  '/order/',
  '/user/order/',
  '/user/order/list/',
  '/user/wallet/history/',
  '/sitemap/products/',
  '/user/address/',
];
const POSTS = [
  '/product',
  '/product/filter-sort',
  '/product/sku',
  '/brand/list',
  '/nutritionist/list',
  '/order/calculate',
  '/order/submit',
  '/order/payAgain',
  '/user/login',
  '/user/register',
  '/user/forgot-password',
  '/user/reset-password',
  '/user/profile/set-name',
  '/user/profile/set-phone',
  '/user/address/new',
  '/user/wallet/charge',
  '/search/set-term',
  '/misc/contact',
  '/misc/become-supplier',
  '/product/1/notify-me',
];

describe('hostile input sweep', () => {
  it.each(TEXT_QUERIES)('%s with hostile text answers < 500', async (prefix) => {
    for (const text of HOSTILE_TEXTS)
      await expectEnvelope(
        await call(`${prefix}${q(text)}`, { token, headers: headers() }),
        `${prefix} ${JSON.stringify(text.slice(0, 20))}`,
      );
  });

  it.each(NUMBER_PATHS)('%s<hostile id or page> answers < 500', async (prefix) => {
    for (const n of [...HOSTILE_NUMBERS, '0', '99999999999999999999', '1'.repeat(400)]) {
      await expectEnvelope(await call(`${prefix}${q(n)}`, { token, headers: headers() }), `${prefix}${n}`);
    }
  });

  it.each(POSTS)('POST %s with a body of the wrong shape answers < 500', async (path) => {
    for (const body of HOSTILE_BODIES)
      await expectEnvelope(await call(path, { body, token, headers: headers() }), `${path} ${body.slice(0, 30)}`);
  });
});
