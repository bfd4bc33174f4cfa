// The URLs search engines get per country, with a fixture third country (Qatar) added to the registry:
// every country of the registry gets its pair of alternates without a line of code.
import { describe, expect, it, vi } from 'vitest';

vi.mock('../countries', async (importOriginal) => {
  const real = await importOriginal<typeof import('../countries')>();
  const COUNTRY_CODES = [...real.COUNTRY_CODES, 'QA'];
  return {
    ...real,
    COUNTRY_CODES,
    isCountryCode: (value: unknown) => typeof value === 'string' && COUNTRY_CODES.includes(value),
  };
});

const { COUNTRY_CODES } = await import('../countries');
/** The fixture's code, which the registry's type (the real two countries) does not know. */
const QA = 'QA' as (typeof COUNTRY_CODES)[number];
const { alternates, isCountryPage, pageUrl, pinnedCountry } = await import('./country-urls');

describe('URLs per country', () => {
  it('pins a page to a served country, read in any case, and to no other', () => {
    expect(pinnedCountry(new URLSearchParams('country=qa'))).toBe('QA');
    expect(pinnedCountry(new URLSearchParams('category=3&country=SA'))).toBe('SA');
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
    expect(COUNTRY_CODES).toContain('QA');
    const links = alternates('https://shop.test', '/products/d3', true);
    expect(links.map((l) => l.hreflang)).toEqual([
      'en',
      'ar',
      ...COUNTRY_CODES.flatMap((c) => [`en-${c}`, `ar-${c}`]),
      'x-default',
    ]);
    expect(links).toContainEqual({ hreflang: 'ar-QA', href: 'https://shop.test/ar/products/d3?country=QA' });
    expect(links.at(-1)).toEqual({ hreflang: 'x-default', href: 'https://shop.test/products/d3' });
    // A page that reads the same everywhere has its languages only.
    expect(alternates('https://shop.test', '/terms', false).map((l) => l.hreflang)).toEqual(['en', 'ar', 'x-default']);
    expect(isCountryPage('product')).toBe(true);
    expect(isCountryPage('terms')).toBe(false);
  });
});
