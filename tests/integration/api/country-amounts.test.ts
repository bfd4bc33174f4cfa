// Amounts a shop owner sets per country (issue 44, finding 11; decision 52): Saudi responses carry Saudi
// amounts, round riyals, never the Kuwaiti ones converted; the back office sets each country's in its
// own currency, only where the member may.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json, registerShopper } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

let token: string;
let owner: TestStaff;
let kuwaitManager: TestStaff;
let fulfilment: TestStaff;

const as = (country: string, user?: string): Record<string, string> => ({
  'x-country': country,
  lang: 'en',
  ...(user ? { authorization: `Bearer ${user}` } : {}),
});
const get = (path: string, country: string, user?: string) => call(path, { token, headers: as(country, user) });
const post = (path: string, body: unknown, country: string, user?: string) =>
  call(path, { token, body: JSON.stringify(body), headers: as(country, user) });
const priceFacet = async (country: string) =>
  (await json(await get('/product/filter-sort', country))).data.filters.find(
    (f: { key: string }) => f.key === 'sku_price',
  );

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  token = await deviceToken();
  owner = await staffWith([{ role: 'owner', country: null }]);
  kuwaitManager = await staffWith([{ role: 'catalogue_manager', country: 'KW' }]);
  fulfilment = await staffWith([{ role: 'fulfilment', country: null }]);
});

describe('a Saudi shopper’s amounts', () => {
  it('are Saudi Arabia’s own round riyals: free delivery from SAR 200, "add X" counted down to it', async () => {
    const countries = (await json(await get('/country', 'SA'))).data.items;
    expect(countries.find((c: { code: string }) => c.code === 'SA')).toMatchObject({
      free_delivery_minor: 20_000,
      unlock_margin_minor: 2_500,
    });
    expect((await json(await get('/user/sync', 'SA'))).data.free_shipping).toBe(20_000);
    const quote = (await json(await post('/order/calculate', { items: [{ sku_id: 101, count: 2 }] }, 'SA'))).data;
    expect(quote).toMatchObject({ currency: 'SAR', free_shipping: 20_000, free_delivery: false });
    // What the banner says is missing is whole-riyal threshold minus the payable subtotal: SAR 200.00 − 98.22.
    expect(quote.free_shipping - quote.subtotal).toBe(20_000 - 9_822);
    // Kuwait keeps the spec's KWD 15.000.
    expect((await json(await get('/user/sync', 'KW'))).data.free_shipping).toBe(15_000);
  });

  it('filters prices with "Under SAR 250" and a range to SAR 10,000, Kuwait with "Under KD 25" to 1,000', async () => {
    expect(await priceFacet('SA')).toMatchObject({ range: { min: 0, max: 10_000 }, quick: [{ range: { max: 250 } }] });
    expect(await priceFacet('KW')).toMatchObject({ range: { min: 0, max: 1_000 }, quick: [{ range: { max: 25 } }] });
  });

  it('caps a wallet top-up at Saudi Arabia’s own SAR 5,000', async () => {
    const shopper = await registerShopper(token, 'amounts');
    const over = await post('/user/wallet/charge', { amount: 500_001, payment_method: 'mada' }, 'SA', shopper.token);
    expect(over.status).toBe(400);
    expect(await json(over)).toMatchObject({ meta: { msg: 'wallet_amount_too_large' }, data: { max: 500_000 } });
  });
});

