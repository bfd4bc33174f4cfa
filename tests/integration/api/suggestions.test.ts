// Header and /search suggestions: products (cards with image and price), brands and categories in the
// shopper's language, tolerant of a typo ("omgea" still suggests omega-3).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, deviceToken, json } from './helpers';
import { loadCatalogueFixture } from '../fixtures/catalogue';

let token: string;
beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  token = await deviceToken();
});

interface Suggestions {
  products: Array<{
    id: number;
    name: string;
    images: Array<{ url: string }>;
    default_sku: { price: { price: number } };
  }>;
  brands: Array<{ id: number; name: string }>;
  categories: Array<{ id: number; name: string }>;
  corrected: boolean;
}

const suggest = async (q: string, lang = 'en') => {
  const res = await call(`/product/search?q=${encodeURIComponent(q)}&limit=6`, { token, headers: { lang } });
  expect(res.status).toBe(200);
  return (await json(res)).data as Suggestions;
};

describe('suggestions', () => {
  it('suggest products with image and price, brands and categories in English', async () => {
    const s = await suggest('vitam');
    expect(s.products.map((p) => p.id).sort()).toEqual([1, 4]);
    expect(s.products[0]!.images[0]!.url).toMatch(/^\/media\//);
    expect(s.products.find((p) => p.id === 4)!.default_sku.price.price).toBe(2750);
    expect(s.categories.map((c) => c.name)).toContain('Vitamin D & C');
    expect((await suggest('alpha')).brands).toEqual([expect.objectContaining({ id: 1, name: 'Alpha Labs' })]);
  });

  it('suggest in Arabic with Arabic names', async () => {
    const s = await suggest('اوميغا', 'ar');
    expect(s.products.map((p) => p.name)).toEqual(['أوميغا 3 زيت السمك']);
    expect(s.categories.map((c) => c.name)).toContain('أوميغا 3');
    expect((await suggest('بيتا', 'ar')).brands.map((b) => b.name)).toEqual(['بيتا نيوتريشن']);
  });

  it('still suggest omega-3 for "omgea" and magnesium for "magnesuim", and say they corrected', async () => {
    const omega = await suggest('omgea');
    expect(omega.products[0]!.id).toBe(2);
    expect(omega.corrected).toBe(true);
    expect((await suggest('magnesuim', 'ar')).products.map((p) => p.name)).toEqual(['مغنيسيوم جلايسينات']);
  });

  it('suggest for words typed without their space what they suggest apart, in both scripts', async () => {
    for (const [glued, spaced, lang] of [
      ['vitamind3', 'vitamin d3', 'en'],
      ['vitaminc', 'vitamin c', 'en'],
      ['فيتامينسي', 'فيتامين سي', 'ar'],
      ['اوميغا3', 'اوميغا 3', 'ar'],
    ] as const) {
      const apart = await suggest(spaced, lang);
      expect(apart.products.length, spaced).toBeGreaterThan(0);
      expect(await suggest(glued, lang), glued).toEqual(apart);
    }
    for (const [glued, lang] of [
      ['fishoil', 'en'],
      ['زيتالسمك', 'ar'],
    ] as const) {
      const s = await suggest(glued, lang);
      expect(
        s.products.map((p) => p.id),
        glued,
      ).toEqual([2]);
      expect(s.corrected, glued).toBe(true);
    }
  });

  it('suggest nothing for gibberish and an empty text, without an error', async () => {
    expect(await suggest('xyzzyq')).toMatchObject({ products: [], brands: [], categories: [], corrected: false });
    expect(await suggest('  ')).toMatchObject({ products: [], brands: [], categories: [] });
  });
});
