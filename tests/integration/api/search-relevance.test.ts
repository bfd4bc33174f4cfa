// Search relevance and recall (decision 23): vitamin letters, name over description over
// brand, in stock first, stop words, plurals and stems, synonyms from D1, Arabic sound-alike spellings,
// and a search that finds nothing still leading somewhere (did you mean, closest category, the log).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { normalizeSearchText } from '#shared/search/normalize';
import { clearSynonymCache } from '#api/src/catalogue/search';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json } from './helpers';

// On top of the shared fixture (ids 1–6): products that tempt a naive ranking.
// 7: B12, more popular than Vitamin C, with "vitamin c" only in its ingredients.
// 8: Krill Oil by "Zinco Labs": matches "zinc" only through its brand; the best seller.
// 9: Zinc Picolinate, rarely bought, with a long name (bm25 alone would favour the short brand).
// 10: Vitamin C 500 mg, as popular as can be, out of stock.
const EXTRA: Array<[number, string, number, number, string, string, string, number, number]> = [
  [
    7,
    'alpha-vitamin-b12',
    1,
    11,
    'Vitamin B12 1000 mcg',
    'فيتامين ب12 1000 مكغ',
    'cyanocobalamin with vitamin c',
    990,
    20,
  ],
  [8, 'zinco-krill-oil', 4, 21, 'Krill Oil', 'زيت الكريل', 'krill oil phospholipids', 999, 20],
  [
    9,
    'alpha-zinc-picolinate',
    1,
    22,
    'Zinc Picolinate 50 mg Immune Support Vegan Capsules for Adults',
    'بيكولينات الزنك 50 ملغ لدعم المناعة كبسولات نباتية للبالغين',
    'zinc picolinate',
    10,
    20,
  ],
  [10, 'gamma-vitamin-c-500', 3, 11, 'Vitamin C 500 mg', 'فيتامين سي 500 ملغ', 'ascorbic acid', 1000, 0],
  // 11: Black seed oil, which shoppers also call حبة البركة (a synonym, migration 0018): not in its text.
  [11, 'gamma-black-seed-oil', 3, 21, 'Black Seed Oil', 'زيت الحبة السوداء', 'nigella sativa', 50, 20],
];

async function addProducts(db: D1Database) {
  const statements = [
    db.prepare(
      `INSERT INTO brands (id, slug, name_en, name_ar, color, is_featured, description_en, description_ar) VALUES (4, 'zinco-labs', 'Zinco Labs', 'زينكو لابز', '#123456', 0, 'x', 'x')`,
    ),
    // The back office adds a synonym set: data, not code.
    db.prepare(`INSERT INTO search_synonyms (set_id, phrase) VALUES (900, 'indian ginseng'), (900, 'ashwagandha')`),
  ];
  for (const [id, slug, brand, category, en, ar, ingredients, popularity, stock] of EXTRA) {
    statements.push(
      db
        .prepare(
          `INSERT INTO products (id, slug, brand_id, category_id, name_en, name_ar, description_en, description_ar, suggested_use_en, suggested_use_ar,
            tags_en, tags_ar, ingredients_en, ingredients_ar, warnings_en, warnings_ar, default_sku_id, free_delivery, popularity, created_at,
            min_price, max_discount, in_stock) VALUES (?, ?, ?, ?, ?, ?, 'x', 'x', 'x', 'x', '[]', '[]', ?, ?, 'x', 'x', ?, 1, ?, 1700000000000, 3000, 0, ?)`,
        )
        .bind(id, slug, brand, category, en, ar, ingredients, ingredients, id * 100 + 1, popularity, stock > 0 ? 1 : 0),
      db
        .prepare(
          `INSERT INTO skus (id, product_id, name_en, name_ar, price, stock, sort_order) VALUES (?, ?, '1', '1', 3000, ?, 0)`,
        )
        .bind(id * 100 + 1, id, stock),
      db
        .prepare(
          'INSERT INTO product_search (rowid, name, brand, category, ingredients, tags) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .bind(
          id,
          normalizeSearchText(`${en} ${ar}`),
          normalizeSearchText(
            brand === 4 ? 'Zinco Labs زينكو لابز' : brand === 3 ? 'Gamma Herbals غاما هيربالز' : 'Alpha Labs ألفا لابز',
          ),
          normalizeSearchText(
            category === 11 ? 'Vitamin D & C فيتامين د وسي Vitamins فيتامينات' : 'Minerals & Omega معادن وأوميغا',
          ),
          normalizeSearchText(ingredients),
          '',
        ),
    );
  }
  await db.batch(statements);
}