describe('the back office’s amounts per country', () => {
  it('sets Saudi Arabia’s in riyals; the shop answers with them at once; the audit log keeps before and after', async () => {
    const listed = (await json(await staffCall(owner.token, '/staff/settings/amounts'))).data.countries;
    expect(listed.map((c: { country: string }) => c.country)).toEqual(['KW', 'SA', 'AE']);
    expect(listed[1]).toMatchObject({ free_delivery_minor: 20_000, price_quick_max_minor: 25_000 });
    // The Emirates' rows from migration 0091: round dirhams (AED 200 free delivery).
    expect(listed[2]).toMatchObject({ free_delivery_minor: 20_000, unlock_margin_minor: 2_500 });

    const saved = await staffCall(owner.token, '/staff/settings/amounts', {
      json: {
        country: 'SA',
        free_delivery: '150',
        price_quick_max: '٣٠٠',
        price_range_max: '8000',
        unlock_margin: '30.50',
        wallet_top_up_max: '2000',
      },
    });
    expect(saved.status).toBe(200);
    expect((await json(saved)).meta.msg).toBe('country_amounts_saved');
    expect((await json(await get('/user/sync', 'SA'))).data.free_shipping).toBe(15_000);
    const sa = (await json(await get('/country', 'SA'))).data.items.find((c: { code: string }) => c.code === 'SA');
    expect(sa).toMatchObject({ free_delivery_minor: 15_000, unlock_margin_minor: 3_050 });
    expect(await priceFacet('SA')).toMatchObject({ range: { max: 8_000 }, quick: [{ range: { max: 300 } }] });
    // Kuwait's are untouched.
    expect((await json(await get('/user/sync', 'KW'))).data.free_shipping).toBe(15_000);
    expect(await priceFacet('KW')).toMatchObject({ quick: [{ range: { max: 25 } }] });
    const audit = await env.DB.prepare(
      "SELECT before_json, after_json, country FROM audit_log WHERE action = 'settings.amounts' ORDER BY id DESC",
    ).first<{ before_json: string; after_json: string; country: string }>();
    expect(audit!.country).toBe('SA');
    expect(JSON.parse(audit!.before_json)).toMatchObject({ free_delivery_minor: 20_000 });
    expect(JSON.parse(audit!.after_json)).toMatchObject({
      free_delivery_minor: 15_000,
      wallet_top_up_max_minor: 200_000,
    });
  });

  // Too many decimals and a quick choice above the range: the form's schema's (its unit test).
  it('refuses another country’s grant, and sets the member’s own country', async () => {
    const body = {
      country: 'SA',
      free_delivery: '200.005',
      price_quick_max: '250',
      price_range_max: '10000',
      unlock_margin: '25',
      wallet_top_up_max: '5000',
    };
    // A Kuwait-only manager may set Kuwait's (three decimals), not Saudi Arabia's.
    const other = await staffCall(kuwaitManager.token, '/staff/settings/amounts', {
      json: { ...body, free_delivery: '200' },
    });
    expect(other.status).toBe(403);
    const own = await staffCall(kuwaitManager.token, '/staff/settings/amounts', {
      json: { ...body, country: 'KW', free_delivery: '17.500', price_range_max: '1000', wallet_top_up_max: '500' },
    });
    expect(own.status).toBe(200);
    expect((await json(await get('/user/sync', 'KW'))).data.free_shipping).toBe(17_500);
    const listed = (await json(await staffCall(kuwaitManager.token, '/staff/settings/amounts'))).data.countries;
    expect(listed.map((c: { country: string }) => c.country)).toEqual(['KW']);
  });

  // Cash on delivery where the owner allows (issue 77): the country module's default until she chooses.
  it('sets cash on delivery only where the member may edit amounts, audited; the list shows each country’s', async () => {
    const listed = (await json(await staffCall(owner.token, '/staff/settings/amounts'))).data.countries;
    for (const c of listed) expect(c).toMatchObject({ cod_enabled: true, cod_max_minor: null });
    const body = { country: 'SA', cod_enabled: false, cod_max: '' };
    // No promotions:write (fulfilment counts drivers' cash, it does not set the shop's ways to pay).
    expect((await staffCall(fulfilment.token, '/staff/settings/cash-on-delivery', { json: body })).status).toBe(403);
    // A Kuwait-only manager: not Saudi Arabia's; Kuwait's, with its three decimals, yes.
    expect((await staffCall(kuwaitManager.token, '/staff/settings/cash-on-delivery', { json: body })).status).toBe(403);
    const sa = await env.DB.prepare("SELECT cod_enabled FROM country_settings WHERE country = 'SA'").first();
    expect(sa).toEqual({ cod_enabled: null });
    const own = await staffCall(kuwaitManager.token, '/staff/settings/cash-on-delivery', {
      json: { country: 'KW', cod_enabled: 'on', cod_max: '150.500' },
    });
    expect(own.status).toBe(200);
    expect((await json(own)).data).toMatchObject({ country: 'KW', cod_enabled: true, cod_max_minor: 150_500 });
    const audit = await env.DB.prepare(
      "SELECT before_json, after_json, country FROM audit_log WHERE action = 'settings.cash_on_delivery' ORDER BY id DESC",
    ).first<{ before_json: string; after_json: string; country: string }>();
    expect(audit!.country).toBe('KW');
    expect(JSON.parse(audit!.before_json)).toEqual({ cod_enabled: true, cod_max_minor: null });
    expect(JSON.parse(audit!.after_json)).toEqual({ cod_enabled: true, cod_max_minor: 150_500 });
    const kw = (await json(await staffCall(kuwaitManager.token, '/staff/settings/amounts'))).data.countries[0];
    expect(kw).toMatchObject({ country: 'KW', cod_enabled: true, cod_max_minor: 150_500 });
  });
});
