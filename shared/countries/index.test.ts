// The registry's lists agree with the country modules: a country added to one list and not the other
// fails here before any page or contract reads the mismatch.
import { describe, expect, it } from 'vitest';
import { ADDRESS } from './address';
import { AMOUNTS, HOME_FREE_DELIVERY } from './amounts';
import { PRICE_STEPS } from './price-steps';
import { DELIVERY_DAYS, TIME_ZONES, WAREHOUSE, WEEK } from './delivery';
import { ENTITIES } from './entities';
import { LEGAL } from './legal';
import {
  CORE,
  COUNTRY_CODES,
  countryOfCurrency,
  CURRENCY_CODES,
  currencyOf,
  HOME_COUNTRY,
  isCountryCode,
} from './index';
import { mapCountries } from './map';
import { PAYMENTS } from './payments';
import { CARRIERS, countriesServedBy, HOLIDAY_RULES, OWN_FLEET_COUNTRY, TAX } from './rules';

describe('the countries registry', () => {
  it('lists each country once, in every table, the home country first', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    for (const table of [
      CORE,
      ENTITIES,
      TAX,
      ADDRESS,
      DELIVERY_DAYS,
      WEEK,
      WAREHOUSE,
      TIME_ZONES,
      HOLIDAY_RULES,
      PAYMENTS,
      CARRIERS,
      AMOUNTS,
      PRICE_STEPS,
      LEGAL,
    ])
      expect(Object.keys(table)).toEqual([...COUNTRY_CODES]);
    expect(HOME_COUNTRY).toBe(COUNTRY_CODES[0]);
    expect(HOME_FREE_DELIVERY.free_delivery_minor).toBe(AMOUNTS[HOME_COUNTRY].free_delivery_minor);
    expect(HOME_FREE_DELIVERY.unlock_margin_minor).toBe(AMOUNTS[HOME_COUNTRY].unlock_margin_minor);
  });

  it('gives each country its own currency, and finds the country from it', () => {
    expect(CURRENCY_CODES).toEqual(COUNTRY_CODES.map(currencyOf));
    for (const c of COUNTRY_CODES) expect(countryOfCurrency(currencyOf(c))).toBe(c);
    expect(countryOfCurrency('EUR')).toBeUndefined();
    expect(countryOfCurrency(null)).toBeUndefined();
    expect(isCountryCode('KW')).toBe(true);
    expect(isCountryCode('kw')).toBe(false);
    expect(mapCountries((c) => CORE[c].decimals)).toEqual({ KW: 3, SA: 2, AE: 2 });
  });

  it('keeps the facts that were branches: carriers, address forms, payment methods', () => {
    expect(countriesServedBy('own')).toEqual(['KW']);
    // The driver tables keep no country: the own fleet is one country's (OWN_FLEET_COUNTRY).
    expect(countriesServedBy('own')).toEqual([OWN_FLEET_COUNTRY]);
    expect(countriesServedBy('smsa')).toEqual(['SA']);
    // Aramex's accounts are one a country: each country it serves names its office (the config's default).
    for (const c of countriesServedBy('aramex')) expect(CARRIERS[c].aramexEntity).toMatch(/^[A-Z]{3}$/);
    expect(countriesServedBy('aramex')).toEqual(['KW', 'SA', 'AE']);
    expect(countriesServedBy('dhl')).toEqual(['KW', 'SA', 'AE']);
    expect(ADDRESS.KW.placeField).toBe('area_id');
    expect(ADDRESS.SA.placeField).toBe('city_id');
    expect(PAYMENTS.KW.methods).not.toContain('stc_pay');
    expect(PAYMENTS.SA.methods).toContain('stc_pay');
    // The Emirates: cards, Apple Pay, Tabby and Tamara; none of Kuwait's or Saudi Arabia's own ways.
    expect(PAYMENTS.AE.methods).toEqual(['card', 'apple_pay', 'tabby', 'tamara']);
    expect(ADDRESS.AE).toMatchObject({ form: 'emirate-area', placeField: 'city_id', zone: 'city' });
    expect(TAX.AE).toEqual({ pricesIncludeVat: true, invoice: 'uae-tax-invoice' });
    for (const c of COUNTRY_CODES) for (const card of PAYMENTS[c].cards) expect(PAYMENTS[c].methods).toContain(card);
  });
});
