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

  it("puts her sections first under a compact intro, her first cards eager, her kept copy's banner still leading (issues 73, 76)", async () => {
    const device = cookiesFrom(await storefront('/api/country'));
    const cookie = await registerShopper(`first-${crypto.randomUUID()}@example.com`, device);
    await (await storefront('/products/gamma-vitamin-c-1000', { headers: { cookie } })).text();
    for (const path of ['/', '/ar']) {
      let html = '';
      await expect
        .poll(async () => {
          html = shownPage(await (await storefront(path, { headers: { cookie } })).text());
          return html.includes('data-suggestion="recently-viewed"');
        })
        .toBe(true);
      const main = html.slice(html.indexOf('class="hero'));
      // The intro is compact (its title and the delivery note); her section comes before the shop's banner.
      expect(main, path).toMatch(/^class="hero" data-her-sections="true"/);
      const hers = main.indexOf('data-suggestion="recently-viewed"');
      const banner = main.indexOf('class="home-section banners"');
      expect(hers, path).toBeGreaterThan(0);
      expect(banner, path).toBeGreaterThan(hers);
      // Her first card's picture loads eagerly with her sections. Her kept copy's banner keeps the lead
      // (eager, first in priority) it has for a shopper with no sections of hers, whose largest picture it
      // is: the copy is sent before anyone knows (decision 76's amendment, the signed-in LCP).
      expect(main.slice(hers, banner), path).toMatch(/<img[^>]*loading="eager"/);
      const bannerImg = /<img[^>]*>/.exec(main.slice(banner))![0];
      expect(bannerImg, path).not.toContain('loading="lazy"');
      expect(bannerImg, path).toMatch(/fetchpriority="high"/i);
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
    const banner = html.slice(html.indexOf('class="home-section banners"'));
    const img = /<img[^>]*>/.exec(banner)![0];
    expect(img, img).toMatch(/fetchpriority="high"/i);
    expect(img, img).not.toContain('loading="lazy"');
  });
});
