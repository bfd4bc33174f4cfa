// The blood-test catalogue: list with filters, sort and search, a test's page, and the SKU
// refresh the blood-test cart syncs with; in both languages and both countries (each prices its own).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BloodTestDetail, BloodTestList, BloodTestSkuItem } from '#shared/blood-tests/catalogue-types';
import { call, deviceToken, json } from './helpers';
import { loadCatalogueFixture } from '../fixtures/catalogue';

let token: string;
beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  token = await deviceToken();
});

const get = async (path: string, lang = 'en', country = 'KW') => {
  const res = await call(path, { token, headers: { lang, 'x-country': country } });
  return { status: res.status, body: await json(res) };
};
const list = async (query = '', lang = 'en', country = 'KW') => {
  const res = await get(`/bloodTest${query}`, lang, country);
  expect(res.status).toBe(200);
  return res.body.data as BloodTestList;
};
const sync = async (ids: number[], country = 'KW') => {
  const res = await call('/bloodTest/sku', {
    token,
    body: JSON.stringify({ ids }),
    headers: { lang: 'en', 'x-country': country },
  });
  expect(res.status).toBe(200);
  return ((await json(res)).data as { items: BloodTestSkuItem[] }).items;
};

describe('blood-test list', () => {
  it('lists at least 30 tests and 8 panels with categories, most popular first, in KWD fils in Kuwait', async () => {
    const l = await list();
    expect(l.currency).toBe('KWD');
    expect(l.items.filter((t) => t.kind === 'test').length).toBeGreaterThanOrEqual(30);
    expect(l.items.filter((t) => t.kind === 'panel').length).toBeGreaterThanOrEqual(8);
    expect(l.categories.length).toBeGreaterThanOrEqual(6);
    expect(l.items[0]!.slug).toBe('vitamin-d-test');
    expect(l.items[0]!.price).toEqual({ price: 9000, old_price: 12000 });
    expect(l.items[0]!.default_sku.id).not.toBe(l.items[0]!.id);
  });

  it('prices in SAR halalas with VAT in Saudi Arabia, in Arabic, and leaves out what is not sold there', async () => {
    const kw = await list();
    const sa = await list('', 'ar', 'SA');
    expect(sa.currency).toBe('SAR');
    // The price filter's choices are the list's country's steps (its module), sent with the list so that
    // the page's JavaScript carries no country's (decision 77): KWD 5, 10, 25; SAR 100, 200, 400.
    expect(kw.max_prices).toEqual([5000, 10000, 25000]);
    expect(sa.max_prices).toEqual([10000, 20000, 40000]);
    const vitD = sa.items.find((t) => t.slug === 'vitamin-d-test')!;
    expect(vitD.name).toBe('فحص فيتامين د (25 هيدروكسي)');
    expect(vitD.price).toEqual({ price: 15000, old_price: 19900 });
    expect(kw.items.map((t) => t.slug)).toContain('coeliac-screen');
    expect(sa.items.map((t) => t.slug)).not.toContain('coeliac-screen');
    const organ = (l: BloodTestList) => l.categories.find((c) => c.slug === 'organ-health')!.count;
    expect(organ(sa)).toBe(organ(kw) - 1);
  });

  it('filters by category, kind, fasting and maximum price', async () => {
    const thyroid = await list('?category=thyroid');
    expect(thyroid.items.map((t) => t.slug).sort()).toEqual([
      'thyroid-antibodies-test',
      'thyroid-function-test',
      'tsh-test',
    ]);
    const panels = await list('?kind=panel');
    expect(panels.items.every((t) => t.kind === 'panel')).toBe(true);
    const fasting = await list('?fasting=yes');
    expect(fasting.items.length).toBeGreaterThan(0);
    expect(fasting.items.every((t) => t.fasting_hours > 0)).toBe(true);
    expect(fasting.items.map((t) => t.slug)).toContain('lipid-profile');
    expect((await list('?fasting=no')).items.every((t) => t.fasting_hours === 0)).toBe(true);
    const cheap = await list('?max_price=3500');
    expect(cheap.items.length).toBeGreaterThan(0);
    expect(cheap.items.every((t) => t.price.price <= 3500)).toBe(true);
    const cheapSa = await list('?max_price=3500', 'en', 'SA');
    expect(cheapSa.items.every((t) => t.price.price <= 3500)).toBe(true);
    expect(cheapSa.items.length).toBeLessThan(cheap.items.length);
  });

  it('sorts by price both ways and by name', async () => {
    const prices = (l: BloodTestList) => l.items.map((t) => t.price.price);
    const asc = prices(await list('?sort=price_asc'));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = prices(await list('?sort=price_desc'));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const names = (await list('?sort=name')).items.map((t) => t.name);
    expect(names).toEqual([...names].sort());
  });

  it('finds tests by English, Arabic and everyday words: vitamin D, HbA1c, سكر تراكمي', async () => {
    expect((await list('?search=vitamin%20d%20test')).items[0]!.slug).toBe('vitamin-d-test');
    expect((await list(`?search=${encodeURIComponent('فحص فيتامين د')}`, 'ar')).items[0]!.slug).toBe('vitamin-d-test');
    expect((await list('?search=hba1c')).items[0]!.slug).toBe('hba1c-test');
    const sugar = await list(`?search=${encodeURIComponent('سكر تراكمي')}`, 'ar');
    expect(sugar.items[0]!.slug).toBe('hba1c-test');
    // Alef and teh-marbuta folding: "الغده الدرقيه" finds the thyroid tests.
    expect((await list(`?search=${encodeURIComponent('الغده الدرقيه')}`, 'ar')).items.length).toBeGreaterThan(2);
    expect((await list('?search=xyzzyq')).items).toEqual([]);
  });

  it('refuses an unknown sort or kind with a 400', async () => {
    expect((await get('/bloodTest?sort=cheapest')).status).toBe(400);
    expect((await get('/bloodTest?kind=bundle')).status).toBe(400);
    expect((await get('/bloodTest?max_price=-1')).status).toBe(400);
  });
});

