// robots.txt and the sitemap: an index, the pages file (static pages, categories, brands,
// nutritionists, blood tests) and product files, every URL with its English and Arabic alternates.
import { HOME_COUNTRY } from '#shared/countries';
import { Hono, type Context } from 'hono';
import { localizePath } from '#shared/locale';
import { PAGE_ROUTES } from '#client/entry.server';
import { isPrivatePath, paths, PRIVATE_PATH_PREFIXES } from '#shared/routes';
import { isNoindexPage } from '#shared/seo/noindex';
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

function urlEntry(origin: string, path: string, lastmod?: string): string {
  const en = `${origin}${localizePath(path, 'en')}`;
  const ar = `${origin}${localizePath(path, 'ar')}`;
  const alternates = `<xhtml:link rel="alternate" hreflang="en" href="${esc(en)}"/><xhtml:link rel="alternate" hreflang="ar" href="${esc(ar)}"/><xhtml:link rel="alternate" hreflang="x-default" href="${esc(en)}"/>`;
  const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return `<url><loc>${esc(en)}</loc>${mod}${alternates}</url><url><loc>${esc(ar)}</loc>${mod}${alternates}</url>`;
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
  const files = ['pages', ...Array.from({ length: data.product_pages }, (_, i) => `products-${i + 1}`)];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${files
    .map((f) => `<sitemap><loc>${origin}/sitemaps/${f}.xml</loc></sitemap>`)
    .join('')}</sitemapindex>`;
  return c.body(body, 200, XML);
});

async function pagesSitemap(c: Context<AppEnv>): Promise<Response> {
  const origin = new URL(c.req.url).origin;
  const data = await upstreamData<SitemapIndex>(c, '/sitemap');
  if (!data) return c.body('', 503);
  // Only pages with content that may be indexed: private pages and every page that says noindex stay
  // out. The pages are the router's own (the page modules' declarations, decision 67).
  const pages = PAGE_ROUTES.filter(
    (r) => !isNoindexPage(r.id) && !NOT_LISTED.has(r.id) && !r.path.includes(':') && !isPrivatePath(r.path),
  ).map((r) => r.path);
  const entries = [
    ...pages.map((p) => urlEntry(origin, p)),
    ...data.categories.map((id) => urlEntry(origin, `/products?category=${id}`)),
    ...data.brands.map((id) => urlEntry(origin, `/products?brand=${id}`)),
    ...data.nutritionists.map((slug) => urlEntry(origin, `/nutritionist?id=${encodeURIComponent(slug)}`)),
    ...data.blood_tests.map((slug) => urlEntry(origin, paths.bloodTest(slug, 'en'))),
  ];
  return c.body(urlset(entries), 200, XML);
}

// One route for the sitemap's files, named here rather than in patterns: Hono's RegExpRouter, which
// matches a request in one regular expression, takes no pattern with an expression inside a segment.
seoFiles.get('/sitemaps/:file', async (c, next) => {
  const file = c.req.param('file');
  if (file === 'pages.xml') return pagesSitemap(c);
  const match = /^products-([0-9]{1,6})\.xml$/.exec(file);
  if (!match) return next();
  const origin = new URL(c.req.url).origin;
  const page = Number(match[1]);
  const data = await upstreamData<SitemapProducts>(c, `/sitemap/products/${page}`);
  if (!data?.items.length) return c.body('', 404);
  return c.body(
    urlset(data.items.map((p) => urlEntry(origin, `/products/${encodeURIComponent(p.slug)}`, p.updated))),
    200,
    XML,
  );
});
