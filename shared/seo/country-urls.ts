// How search engines reach a page of each country (decision 77, amendment "search engines, legal pages
// and the back office per country"). A shopper's country lives in a cookie (or her location on a first
// visit), so a page's bare URL shows whichever country the visitor is in: for a crawler, which keeps no
// cookie and is placed outside the Gulf, always the home country. A page whose content differs by
// country (prices and their currency, what is offered there) therefore also has one URL per country:
// the same path with `?country=<code>`, which always shows that country. The bare URL stays the page
// for everyone (x-default, and `en`/`ar` for a reader of no served country); the pinned ones are
// `<lang>-<code>` (en-KW, ar-SA …), one pair for every country of the registry.
// Read by the head tags (client/ui/Seo.tsx, on the server only) and the page's boot data (the pinned
// country, client/entry.server.tsx), the worker's sitemaps
// (worker/routes/seo-files.ts) and the session (worker/lib/session.ts), which renders the pinned country.
import { COUNTRY_CODES, type CountryCode, isCountryCode } from '../countries/codes';
import { LANGS, type Lang, localizePath } from '../locale';
import type { PageId } from '../page-paths';

/** The query parameter that pins a page to a country. */
export const COUNTRY_PARAM = 'country';

/**
 * Pages whose content differs by country: prices in the country's currency (home, listings, products,
 * blood tests, nutritionists' consultations) or the country's own seller and contact (contact us).
 * The other pages read the same in every country (the legal pages list every country's facts), so
 * they have no per-country URLs and a `?country=` on them is left out of their canonical URL.
 */
const COUNTRY_PAGE_IDS = [
  'home',
  'products',
  'product',
  'blood-test',
  'blood-test-detail',
  'nutritionist',
  'nutritionist-list',
  'contact-us',
] as const satisfies readonly PageId[];

export function isCountryPage(id: string): boolean {
  return (COUNTRY_PAGE_IDS as readonly string[]).includes(id);
}

/** The country a URL's query pins its page to (`?country=SA`, any case), or null for a bare URL. */
export function pinnedCountry(params: URLSearchParams): CountryCode | null {
  const code = params.get(COUNTRY_PARAM)?.toUpperCase();
  return isCountryCode(code) ? code : null;
}

/**
 * The absolute URL of an unprefixed app path (its own query kept) in a language, pinned to a country
 * or bare (null).
 */
export function pageUrl(origin: string, path: string, lang: Lang, country: CountryCode | null): string {
  const url = new URL(localizePath(path, lang), origin);
  // Only a URL that changes is written anew (URLSearchParams re-encodes the whole query when it writes).
  if (url.searchParams.has(COUNTRY_PARAM)) url.searchParams.delete(COUNTRY_PARAM);
  if (country) url.searchParams.set(COUNTRY_PARAM, country);
  return url.href;
}

export interface Alternate {
  /** `en`, `ar`, `en-KW` …, `x-default`. */
  hreflang: string;
  href: string;
}

/**
 * Every language version of a page, as hreflang alternates: the bare URLs per language and x-default,
 * then, for a page that differs by country, each language pinned to each country it is shown in (every
 * country of the registry, or the ones given: a blood test is sold where it has a price).
 */
export function alternates(
  origin: string,
  path: string,
  byCountry: boolean,
  countries: readonly CountryCode[] = COUNTRY_CODES,
): Alternate[] {
  return [
    ...LANGS.map((lang) => ({ hreflang: lang, href: pageUrl(origin, path, lang, null) })),
    ...(byCountry
      ? countries.flatMap((country) =>
          LANGS.map((lang) => ({ hreflang: `${lang}-${country}`, href: pageUrl(origin, path, lang, country) })),
        )
      : []),
    { hreflang: 'x-default', href: pageUrl(origin, path, 'en', null) },
  ];
}
