// The one resolution of a SKU's price in a country (decision 77, "a country's own prices"): a converted
// country reads skus as before, byte for byte; an own-priced one reads the owner's rows and sells only
// what has one. The own kind is tried by switching a converted country's core row for the test and back
// (the Emirates are own-priced in the registry itself).
import { afterEach, describe, expect, it } from 'vitest';
import { CORE, convertedCountries, type CountryCode, HOME_COUNTRY, ownPricedCountries } from '#shared/countries';
import type { PricingKind } from '#shared/countries/types';
import { currencyInfoFor, payableBoundToBase, payableMinor } from '#shared/money';
import { cardSkuJoin, listingIn, priceIn, priceInRowCountrySql, skuPriceColumns, skusIn } from './country-prices';

const other = convertedCountries().find((c) => c !== HOME_COUNTRY)!;
const rows = CORE as unknown as Record<CountryCode, { pricing: PricingKind }>;
const pricing = (c: CountryCode, kind: PricingKind) => {
  rows[c].pricing = kind;
};
afterEach(() => pricing(other, 'converted'));

describe('a SKU price in a country', () => {
  it('reads skus itself, as before, in a converted country', () => {
    expect(skusIn(other)).toBe('skus');
    expect(skuPriceColumns(other, 's')).toBe('s.price, s.old_price, 1 AS sold');
    expect(listingIn(other)).toEqual({
      minPrice: 'p.min_price',
      maxDiscount: 'p.max_discount',
      inStock: 'p.in_stock = 1',
      sold: null,
    });
    // Only the own-priced countries' rows read theirs: a converted one's falls through to skus.
    expect(priceInRowCountrySql('k', 's.country', 'price')).not.toContain(`'${other}'`);
    expect(cardSkuJoin(other)).toContain('JOIN skus s ON s.id = CASE WHEN p.in_stock = 0');
  });

  it("reads the owner's rows in an own-priced country, and sells only the SKUs that have one", () => {
    pricing(other, 'own');
    expect(skusIn(other)).toContain(`JOIN sku_country_prices cp ON cp.sku_id = k.id AND cp.country = '${other}'`);
    expect(skusIn(other)).toContain('cp.price, cp.old_price');
    expect(skuPriceColumns(other, 's')).toContain(`EXISTS (SELECT 1 FROM sku_country_prices cp WHERE cp.sku_id = s.id`);
    const listing = listingIn(other);
    expect(listing.sold).toBe(
      `p.id IN (SELECT l.product_id FROM product_country_prices l WHERE l.country = '${other}')`,
    );
    expect(listing.minPrice).toContain('product_country_prices');
    expect(priceInRowCountrySql('k', 's.country', 'price')).toContain(
      `WHEN s.country IN (${ownPricedCountries()
        .map((c) => `'${c}'`)
        .join(', ')})`,
    );
    expect(ownPricedCountries()).toContain(other);
    // The card's SKU comes from the sold ones only: a product with none has no card there.
    expect(cardSkuJoin(other)).not.toContain('p.default_sku_id) END');
    // The home country is untouched by another's kind.
    expect(skusIn(HOME_COUNTRY)).toBe('skus');
  });

  it("picks a row's price for a country in JavaScript: its own, the owner's there, or none (not sold)", () => {
    const row = { price: 3_500, old_price: 4_000 };
    const own = JSON.stringify({ [other]: [1_500, null] });
    expect(priceIn(other, row, own)).toEqual(row);
    pricing(other, 'own');
    expect(priceIn(other, row, own)).toEqual({ price: 1_500, old_price: null });
    expect(priceIn(other, row, null)).toBeNull();
    expect(priceIn(HOME_COUNTRY, row, own)).toEqual(row);
  });

  it('takes only codes of the registry into SQL text', () => {
    pricing(other, 'own');
    expect(() => skusIn("KW' OR 1=1 --" as CountryCode)).toThrow(TypeError);
  });
});

describe('what she pays', () => {
  it("converts base fils in a converted country and leaves an own-priced country's amount as it is", () => {
    const converted = currencyInfoFor(other, 122_000, 1_500);
    expect(converted.pricing).toBe('converted');
    expect(payableMinor(4_500, converted)).not.toBe(4_500);
    pricing(other, 'own');
    const own = currencyInfoFor(other, 122_000, 1_500);
    expect(own.pricing).toBe('own');
    expect(payableMinor(4_500, own)).toBe(4_500);
    // A price filter's bound is the amount typed: the listing's prices are in her currency already.
    expect(payableBoundToBase(5_000, own, 'min')).toBe(5_000);
    expect(payableBoundToBase(5_000, own, 'max')).toBe(5_000);
  });
});
