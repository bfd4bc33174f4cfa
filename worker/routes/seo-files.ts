// robots.txt and the sitemaps: an index, the pages file (static pages, categories, brands,
// nutritionists, blood tests) and product files, every URL with its English and Arabic alternates; and
// the same files per country (`pages-kw.xml`, `products-kw-1.xml`) with the URLs that pin a page that
// differs by country to that country (`?country=KW`, shared/seo/country-urls.ts), each URL with every
// language in every country of the registry as its hreflang alternates.
import { COUNTRY_CODES, type CountryCode, HOME_COUNTRY } from '#shared/countries';
import { Hono, type Context } from 'hono';
import { LANGS, localizePath } from '#shared/locale';
import { PAGE_ROUTES } from '#client/entry.server';
import { isPrivatePath, paths, PRIVATE_PATH_PREFIXES } from '#shared/routes';
import { isNoindexPage } from '#shared/seo/noindex';
import { alternates, isCountryPage, pageUrl } from '#shared/seo/country-urls';
import type { SitemapIndex, SitemapProducts } from '#shared/api/sitemap-responses';
import type { AppEnv } from '../app-env';
import { callUpstream } from '../upstream';
import { escapeHtml as esc } from '../lib/html';

export const seoFiles = new Hono<AppEnv>();

/** Public routes that are no page of their own: /nutritionist without ?id= redirects to the list (each
 * nutritionist is listed with its id below), and /search only echoes a query. */
const NOT_LISTED = new Set<string>(['nutritionist', 'search']);
const XML = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };

async function upstreamData<T>(c: Context<AppEnv>, path: string): Promise<T | null> {
  const res = await callUpstream(c.env, c.var.config, {
    method: 'GET',
    path,
    deviceToken: null,
    userToken: null,
    lang: 'en',
    country: HOME_COUNTRY,
  });
  if (!res.ok) return null;
  return ((await res.json()) as { data: T }).data;
}

/**
 * A page of the sitemap: its unprefixed path (query included), whether it differs by country, and the
 * countries it is shown in when not every one (a blood test is sold where it has a price).
 */
interface Listed {
  path: string;
  byCountry: boolean;
  countries?: readonly CountryCode[];
  lastmod?: string;
}

/** The page in both languages, bare (null) or pinned to a country, each with all its alternates. */
function urlEntry(
  origin: string,
  { path, byCountry, countries, lastmod }: Listed,
  country: CountryCode | null,
): string {
  const links = alternates(origin, path, byCountry, countries)
    .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${esc(a.href)}"/>`)
    .join('');
  const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return LANGS.map((lang) => `<url><loc>${esc(pageUrl(origin, path, lang, country))}</loc>${mod}${links}</url>`).join(
    '',
  );
}

/**
 * A file's entries: every page bare, or a country's file: the pages that differ by country and are shown
 * in it, pinned to it.
 */
function entries(origin: string, listed: Listed[], country: CountryCode | null): string[] {
  const shown = (p: Listed) => p.byCountry && (!p.countries || (country !== null && p.countries.includes(country)));
  return (country ? listed.filter(shown) : listed).map((p) => urlEntry(origin, p, country));
}

/** `kw` of a file name, back to its country. */
function countryOfFile(code: string | undefined): CountryCode | null {
  return COUNTRY_CODES.find((c) => c.toLowerCase() === code) ?? null;
}

function urlset(entries: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join('')}</urlset>`;
}

seoFiles.get('/robots.txt', (c) => {
  const origin = new URL(c.req.url).origin;
  // Every private path in both languages: Arabic pages live under /ar.
  const disallow = PRIVATE_PATH_PREFIXES.flatMap((p) => [`Disallow: ${p}`, `Disallow: ${localizePath(p, 'ar')}`]);
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /api/', ...disallow, `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );
  return c.body(body, 200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' });
});

seoFiles.get('/sitemap.xml', async (c) => {
  const origin = new URL(c.req.url).origin;
  const data = await upstreamData<SitemapIndex>(c, '/sitemap');
  if (!data) return c.body('', 503);
  const products = (suffix: string) =>
    Array.from({ length: data.product_pages }, (_, i) => `products${suffix}-${i + 1}`);
  const files = [
    'pages',
    ...products(''),
    ...COUNTRY_CODES.flatMap((code) => [`pages-${code.toLowerCase()}`, ...products(`-${code.toLowerCase()}`)]),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${files
    .map((f) => `<sitemap><loc>${origin}/sitemaps/${f}.xml</loc></sitemap>`)
    .join('')}</sitemapindex>`;
  return c.body(body, 200, XML);
});

async function pagesSitemap(c: Context<AppEnv>, country: CountryCode | null): Promise<Response> {
  const origin = new URL(c.req.url).origin;
  const data = await upstreamData<SitemapIndex>(c, '/sitemap');
  if (!data) return c.body('', 503);
  // Only pages with content that may be indexed: private pages and every page that says noindex stay
  // out. The pages are the router's own (the page modules' declarations, decision 67).
  const pages = PAGE_ROUTES.filter(
    (r) => !isNoindexPage(r.id) && !NOT_LISTED.has(r.id) && !r.path.includes(':') && !isPrivatePath(r.path),
  ).map((r) => ({ path: r.path, byCountry: isCountryPage(r.id) }));
  const listing = isCountryPage('products');
  const listed: Listed[] = [
    ...pages,
    ...data.categories.map((id) => ({ path: `/products?category=${id}`, byCountry: listing })),
    ...data.brands.map((id) => ({ path: `/products?brand=${id}`, byCountry: listing })),
    ...data.nutritionists.map((slug) => ({
      path: paths.nutritionist('en', slug),
      byCountry: isCountryPage('nutritionist'),
    })),
    ...data.blood_tests.map((test) => ({
      path: paths.bloodTest(test.slug, 'en'),
      byCountry: isCountryPage('blood-test-detail'),
      countries: test.countries,
    })),
  ];
  return c.body(urlset(entries(origin, listed, country)), 200, XML);
}

// One route for the sitemap's files, named here rather than in patterns: Hono's RegExpRouter, which
// matches a request in one regular expression, takes no pattern with an expression inside a segment.
seoFiles.get('/sitemaps/:file', async (c, next) => {
  const file = c.req.param('file');
  const pagesFile = /^pages(?:-([a-z]{2}))?\.xml$/.exec(file);
  const pagesCountry = countryOfFile(pagesFile?.[1]);
  if (pagesFile && (!pagesFile[1] || pagesCountry)) return pagesSitemap(c, pagesCountry);
  const match = /^products(?:-([a-z]{2}))?-([0-9]{1,6})\.xml$/.exec(file);
  const country = countryOfFile(match?.[1]);
  if (!match || (match[1] && !country)) return next();
  const origin = new URL(c.req.url).origin;
  const page = Number(match[2]);
  const data = await upstreamData<SitemapProducts>(c, `/sitemap/products/${page}`);
  if (!data?.items.length) return c.body('', 404);
  const byCountry = isCountryPage('product');
  const listed = data.items.map((p) => ({
    path: paths.product(p.slug, 'en'),
    byCountry,
    lastmod: p.updated,
  }));
  return c.body(urlset(entries(origin, listed, country)), 200, XML);
});