describe('blood-test page', () => {
  it('gives a test by slug with biomarkers (LOINC, unit), preparation, lab and related supplements', async () => {
    const { status, body } = await get('/bloodTest/vitamin-d-test');
    expect(status).toBe(200);
    const d = body.data as BloodTestDetail;
    expect(d.biomarkers).toEqual([
      expect.objectContaining({ loinc: '1989-3', unit: 'ng/mL', name: '25-OH vitamin D' }),
    ]);
    expect(d.stop_biotin_hours).toBe(72);
    expect(d.lab.name).toBe('Gulf Reference Laboratories');
    expect(d.purpose).toMatch(/vitamin D3/);
    expect(d.related_products.map((p) => p.slug)).toEqual(['alpha-vitamin-d3-1000']);
    expect(d.members).toEqual([]);
  });

  it('gives a panel by id in Arabic, in riyals in Saudi Arabia, with its members and their biomarkers', async () => {
    const slugRes = await get('/bloodTest/diabetes-check-panel');
    const id = (slugRes.body.data as BloodTestDetail).id;
    const { status, body } = await get(`/bloodTest/${id}`, 'ar', 'SA');
    expect(status).toBe(200);
    const d = body.data as BloodTestDetail;
    expect(d.kind).toBe('panel');
    expect(d.currency).toBe('SAR');
    expect(d.name).toBe('باقة فحص السكري');
    expect(d.members.map((m) => m.slug)).toContain('hba1c-test');
    expect(d.biomarkers.map((b) => b.loinc)).toEqual(expect.arrayContaining(['4548-4', '9318-7']));
    expect(d.fasting_hours).toBe(10);
    expect(d.preparation.join(' ')).toMatch(/[\u0600-\u06FF]/);
  });

  it('answers 404 for an unknown test, an inactive one, and one not sold in the country', async () => {
    expect((await get('/bloodTest/no-such-test')).status).toBe(404);
    expect((await get('/bloodTest/coeliac-screen', 'en', 'SA')).status).toBe(404);
    await env.DB.prepare("UPDATE blood_tests SET is_active = 0 WHERE slug = 'esr-test'").run();
    expect((await get('/bloodTest/esr-test')).status).toBe(404);
    expect((await list()).items.map((t) => t.slug)).not.toContain('esr-test');
    await env.DB.prepare("UPDATE blood_tests SET is_active = 1 WHERE slug = 'esr-test'").run();
  });
});

