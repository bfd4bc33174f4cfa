// The amounts a shop owner sets per country (issue 44, finding 11; decision 52): each in the country's
// own currency, round there, never the Kuwaiti one converted.
import { describe, expect, it } from 'vitest';
import { COUNTRY_FACTS } from './countries';
import {
  COUNTRY_AMOUNT_KEYS,
  countryAmountsOf,
  DEFAULT_COUNTRY_AMOUNTS,
  freeDeliveryReached,
  majorCeil,
  unlockPriceLimit,
} from './country-amounts';

describe('the amounts a country starts with', () => {
  it('are round in each currency: whole riyals and dinars, never a converted SAR 224.48', () => {
    for (const [country, amounts] of Object.entries(DEFAULT_COUNTRY_AMOUNTS) as [
      keyof typeof COUNTRY_FACTS,
      typeof DEFAULT_COUNTRY_AMOUNTS.KW,
    ][])
      for (const key of COUNTRY_AMOUNT_KEYS)
        expect(amounts[key] % 10 ** COUNTRY_FACTS[country].decimals, `${country} ${key}`).toBe(0);
    expect(DEFAULT_COUNTRY_AMOUNTS.SA.free_delivery_minor).toBe(20_000); // SAR 200.00
    expect(DEFAULT_COUNTRY_AMOUNTS.SA.price_quick_max_minor).toBe(25_000); // 'Under SAR 250'
    expect(DEFAULT_COUNTRY_AMOUNTS.KW.free_delivery_minor).toBe(15_000); // KWD 15.000 (spec §9)
    expect(DEFAULT_COUNTRY_AMOUNTS.KW.price_quick_max_minor).toBe(25_000); // 'Under KD 25'
  });

  it('fill what a settings row lacks from the country’s own defaults, not Kuwait’s', () => {
    expect(countryAmountsOf('SA', null)).toEqual(DEFAULT_COUNTRY_AMOUNTS.SA);
    expect(countryAmountsOf('SA', { free_delivery_minor: 30_000, unlock_margin_minor: null })).toEqual({
      ...DEFAULT_COUNTRY_AMOUNTS.SA,
      free_delivery_minor: 30_000,
    });
    expect(countryAmountsOf('KW', { price_quick_max_minor: 0 }).price_quick_max_minor).toBe(25_000);
  });
});

describe('comparing with a country’s threshold', () => {
  it('compares the payable subtotal with the threshold in one currency', () => {
    expect(freeDeliveryReached(19_999, 20_000)).toBe(false);
    expect(freeDeliveryReached(20_000, 20_000)).toBe(true);
  });

  it('writes the filter’s bounds in whole units of the country’s currency, rounded up', () => {
    expect(majorCeil(25_000, 'SA')).toBe(250);
    expect(majorCeil(25_000, 'KW')).toBe(25);
    expect(majorCeil(25_001, 'SA')).toBe(251);
    expect(majorCeil(25_001, 'KW')).toBe(26);
  });

  it('limits the unlock suggestions to ceil(remaining + the country’s margin) in its own currency', () => {
    // Kuwait: KWD 1.250 left + KWD 2 → KWD 4; nothing left → KWD 2.
    expect(unlockPriceLimit(1_250, 2_000, 'KW')).toBe(4);
    expect(unlockPriceLimit(-5, 2_000, 'KW')).toBe(2);
    expect(unlockPriceLimit(1_000, 2_000, 'KW')).toBe(3);
    // Saudi Arabia: SAR 14.03 left + SAR 25 → SAR 40 (not 2 KD converted, SAR 28.06 with VAT).
    expect(unlockPriceLimit(1_403, 2_500, 'SA')).toBe(40);
    expect(unlockPriceLimit(0, 2_500, 'SA')).toBe(25);
  });
});