let token: string;
beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  await addProducts(env.DB);
  clearSynonymCache(); // another test file may have warmed this isolate's copy
  token = await deviceToken();
});

interface Found {
  ids: number[];
  total: number;
  corrected: boolean;
  suggestion: string | null;
  fallback: { category: { slug: string; name: string }; items: Array<{ id: number }> } | null;
}

const search = async (text: string, lang = 'en', country = 'KW'): Promise<Found> => {
  const res = await call('/product', {
    body: JSON.stringify({ search: text }),
    token,
    headers: { lang, 'x-country': country },
  });
  expect(res.status).toBe(200);
  const { data } = await json(res);
  return {
    ids: data.items.map((p: { id: number }) => p.id),
    total: data.total,
    corrected: data.corrected,
    suggestion: data.suggestion,
    fallback: data.fallback,
  };
};

describe('relevance', () => {
  it('puts products named with every word first, vitamin letters included, in both languages', async () => {
    for (const [q, lang] of [
      ['vitamin c', 'en'],
      ['vit c', 'en'],
      ['فيتامين سي', 'ar'],
      ['فيتامين c', 'ar'],
      ['VITAMIN C', 'en'],
    ] as const) {
      const { ids } = await search(q, lang);
      expect(ids.slice(0, 2), q).toEqual([4, 10]);
      expect(ids, q).toContain(7); // "vitamin c" in its ingredients: found, but after
    }
  });

  it('reads د and d as vitamin D: D3 above the more popular B12', async () => {
    for (const [q, lang] of [
      ['فيتامين د', 'ar'],
      ['vitamin d', 'en'],
      ['d3', 'en'],
      ['د٣', 'ar'],
    ] as const) {
      expect((await search(q, lang)).ids[0], q).toBe(1);
    }
    expect((await search('vitamin b 12')).ids[0]).toBe(7);
    expect((await search('فيتامين ب١٢', 'ar')).ids[0]).toBe(7);
  });

  it('ranks in-stock products before out-of-stock ones of the same relevance', async () => {
    // 10 is more popular and as relevant as 4, but cannot be bought.
    expect((await search('vitamin c')).ids.indexOf(4)).toBeLessThan((await search('vitamin c')).ids.indexOf(10));
    expect((await search('فيتامين سي', 'ar', 'SA')).ids.indexOf(4)).toBeLessThan(
      (await search('فيتامين سي', 'ar', 'SA')).ids.indexOf(10),
    );
  });

  it('ranks a product found only through its brand name after the products the word names', async () => {
    expect((await search('zinc')).ids).toEqual([9, 8]);
    expect((await search('زنك', 'ar')).ids[0]).toBe(9);
  });

  it('ranks name and brand together above a description match', async () => {
    expect((await search('alpha vitamin')).ids.slice(0, 2).sort()).toEqual([1, 7]);
  });
});

