// Points to earn where shoppers decide (issue 61): the product page says, in its server-rendered HTML,
// how many points the size shown earns in the shopper's country (Kuwait: 3 decimals, 10 points per
// KWD; Saudi Arabia: 2 decimals, VAT taken out, 1 point per SAR), with the dictionaries' plural forms;
// and the cart's totals (/order/calculate, which the cart already asks) carry what the cart earns.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from '#shared/i18n';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { pointsForPrice } from '#shared/loyalty/rules';
import { currencyInfoFor, payableMinor, RATE_SCALE } from '#shared/money';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { storefront } from './helpers';

const SLUG = 'alpha-vitamin-d3-1000';

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

/** What `count` of the default size earn in a country, by the loyalty rules' own arithmetic. */
async function expectedPoints(country: 'KW' | 'SA', price: number, count = 1) {
  // The country's rate and VAT, and its earning rate, as the shop's settings hold them.
  const row = (await env.API_DB.prepare(
    `SELECT c.exchange_rate_scaled AS rate, coalesce(s.vat_basis_points, 0) AS vat, r.points_per_unit AS per_unit
     FROM countries c LEFT JOIN country_settings s ON s.country = c.code JOIN loyalty_rules r ON r.country = c.code
     WHERE c.code = ?`,
  )
    .bind(country)
    .first<{ rate: number; vat: number; per_unit: number }>())!;
  const currency = currencyInfoFor(country, country === 'KW' ? RATE_SCALE : row.rate, row.vat);
  return pointsForPrice(payableMinor(price, currency) * count, {
    vat_basis_points: currency.vatBasisPoints,
    decimals: currency.decimals,
    perUnit: row.per_unit,
  });
}

const defaultPrice = async () =>
  (await env.API_DB.prepare('SELECT s.price FROM products p JOIN skus s ON s.id = p.default_sku_id WHERE p.slug = ?')
    .bind(SLUG)
    .first<number>('price'))!;

const earnLine = (html: string) => /<p class="points-earn" data-testid="points-earn">([^<]*)<\/p>/.exec(html)?.[1];

describe('points to earn', () => {
  it('are on the product page in English for Kuwait and in Arabic for Saudi Arabia, as text', async () => {
    const price = await defaultPrice();
    const kw = await expectedPoints('KW', price);
    const sa = await expectedPoints('SA', price);
    expect(kw).toBeGreaterThan(0);
    expect(sa).toBeGreaterThan(0);
    // The two countries' rules give different numbers for the same product.
    expect(kw).not.toBe(sa);

    const english = await (await storefront(`https://shop.test/products/${SLUG}`)).text();
    expect(earnLine(english)).toBe(createTranslator('en', en).t('product_points_earn', { count: kw }));
    expect(earnLine(english)).toContain(`${kw} loyalty points`);

    const arabic = await (
      await storefront(`https://shop.test/ar/products/${SLUG}`, { headers: { cookie: 'country=SA' } })
    ).text();
    const said = createTranslator('ar', ar).t('product_points_earn', { count: sa });
    expect(earnLine(arabic)).toBe(said);
    // Arabic's plural form for this number, not English's "points".
    const form = new Intl.PluralRules('ar').select(sa);
    expect(said).toBe((ar.product_points_earn as Record<string, string>)[form]!.replace('{{count}}', String(sa)));
  });

  it("are in the cart's totals, for a guest what an account would earn", async () => {
    const price = await defaultPrice();
    const sku = await env.API_DB.prepare('SELECT default_sku_id FROM products WHERE slug = ?')
      .bind(SLUG)
      .first<number>('default_sku_id');
    for (const country of ['KW', 'SA'] as const) {
      const res = await storefront('/api/order/calculate', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://shop.test', cookie: `country=${country}` },
        body: JSON.stringify({ items: [{ sku_id: sku, count: 2 }] }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { points: unknown; points_to_earn: number } };
      expect(body.data.points).toBeNull();
      expect(body.data.points_to_earn).toBe(await expectedPoints(country, price, 2));
    }
  });
});
