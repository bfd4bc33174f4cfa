// The URLs search engines get per country: every country of the registry gets its pair of alternates,
// and a fixture third country (Qatar) given to the same function gets its own without a line of code.
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, type CountryCode } from '../countries';
import { alternates, isCountryPage, pageUrl, pinnedCountry } from './country-urls';

/** The fixture's code, which the registry's type (the real countries) does not know. */
const QA = 'QA' as CountryCode;

describe('URLs per country', () => {
  it('pins a page to a served country, read in any case, and to no other', () => {
    expect(pinnedCountry(new URLSearchParams('country=sa'))).toBe('SA');
    expect(pinnedCountry(new URLSearchParams('category=3&country=KW'))).toBe('KW');
    expect(pinnedCountry(new URLSearchParams('country=US'))).toBeNull();
    expect(pinnedCountry(new URLSearchParams(''))).toBeNull();
  });

  it('writes a page’s URL in a language, pinned or bare, keeping its own query', () => {
    expect(pageUrl('https://shop.test', '/products?category=3', 'ar', QA)).toBe(
      'https://shop.test/ar/products?category=3&country=QA',
    );
    expect(pageUrl('https://shop.test', '/products?country=SA&brand=2', 'en', null)).toBe(
      'https://shop.test/products?brand=2',
    );
    expect(pageUrl('https://shop.test', '/', 'ar', null)).toBe('https://shop.test/ar');
  });

  it('lists each language in each country of the registry for a page that differs by country', () => {
    const hreflangs = (countries?: readonly CountryCode[]) =>
      alternates('https://shop.test', '/products/d3', true, countries).map((l) => l.hreflang);
    expect(hreflangs()).toEqual(['en', 'ar', ...COUNTRY_CODES.flatMap((c) => [`en-${c}`, `ar-${c}`]), 'x-default']);
    const withQatar = alternates('https://shop.test', '/products/d3', true, [...COUNTRY_CODES, QA]);
    expect(withQatar).toContainEqual({ hreflang: 'ar-QA', href: 'https://shop.test/ar/products/d3?country=QA' });
    expect(withQatar.at(-1)).toEqual({ hreflang: 'x-default', href: 'https://shop.test/products/d3' });
    // A page that reads the same everywhere has its languages only.
    expect(alternates('https://shop.test', '/terms', false).map((l) => l.hreflang)).toEqual(['en', 'ar', 'x-default']);
    expect(isCountryPage('product')).toBe(true);
    expect(isCountryPage('terms')).toBe(false);
  });
});