describe('recall', () => {
  it('ignores connecting words in both languages', async () => {
    expect((await search('fish oil with omega')).ids).toEqual([2]);
    expect((await search('protein for chocolate')).ids).toEqual([5]);
    expect((await search('زيت السمك مع اوميغا', 'ar')).ids).toEqual([2]);
    expect((await search('وزيت السمك', 'ar')).ids).toEqual([2]);
  });

  it('reads plurals and light Arabic stems', async () => {
    expect((await search('glycinates')).ids).toEqual([3]);
    expect((await search('extracts')).ids).toEqual([6]);
    expect((await search('مستخلصات', 'ar')).ids).toEqual([6]);
  });

  it('expands synonyms kept in D1, in both languages', async () => {
    expect((await search('واي بروتين', 'ar')).ids).toEqual([5]);
    expect((await search('whey', 'ar')).ids).toEqual([5]);
    expect((await search('omega 3', 'en')).ids).toContain(2);
    expect((await search('indian ginseng')).ids).toEqual([6]);
  });

  it('finds Arabic spellings of the g sound, long vowels and typos', async () => {
    for (const q of ['اوميجا', 'أوميقا', 'اوميكا 3']) expect((await search(q, 'ar', 'SA')).ids, q).toContain(2);
    for (const q of ['اشواجاندا', 'أشواقاندا', 'اشواغندا']) expect((await search(q, 'ar')).ids, q).toEqual([6]);
    for (const q of ['ماغنيسيوم', 'مغنسيوم', 'مغنيزيوم']) expect((await search(q, 'ar')).ids, q).toEqual([3]);
  });

  it('finds with a number glued to its word what it finds with them apart', async () => {
    for (const [glued, spaced, lang] of [
      ['omega3', 'omega 3', 'en'],
      ['Omega-3', 'omega 3', 'en'],
      ['اوميقا٣', 'اوميقا 3', 'ar'],
      ['اوميجا3', 'اوميجا 3', 'ar'],
    ] as const) {
      const apart = (await search(spaced, lang)).ids;
      expect(apart.length, spaced).toBeGreaterThan(0);
      expect((await search(glued, lang)).ids, glued).toEqual(apart);
    }
    for (const [glued, spaced] of [
      ['b12', 'vitamin b12'],
      ['d3', 'vitamin d3'],
    ] as const)
      expect((await search(glued)).ids, glued).toEqual(expect.arrayContaining((await search(spaced)).ids));
  });
});

describe('words typed without their space', () => {
  it('finds with a vitamin word glued to its letter what it finds with them apart, in both scripts', async () => {
    for (const [glued, spaced, lang] of [
      ['vitamind3', 'vitamin d3', 'en'],
      ['VitaminC', 'vitamin c', 'en'],
      ['vitaminb12', 'vitamin b12', 'en'],
      ['فيتامينسي', 'فيتامين سي', 'ar'],
      ['فيتاميند٣', 'فيتامين د3', 'ar'],
      ['فيتامينc', 'فيتامين c', 'ar'],
      ['اوميغا3', 'اوميغا 3', 'ar'],
    ] as const) {
      const apart = await search(spaced, lang);
      expect(apart.ids.length, spaced).toBeGreaterThan(0);
      expect(await search(glued, lang), glued).toEqual({ ...apart, corrected: false, suggestion: null });
    }
  });

  it('reads two index words typed as one apart, and says so', async () => {
    expect(await search('fishoil')).toMatchObject({ ids: [2], corrected: true, suggestion: 'fish oil' });
    expect(await search('magnesiumglycinate')).toMatchObject({
      ids: [3],
      corrected: true,
      suggestion: 'magnesium glycinate',
    });
    expect(await search('زيتالسمك', 'ar', 'SA')).toMatchObject({ ids: [2], corrected: true, suggestion: 'زيت سمك' });
    expect(await search('زيتسمك', 'ar')).toMatchObject({ ids: [2], corrected: true, suggestion: 'زيت سمك' });
  });

  it('reads a synonym phrase typed as one word, its article glued on, as the phrase (issue 73)', async () => {
    expect((await search('حبة البركة', 'ar')).ids).toEqual([11]);
    expect(await search('حبةالبركة', 'ar')).toMatchObject({ ids: [11], corrected: true, suggestion: 'حبه بركه' });
    expect(await search('حبةبركة', 'ar', 'SA')).toMatchObject({ ids: [11], corrected: true });
  });
});

describe('a whole name typed without spaces', () => {
  it('reads words, numbers and units glued together in both scripts, and says so', async () => {
    for (const [glued, lang, ids, suggestion] of [
      ['vitamind31000iu', 'en', [1], 'vitamin d3 1000 iu'],
      ['VitaminC1000mg', 'en', [4], 'vitamin c 1000 mg'],
      ['wheyproteinchocolate', 'en', [5], 'whey protein chocolate'],
      ['zincpicolinate50mg', 'en', [9], 'zinc picolinate 50 mg'],
      ['فيتاميند31000وحدة', 'ar', [1], 'فيتامين د3 1000 وحده'],
      ['فيتاميند٣١٠٠٠', 'ar', [1], 'فيتامين د3 1000'],
      ['اوميغا3زيتالسمك', 'ar', [2], 'اوميغا 3 زيت سمك'],
      ['زنك50ملغ', 'ar', [9], 'زنك 50 ملغ'],
    ] as const) {
      expect(await search(glued, lang), glued).toMatchObject({ ids, corrected: true, suggestion });
    }
  });

  it('leaves out a number the catalogue does not have rather than find nothing', async () => {
    expect(await search('vitamind37777iu')).toMatchObject({ ids: [1], corrected: true, suggestion: 'vitamin d3 iu' });
  });
});