describe('blood-test cart sync', () => {
  it('returns the SKUs still sold with the country’s current price, and drops unknown and inactive ones', async () => {
    const l = await list();
    const vitD = l.items.find((t) => t.slug === 'vitamin-d-test')!;
    const cbc = l.items.find((t) => t.slug === 'complete-blood-count')!;
    const coeliac = l.items.find((t) => t.slug === 'coeliac-screen')!;
    const kw = await sync([vitD.default_sku.id, cbc.default_sku.id, 999_999]);
    expect(kw.map((i) => i.id).sort()).toEqual([vitD.default_sku.id, cbc.default_sku.id].sort());
    expect(kw.find((i) => i.id === vitD.default_sku.id)).toMatchObject({
      price: { price: 9000, old_price: 12000 },
      currency: 'KWD',
      blood_test: { id: vitD.id, slug: 'vitamin-d-test' },
    });
    const sa = await sync([vitD.default_sku.id, coeliac.default_sku.id], 'SA');
    expect(sa).toEqual([
      expect.objectContaining({ id: vitD.default_sku.id, price: { price: 15000, old_price: 19900 } }),
    ]);
    await env.DB.prepare('UPDATE blood_test_prices SET price = 9500 WHERE sku_id = ? AND country = ?')
      .bind(vitD.default_sku.id, 'KW')
      .run();
    expect((await sync([vitD.default_sku.id]))[0]!.price.price).toBe(9500);
    await env.DB.prepare('UPDATE blood_test_prices SET price = 9000 WHERE sku_id = ? AND country = ?')
      .bind(vitD.default_sku.id, 'KW')
      .run();
    expect(await sync([])).toEqual([]);
  });

  it('refuses a body without ids with 400', async () => {
    const res = await call('/bloodTest/sku', { token, body: JSON.stringify({ ids: ['x'] }) });
    expect(res.status).toBe(400);
  });
});

describe('search finds blood tests beside supplements', () => {
  const suggest = async (q: string, lang = 'en', country = 'KW') => {
    const res = await get(`/product/search?q=${encodeURIComponent(q)}&limit=6`, lang, country);
    expect(res.status).toBe(200);
    return res.body.data as { products: Array<{ id: number }>; blood_tests: BloodTestList['items']; currency: string };
  };

  it('suggests the vitamin D test apart from the vitamin D3 products, in both languages', async () => {
    const en = await suggest('vitamin d test');
    expect(en.blood_tests[0]!.slug).toBe('vitamin-d-test');
    expect(en.currency).toBe('KWD');
    const ar = await suggest('فحص فيتامين د', 'ar', 'SA');
    expect(ar.blood_tests[0]).toMatchObject({ slug: 'vitamin-d-test', price: { price: 15000 } });
    expect(ar.currency).toBe('SAR');
    // The supplements are still suggested for "vitamin d".
    expect((await suggest('vitamin d')).products.map((p) => p.id)).toContain(1);
  });

  it('suggests HbA1c by its name and by the everyday Arabic "سكر تراكمي", without a typo correction', async () => {
    const hba1c = await suggest('hba1c');
    expect(hba1c.blood_tests[0]!.slug).toBe('hba1c-test');
    expect((await suggest('سكر تراكمي', 'ar')).blood_tests[0]!.slug).toBe('hba1c-test');
  });

  it('answers very long words without an error (D1 refuses LIKE patterns over 50 bytes)', async () => {
    expect((await suggest(`vitamin ${'d'.repeat(5000)}`)).blood_tests).toEqual([]);
    expect((await suggest('فيتامين'.repeat(60), 'ar')).blood_tests).toEqual([]);
    expect((await list(`?search=${'transglutaminase'.repeat(6)}`)).items).toEqual([]);
  });

  it('gives a search listing’s first page its blood tests, from the same batch', async () => {
    const res = await call('/product', {
      token,
      body: JSON.stringify({ search: 'vitamin d', filters: [], per_page: 24 }),
      headers: { lang: 'en', 'x-country': 'KW' },
    });
    const data = (await json(res)).data as { blood_tests: BloodTestList['items']; blood_test_currency: string };
    expect(data.blood_tests.map((t) => t.slug)).toContain('vitamin-d-test');
    expect(data.blood_test_currency).toBe('KWD');
    // Synonyms (first search of the isolate) and the listing's batch with the tests in it.
    expect(Number(res.headers.get('x-d1-roundtrips'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('x-d1-roundtrips'))).toBeLessThanOrEqual(2);
  });
});
