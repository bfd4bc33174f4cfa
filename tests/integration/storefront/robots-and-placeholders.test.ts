// robots.txt keeps crawlers out of the shopper's own pages in both languages; pages still "being
// prepared" are noindex and absent from the sitemap, which lists only pages with content.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { storefront } from './helpers';

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

const NOINDEX = '<meta name="robots" content="noindex"/>';

describe('robots.txt', () => {
  it('disallows profile, checkout, auth and cart in English and Arabic', async () => {
    const lines = (await (await storefront('https://shop.test/robots.txt')).text()).split('\n');
    for (const path of ['/profile', '/checkout', '/auth/', '/cart', '/logout-profile']) {
      expect(lines).toContain(`Disallow: ${path}`);
      expect(lines).toContain(`Disallow: /ar${path}`);
    }
    expect(lines).toContain('Disallow: /api/');
    expect(lines).not.toContain('Disallow: /ar/products');
  });
});

describe('placeholder pages', () => {
  // The quiz's result is the shopper's own: noindex, and robots.txt keeps crawlers out.
  for (const path of ['/quiz-result', '/ar/quiz-result']) {
    it(`${path} is private and says noindex`, async () => {
      const res = await storefront(`https://shop.test${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(NOINDEX);
    });
  }

  for (const path of [
    '/',
    '/ar',
    '/products',
    '/ar/return-policy',
    '/contact-us',
    '/ar/how-it-works',
    '/categories',
    '/blood-test',
    '/ar/blood-test',
    '/upload-blood-test',
    '/ar/upload-blood-test',
    '/quiz',
    '/ar/quiz',
  ]) {
    it(`${path} has content and may be indexed`, async () => {
      expect(await (await storefront(`https://shop.test${path}`)).text()).not.toContain(NOINDEX);
    });
  }

  it('the sitemap lists pages with content in both languages with hreflang, and no placeholder', async () => {
    const xml = await (await storefront('https://shop.test/sitemaps/pages.xml')).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace('https://shop.test', ''));
    for (const path of [
      '/',
      '/ar',
      '/products',
      '/ar/products',
      '/how-it-works',
      '/ar/how-it-works',
      '/terms',
      '/ar/terms',
      '/upload-blood-test',
      '/ar/upload-blood-test',
      '/quiz',
      '/ar/quiz',
    ]) {
      expect(locs).toContain(path);
    }
    // Placeholders, private pages, a redirect (/nutritionist without its id) and the bare search page.
    for (const path of [
      '/quiz-result',
      '/ar/quiz-result',
      '/_app',
      '/cart',
      '/ar/cart',
      '/nutritionist',
      '/ar/nutritionist',
      '/search',
    ]) {
      expect(locs).not.toContain(path);
    }
    expect(locs).toContain('/nutritionist?id=noura');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="ar" href="https://shop.test/ar/how-it-works"/>');
  });
});