describe('a confused first letter', () => {
  it('finds the word whose first letter the shopper swapped for a confusable one, in English', async () => {
    for (const q of ['bitamin c', 'fitamin c', 'fitamen c']) {
      const found = await search(q);
      expect(found.ids.slice(0, 2), q).toEqual([4, 10]);
      expect(found, q).toMatchObject({ corrected: true, suggestion: 'vitamin c' });
    }
    expect(await search('brotein')).toMatchObject({ ids: [5], corrected: true, suggestion: 'protein' });
    expect(await search('umega')).toMatchObject({ corrected: true, suggestion: 'omega' });
    expect((await search('umega')).ids).toContain(2);
  });

  it('finds it in Arabic too: ز ذ ظ, س ص, ت ط, د ض', async () => {
    // The brand زينكو sounds like زنك too: found, after the product the word names.
    for (const q of ['ظنك', 'ذنك']) {
      const found = await search(q, 'ar');
      expect(found.ids[0], q).toBe(9);
      expect(found, q).toMatchObject({ corrected: true, suggestion: 'زنك' });
    }
    expect(await search('ظيت الصمك', 'ar')).toMatchObject({ ids: [2], corrected: true, suggestion: 'زيت سمك' });
  });

  it('does not take an unrelated first letter for a typo of two', async () => {
    expect((await search('zitamen c')).suggestion).not.toBe('vitamin c');
  });
});

describe('when nothing matches', () => {
  it('says what it searched for instead (did you mean)', async () => {
    const latin = await search('magnesuim');
    expect(latin).toMatchObject({ ids: [3], corrected: true, suggestion: 'magnesium' });
    const arabic = await search('مغنسيوم', 'ar');
    expect(arabic).toMatchObject({ ids: [3], corrected: true, suggestion: normalizeSearchText('مغنيسيوم') });
  });

  it('offers the popular products of the closest category, in the shopper’s language', async () => {
    const en = await search('magnesium xyzzyq');
    expect(en.ids).toEqual([]);
    expect(en.fallback!.category).toMatchObject({ slug: 'minerals', name: 'Minerals' });
    expect(en.fallback!.items.map((p) => p.id)).toEqual([3, 9]); // best sellers first
    const ar = await search('مغنيسيوم قثفغ', 'ar', 'SA');
    expect(ar.fallback!.category).toMatchObject({ slug: 'minerals', name: 'معادن' });
    // Nothing near at all: the best-selling category still gives somewhere to go.
    expect((await search('xyzzyq')).fallback!.items.length).toBeGreaterThan(0);
  });

  it('logs zero- and low-result searches with language, country and count', async () => {
    await search('qwertyuiop', 'en', 'KW');
    await search('QWERTYUIOP', 'en', 'KW');
    await search('غثقفغثقف', 'ar', 'SA');
    await search('vitamin c'); // plenty of results: not logged
    const rows = async () =>
      (await env.DB.prepare('SELECT term, lang, country, results, searches FROM search_query_log ORDER BY term').all())
        .results;
    await vi.waitFor(async () =>
      expect(await rows()).toEqual(
        expect.arrayContaining([
          { term: 'qwertyuiop', lang: 'en', country: 'KW', results: 0, searches: 2 },
          { term: 'غثقفغثقف', lang: 'ar', country: 'SA', results: 0, searches: 1 },
        ]),
      ),
    );
    expect((await rows()).some((r) => r.term === 'vitamin c')).toBe(false);
    await search('krill'); // one result: low, logged
    await vi.waitFor(async () =>
      expect((await rows()).find((r) => r.term === 'krill')).toMatchObject({ results: 1, lang: 'en' }),
    );
  });
});
