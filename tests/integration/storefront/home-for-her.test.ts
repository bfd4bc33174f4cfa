// A signed-in shopper's home page (issue 64): her own sections rendered on the server in the page's
// language, in one trip to the API, and never kept (the edge's guest copy and the KV cache are
// everyone's); a guest's home page stays the kept page it was. What she views on one page is on her home
// page at the next view.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, registerShopper, shownPage, storefront } from './helpers';

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

// Her page is the kept copy and her parts (decision 76): one call for her parts once the copy's own
// reads are kept (the edge's copy, or here, with no page cache in the tests, the KV cache's answers).
const trips = (res: Response) => Number(res.headers.get('x-api-calls'));

// The fixture's home sections as the page writes them (tests/integration/fixtures/catalogue.ts).
const BANNERS = 'class="home-section banners"';
const CATEGORIES = 'class="chip-grid"';
const POPULAR = 'sort=popularity-desc'; // the popular row's "see all"

/** Each marker found in html after the one before it; where the last one is. */
function inOrder(html: string, markers: string[], label = ''): number {
  let at = -1;
  for (const marker of markers) {
    const next = html.indexOf(marker, at + 1);
    expect(next, `${label} ${marker} after ${at}`).toBeGreaterThan(at);
    at = next;
  }
  return at;
}

describe('her home page', () => {
  it('shows what she viewed, in English and Arabic, in one trip, and a new view at once', async () => {
    const device = cookiesFrom(await storefront('/api/country'));
    const cookie = await registerShopper(`home-${crypto.randomUUID()}@example.com`, device);
    const product = await storefront('/products/gamma-vitamin-c-1000', { headers: { cookie } });
    expect(product.status).toBe(200);
    await product.text();

    // The view is kept after the product page's answer: her next home page shows it.
    await expect
      .poll(async () => {
        const res = await storefront('/', { headers: { cookie } });
        return (await res.text()).includes('data-suggestion="recently-viewed"');
      })
      .toBe(true);
    const en = await storefront('/', { headers: { cookie } });
    expect(trips(en)).toBe(1);
    const html = await en.text();
    expect(html).toContain('Recently viewed');
    expect(html).toMatch(/data-suggestion="recently-viewed"[\s\S]*Vitamin C 1000 mg/);

    await (await storefront('/ar', { headers: { cookie } })).text();
    const ar = await storefront('/ar', { headers: { cookie } });
    expect(trips(ar)).toBe(1);
    expect(await ar.text()).toContain('شوهد مؤخراً');

    // Another view shows on the very next home page: her answer is never taken from a cache.
    await (await storefront('/products/alpha-vitamin-d3-1000', { headers: { cookie } })).text();
    await expect
      .poll(async () => (await (await storefront('/', { headers: { cookie } })).text()).includes('Vitamin D3 1000 IU'))
      .toBe(true);
  });

  it("puts her sections under the shop's opening rows, in her kept copy before they come and after, the banner leading (issues 73, 76)", async () => {
    const device = cookiesFrom(await storefront('/api/country'));
    const cookie = await registerShopper(`first-${crypto.randomUUID()}@example.com`, device);
    await (await storefront('/products/gamma-vitamin-c-1000', { headers: { cookie } })).text();
    for (const path of ['/', '/ar']) {
      let sent = '';
      await expect
        .poll(async () => {
          sent = await (await storefront(path, { headers: { cookie } })).text();
          return sent.includes('data-suggestion="recently-viewed"');
        })
        .toBe(true);
      // The kept copy as it went out, before her parts: the banners and categories (a screen's first view
      // at 390 and 1280 px, the banner its largest picture) come before her pending place, so they show at
      // once; only what follows her place waits for her (app.css), its space kept.
      const copy = sent.slice(sent.indexOf('class="hero'), sent.indexOf('<template data-her-fill'));
      expect(copy, path).toMatch(/^class="hero" data-her-sections="true"/);
      const pending = copy.search(/<div class="her-slot" data-her="for-you" data-pending="true">/);
      expect(pending, path).toBeGreaterThan(0);
      expect(inOrder(copy, [BANNERS, CATEGORIES], path)).toBeLessThan(pending);
      expect(copy.indexOf(POPULAR), path).toBeGreaterThan(pending);
      const bannerImg = /<img[^>]*>/.exec(copy.slice(copy.indexOf(BANNERS)))![0];
      expect(bannerImg, path).not.toContain('loading="lazy"');
      expect(bannerImg, path).toMatch(/fetchpriority="high"/i);

      // Her page once her parts came: her section in that place, under the categories, above popular.
      const main = shownPage(sent).slice(shownPage(sent).indexOf('class="hero'));
      const hers = main.indexOf('data-suggestion="recently-viewed"');
      expect(inOrder(main, [BANNERS, CATEGORIES], path)).toBeLessThan(hers);
      expect(main.indexOf(POPULAR), path).toBeGreaterThan(hers);
      // The banner's is the one picture that leads; her cards under it load as the shop's others do.
      expect(main.match(/fetchpriority="high"/gi), path).toHaveLength(1);
    }
  });

  it("keeps a guest's home page without her sections", async () => {
    const res = await storefront('/');
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).not.toContain('data-suggestion=');
    expect(html).toContain('data-more-to-see');
    expect(html).not.toContain('data-her-sections');
    // The full intro, and the banner's picture first of all.
    expect(html).toContain('class="hero">');
    expect(html).toContain('hero-actions');
    // The shop's sections in the order staff set them (the fixture's), her empty place among them.
    inOrder(html, ['class="hero"', BANNERS, CATEGORIES, POPULAR, '>Brands<', '>Ask a nutritionist<', '>On sale<']);
    const banner = html.slice(html.indexOf('class="home-section banners"'));
    const img = /<img[^>]*>/.exec(banner)![0];
    expect(img, img).toMatch(/fetchpriority="high"/i);
    expect(img, img).not.toContain('loading="lazy"');
  });
});
