// The back office's Amounts forms (decision 52; issue 77's cash on delivery): what each accepts, in the
// country's own decimals, and that the cash form takes its own output again (the staff worker checks
// the form and hands the result to the API, which checks it with the same schema). Here rather than in
// the API's integration test: the schema decides, no worker is needed (decision 74, room made).
import { describe, expect, it } from 'vitest';
import {
  countryAmountsInputSchema,
  countryAmountsValues,
  countryCashInputSchema,
  countryCashValues,
} from './country-amounts-schemas';

const SA = {
  country: 'SA',
  free_delivery: '200',
  price_quick_max: '250',
  price_range_max: '10000',
  unlock_margin: '25',
  wallet_top_up_max: '5000',
};
const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('a country’s amounts', () => {
  it('refuses more decimals than its currency has, and a quick choice above the range', () => {
    expect(issue(countryAmountsInputSchema.safeParse({ ...SA, free_delivery: '200.005' }))).toBe(
      'country_amount_decimals',
    );
    expect(issue(countryAmountsInputSchema.safeParse({ ...SA, price_quick_max: '20000' }))).toBe(
      'country_amount_quick_above_range',
    );
    // Kuwait's three decimals are its own, Arabic-Indic digits read as typed.
    const kw = countryAmountsInputSchema.parse({ ...SA, country: 'KW', free_delivery: '١٧.٥٠٠' });
    expect(countryAmountsValues(kw).free_delivery_minor).toBe(17_500);
  });
});

describe('a country’s cash on delivery', () => {
  it('is off without the box, its cap in the country’s own minor units, none when empty', () => {
    const off = countryCashInputSchema.parse({ country: 'AE', cod_max: '' });
    expect(countryCashValues(off)).toEqual({ cod_enabled: false, cod_max_minor: null });
    const kw = countryCashInputSchema.parse({ country: 'KW', cod_enabled: 'on', cod_max: '150.5' });
    expect(countryCashValues(kw)).toEqual({ cod_enabled: true, cod_max_minor: 150_500 });
    const ae = countryCashInputSchema.parse({ country: 'AE', cod_enabled: 'on', cod_max: '١٠٠' });
    expect(countryCashValues(ae)).toEqual({ cod_enabled: true, cod_max_minor: 10_000 });
  });

  it('takes its own output again, as the API does after the staff worker', () => {
    for (const form of [
      { country: 'SA', cod_enabled: 'on', cod_max: '1500' },
      { country: 'SA', cod_max: '' },
    ]) {
      const once = countryCashInputSchema.parse(form);
      expect(countryCashInputSchema.parse(JSON.parse(JSON.stringify(once)))).toEqual(once);
    }
  });

  it('refuses a cap with more decimals than the currency has, zero, or a typo’s extra zeros', () => {
    expect(issue(countryCashInputSchema.safeParse({ country: 'KW', cod_enabled: 'on', cod_max: '150.0005' }))).toBe(
      'item_validation_error',
    );
    expect(issue(countryCashInputSchema.safeParse({ country: 'SA', cod_enabled: 'on', cod_max: '150.005' }))).toBe(
      'country_amount_decimals',
    );
    expect(issue(countryCashInputSchema.safeParse({ country: 'SA', cod_enabled: 'on', cod_max: '0' }))).toBe(
      'item_validation_error',
    );
    expect(issue(countryCashInputSchema.safeParse({ country: 'SA', cod_enabled: 'on', cod_max: '9000000' }))).toBe(
      'item_validation_error',
    );
  });
});
