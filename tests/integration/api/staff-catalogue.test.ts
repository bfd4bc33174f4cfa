// The back office's catalogue: edits validated with message keys, listing columns and the
// search index kept in step, back-in-stock events, image uploads judged by content, audit rows, the
// catalogue version bumped, and who may change what.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { basePricedCountries, CORE, COUNTRY_CODES, HOME_COUNTRY, ownPricedCountries } from '#shared/countries';
import type { PricingKind } from '#shared/countries/types';
import { CATALOGUE_VERSION_KEY } from '#shared/catalogue/cache-version';
import { call, deviceToken, json } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { solidPng } from '../fixtures/png';
import { imageSize, sniffImageType } from '#api/src/media/upload';

let shopper: string;
let manager: TestStaff;
let nutritionist: TestStaff;

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  shopper = await deviceToken();
  manager = await staffWith([{ role: 'catalogue_manager', country: null }], { name: 'Catalogue Manager' });
  nutritionist = await staffWith([{ role: 'nutritionist', country: null }], { name: 'Nutritionist' });
  // Her account practises as Dr. Noura (nutritionist 1): her profile and lists are hers to change.
  await env.DB.prepare('UPDATE nutritionists SET staff_id = ? WHERE id = 1').bind(nutritionist.id).run();
});

const listIds = async (onlyAvailable: boolean) => {
  const res = await call('/product', {
    body: JSON.stringify(onlyAvailable ? { filters: [{ key: 'only_available', type: 'boolean', value: true }] } : {}),
    token: shopper,
    headers: { lang: 'en', 'x-country': 'KW' },
  });
  return (await json(res)).data.items.map((p: { id: number }) => p.id) as number[];
};

const product = (id: number) =>
  env.DB.prepare('SELECT min_price, max_discount, in_stock, is_active FROM products WHERE id = ?').bind(id).first();
const lastAudit = (resource: string, id: number) =>
  env.DB.prepare('SELECT * FROM audit_log WHERE resource = ? AND resource_id = ? ORDER BY id DESC LIMIT 1')
    .bind(resource, String(id))
    .first<Record<string, any>>();
const events = (skuId: number) =>
  env.DB.prepare('SELECT * FROM back_in_stock_events WHERE sku_id = ?')
    .bind(skuId)
    .all()
    .then((r) => r.results);

const sku = (id: number, body: Record<string, unknown>, who = manager) =>
  staffCall(who.token, `/staff/catalogue/skus/${id}`, { json: body });

describe('products', () => {
  it('lists, searches and filters by category, brand and stock state', async () => {
    const all = await json(await staffCall(manager.token, '/staff/catalogue/products'));
    expect(all.data.total).toBe(6);
    const search = await json(await staffCall(manager.token, '/staff/catalogue/products?q=fish'));
    expect(search.data.products.map((p: any) => p.id)).toEqual([2]);
    const out = await json(await staffCall(manager.token, '/staff/catalogue/products?stock=out'));
    expect(out.data.products.map((p: any) => p.id)).toEqual([2]);
    const vitamins = await json(await staffCall(manager.token, '/staff/catalogue/products?category_id=1&brand_id=1'));
    expect(vitamins.data.products.map((p: any) => p.id)).toEqual([1]);
  });

  it('shows a product with what each country pays for its SKUs', async () => {
    const res = await staffCall(manager.token, '/staff/catalogue/products/1');
    expect(res.status).toBe(200);
    const body = await json(res);
    const kw = body.data.skus[0].prices.find((p: any) => p.country === 'KW');
    expect(kw).toMatchObject({ currency: 'KWD', price: 3500 });
    expect(body.data.skus[0].prices.find((p: any) => p.country === 'SA').currency).toBe('SAR');
    expect((await staffCall(manager.token, '/staff/catalogue/products/999')).status).toBe(404);
  });

  it('refuses bad edits with a 400 naming each field and its message key', async () => {
    const res = await staffCall(manager.token, '/staff/catalogue/products/1', {
      json: { name_en: ' ', name_ar: 'x', category_id: 'a', brand_id: 1, is_active: true },
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.meta.msg).toBe('validation_failed');
    const fields = Object.fromEntries(body.data.fields.map((f: any) => [f.field, f.message]));
    expect(fields).toMatchObject({ name_en: 'catalogue_field_required', category_id: 'item_validation_error' });
    const badSku = await json(await sku(101, { price: '3.5x', old_price: '', buy_limit: '0' }));
    const skuFields = Object.fromEntries(badSku.data.fields.map((f: any) => [f.field, f.message]));
    expect(skuFields).toMatchObject({ price: 'price_invalid', buy_limit: 'buy_limit_invalid' });
    const oldBelow = await json(await sku(101, { price: '3.500', old_price: '3.000', buy_limit: '' }));
    expect(oldBelow.data.fields[0]).toMatchObject({ field: 'old_price', message: 'old_price_not_above_price' });
    const noReason = await sku(101, { price: '3.500', old_price: '', buy_limit: '', stock: '7', stock_seen: '50' });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).data.fields[0]).toMatchObject({ field: 'reason', message: 'reason_required' });
    const unknownBrand = await staffCall(manager.token, '/staff/catalogue/products/1', {
      json: { name_en: 'A', name_ar: 'ب', category_id: 11, brand_id: 99, is_active: true },
    });
    expect((await json(unknownBrand)).data.fields[0].message).toBe('brand_not_found');
  });

  it('edits names and keeps the search index in step, with an audit row of what changed', async () => {
    const res = await staffCall(manager.token, '/staff/catalogue/products/6', {
      json: {
        name_en: 'Ashwagandha Root Gummies',
        name_ar: 'حلوى جذور الأشواغاندا',
        description_en: 'Calm',
        description_ar: 'هدوء',
        category_id: 32,
        brand_id: 3,
        is_active: true,
      },
    });
    expect(res.status).toBe(200);
    const found = await env.DB.prepare("SELECT rowid FROM product_search WHERE product_search MATCH 'gummies*'").all();
    expect(found.results.map((r: any) => r.rowid)).toEqual([6]);
    const row = await lastAudit('product', 6);
    expect(row!.staff_id).toBe(manager.id);
    expect(row!.action).toBe('product.edit');
    expect(JSON.parse(row!.before_json)).toEqual({
      name_en: 'Ashwagandha Extract',
      name_ar: 'مستخلص أشواغاندا',
      description_en: 'About Ashwagandha Extract.',
      description_ar: 'عن مستخلص أشواغاندا.',
    });
    expect(JSON.parse(row!.after_json).name_en).toBe('Ashwagandha Root Gummies');
  });
});

describe('SKUs and stock', () => {
  it('changes a price in fils and keeps min_price and max_discount in step, bumping the catalogue version', async () => {
    const versionBefore = await env.STOREFRONT_CACHE.get(CATALOGUE_VERSION_KEY);
    const res = await sku(102, { price: '2.900', old_price: '6.000', buy_limit: '3' });
    expect(res.status).toBe(200);
    expect(await product(1)).toMatchObject({ min_price: 2900, max_discount: 3100, in_stock: 1 });
    const stored = await env.DB.prepare('SELECT price, old_price, buy_limit FROM skus WHERE id = 102').first();
    expect(stored).toEqual({ price: 2900, old_price: 6000, buy_limit: 3 });
    expect(await env.STOREFRONT_CACHE.get(CATALOGUE_VERSION_KEY)).not.toBe(versionBefore);
    const row = await lastAudit('sku', 102);
    expect(JSON.parse(row!.before_json)).toEqual({ price: 6000, old_price: null, buy_limit: null });
    expect(JSON.parse(row!.after_json)).toEqual({ price: 2900, old_price: 6000, buy_limit: 3 });
  });

  it('takes a product whose stock reaches 0 out of only_available listings, and brings it back with an event', async () => {
    expect(await listIds(true)).toContain(3);
    const down = await staffCall(manager.token, '/staff/catalogue/skus/301/stock', {
      json: { adjust: '-3', reason: 'Damaged in the warehouse' },
    });
    expect(down.status).toBe(200);
    expect(await product(3)).toMatchObject({ in_stock: 0 });
    expect(await listIds(true)).not.toContain(3);
    expect(await listIds(false)).toContain(3);
    expect(await events(301)).toEqual([]);

    const tooMany = await staffCall(manager.token, '/staff/catalogue/skus/301/stock', {
      json: { adjust: '-1', reason: 'x' },
    });
    expect(tooMany.status).toBe(400);
    expect((await json(tooMany)).data.fields[0].message).toBe('stock_invalid');
    const noReason = await staffCall(manager.token, '/staff/catalogue/skus/301/stock', { json: { adjust: '5' } });
    expect((await json(noReason)).data.fields[0].message).toBe('reason_required');

    const up = await staffCall(manager.token, '/staff/catalogue/skus/301/stock', {
      json: { adjust: '12', reason: 'Delivery from the supplier' },
    });
    expect(up.status).toBe(200);
    expect(await product(3)).toMatchObject({ in_stock: 1 });
    expect(await listIds(true)).toContain(3);
    const recorded = await events(301);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ sku_id: 301, processed_at: null });
    const row = await lastAudit('sku', 301);
    expect(row).toMatchObject({ action: 'sku.stock', reason: 'Delivery from the supplier' });
    expect(JSON.parse(row!.before_json)).toEqual({ stock: 0 });
    expect(JSON.parse(row!.after_json)).toEqual({ stock: 12, adjust: 12 });

    // More stock on a SKU that has some is no back-in-stock event.
    await staffCall(manager.token, '/staff/catalogue/skus/301/stock', { json: { adjust: '1', reason: 'Count' } });
    expect(await events(301)).toHaveLength(1);
  });

  it('restocks a sold-out SKU through the SKU form with a reason, and records the event', async () => {
    expect(await listIds(true)).not.toContain(2);
    const res = await sku(201, {
      price: '7.500',
      old_price: '9.500',
      buy_limit: '',
      stock: '25',
      stock_seen: '0',
      reason: 'Restock',
    });
    expect(res.status).toBe(200);
    expect(await listIds(true)).toContain(2);
    expect(await events(201)).toHaveLength(1);
    expect((await lastAudit('sku', 201))!.reason).toBe('Restock');
  });

  it('sets the stock only while it is still the figure the form showed: 409 stock_changed otherwise', async () => {
    const stockOf = async () =>
      (await env.DB.prepare('SELECT stock FROM skus WHERE id = 501').first<{ stock: number }>())!.stock;
    const audits = async () =>
      (await env.DB.prepare(
        "SELECT count(*) AS n FROM audit_log WHERE resource = 'sku' AND resource_id = '501'",
      ).first<{
        n: number;
      }>())!.n;
    // The clerk saw 10 and types 30; an order took 2 meanwhile.
    await env.DB.prepare('UPDATE skus SET stock = 8 WHERE id = 501').run();
    const auditsBefore = await audits();
    const stale = await sku(501, {
      price: '24.000',
      old_price: '',
      buy_limit: '',
      stock: '30',
      stock_seen: '10',
      reason: 'Count',
    });
    expect(stale.status).toBe(409);
    const body = await json(stale);
    expect(body.meta.msg).toBe('stock_changed');
    expect(body.data).toMatchObject({ stock: 8 });
    expect(await stockOf()).toBe(8);
    expect(await audits()).toBe(auditsBefore);
    // A price change from a form whose stock field was left alone keeps the order's decrement.
    const price = await sku(501, { price: '23.000', old_price: '', buy_limit: '', stock: '10', stock_seen: '10' });
    expect(price.status).toBe(200);
    expect(await stockOf()).toBe(8);
    expect(JSON.parse((await lastAudit('sku', 501))!.after_json)).toEqual({ price: 23000 });
    // With the current figure the change goes through, audited from what was there.
    const fresh = await sku(501, {
      price: '23.000',
      old_price: '',
      buy_limit: '',
      stock: '30',
      stock_seen: '8',
      reason: 'Count',
    });
    expect(fresh.status).toBe(200);
    expect(await stockOf()).toBe(30);
    const row = await lastAudit('sku', 501);
    expect(JSON.parse(row!.before_json)).toEqual({ stock: 8 });
    expect(JSON.parse(row!.after_json)).toEqual({ stock: 30 });
    // A stock without the figure it replaces is refused.
    const blind = await sku(501, { price: '23.000', old_price: '', buy_limit: '', stock: '5', reason: 'Count' });
    expect(blind.status).toBe(400);
    expect((await json(blind)).data.fields[0]).toMatchObject({ field: 'stock_seen' });
  });
});

// A 1×1 PNG, and the start of a JPEG and a WebP header with their sizes.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe('images', () => {
  it('resizes an upload into WebP widths and a padded Open Graph PNG, and shows it first', async () => {
    const original = await solidPng(1000, 500);
    const res = await staffCall(manager.token, '/staff/catalogue/products/4/images', {
      json: { data: b64(original), alt_en: 'Front', alt_ar: 'الأمام' },
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    // Sized by the largest stored rendition (800 wide, proportions kept), not the 1000-pixel original.
    expect(body.data).toMatchObject({
      type: 'image/png',
      original: { width: 1000, height: 500 },
      width: 800,
      height: 400,
    });
    const stem = body.data.r2_key as string;
    expect(stem).toMatch(/^products\/gamma-vitamin-c-1000\/u[a-z0-9]+$/);
    const stored = async (key: string) => {
      const object = await env.MEDIA.get(key);
      expect(object, key).not.toBeNull();
      const bytes = new Uint8Array(await object!.arrayBuffer());
      const type = sniffImageType(bytes);
      return { contentType: object!.httpMetadata?.contentType, type, size: type && imageSize(bytes, type) };
    };
    expect(await stored(`${stem}-400.webp`)).toEqual({
      contentType: 'image/webp',
      type: 'image/webp',
      size: { width: 400, height: 200 },
    });
    expect(await stored(`${stem}-800.webp`)).toEqual({
      contentType: 'image/webp',
      type: 'image/webp',
      size: { width: 800, height: 400 },
    });
    expect(await stored(`${stem}-og.png`)).toEqual({
      contentType: 'image/png',
      type: 'image/png',
      size: { width: 1200, height: 630 },
    });
    const detail = await json(await staffCall(manager.token, '/staff/catalogue/products/4'));
    expect(detail.data.images[0]).toMatchObject({ r2_key: stem, width: 800, height: 400 });
    const served = await call(`/media/${stem}-800.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await lastAudit('product', 4))!.action).toBe('product.image');
  });

  it('never enlarges a small picture', async () => {
    const res = await staffCall(manager.token, '/staff/catalogue/products/4/images', { json: { data: b64(PNG) } });
    expect(res.status).toBe(200);
    const stem = (await json(res)).data.r2_key as string;
    const bytes = new Uint8Array(await (await env.MEDIA.get(`${stem}-400.webp`))!.arrayBuffer());
    expect(imageSize(bytes, 'image/webp')).toEqual({ width: 1, height: 1 });
  });

  it('refuses a text file and anything over 5 MB, by content', async () => {
    const text = await staffCall(manager.token, '/staff/catalogue/products/4/images', {
      json: { data: btoa('hello, this is not an image') },
    });
    expect(text.status).toBe(415);
    expect((await json(text)).meta.msg).toBe('image_type_unsupported');
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    let s = '';
    for (let i = 0; i < big.length; i += 0x8000) s += String.fromCharCode(...big.subarray(i, i + 0x8000));
    const tooBig = await staffCall(manager.token, '/staff/catalogue/products/4/images', { json: { data: btoa(s) } });
    expect([400, 413]).toContain(tooBig.status);
  }, 30_000); // signing and reading a 7 MB body takes seconds on a loaded machine
});

describe('categories, brands, home sections and nutritionists', () => {
  it('renames a brand and rewrites its products’ search text', async () => {
    const res = await staffCall(manager.token, '/staff/catalogue/brands/2', {
      json: { name_en: 'Zeta Nutrition', name_ar: 'زيتا', description_en: '', description_ar: '', sort_order: '2' },
    });
    expect(res.status).toBe(200);
    const found = await env.DB.prepare(
      "SELECT rowid FROM product_search WHERE product_search MATCH 'zeta*' ORDER BY rowid",
    ).all();
    expect(found.results.map((r: any) => r.rowid)).toEqual([2, 5]);
    expect((await lastAudit('brand', 2))!.action).toBe('brand.edit');
    // A brand that does not exist is 404, not a 500 from an audit of nothing.
    const missing = await staffCall(manager.token, '/staff/catalogue/brands/99999', {
      json: { name_en: 'Nobody', name_ar: 'لا أحد', description_en: '', description_ar: '', sort_order: '1' },
    });
    expect(missing.status).toBe(404);
  });

  it('renames a parent category and its children’s products find the new name', async () => {
    const res = await staffCall(manager.token, '/staff/catalogue/categories/3', {
      json: { name_en: 'Fitness', name_ar: 'لياقة', sort_order: '3' },
    });
    expect(res.status).toBe(200);
    const found = await env.DB.prepare(
      "SELECT rowid FROM product_search WHERE product_search MATCH 'category: fitness*' ORDER BY rowid",
    ).all();
    expect(found.results.map((r: any) => r.rowid)).toEqual([5, 6]);
  });

  it('turns a home section off', async () => {
    const res = await staffCall(manager.token, '/staff/catalogue/home-sections/5', {
      json: { title_en: 'Ask us', title_ar: 'اسألنا', sort_order: '5' },
    });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare('SELECT is_active, title_en FROM home_sections WHERE id = 5').first();
    expect(row).toEqual({ is_active: 0, title_en: 'Ask us' });
  });

  it('lets a nutritionist edit her own lists but not prices', async () => {
    const rename = await staffCall(nutritionist.token, '/staff/catalogue/nutritionist-lists/1', {
      json: { name_en: 'Immunity all year', name_ar: 'المناعة طوال العام', sort_order: '1' },
    });
    expect(rename.status).toBe(200);
    const add = await staffCall(nutritionist.token, '/staff/catalogue/nutritionist-lists/1/items', {
      json: { add_product_id: '6' },
    });
    expect(add.status).toBe(200);
    const remove = await staffCall(nutritionist.token, '/staff/catalogue/nutritionist-lists/1/items', {
      json: { remove_product_id: '4' },
    });
    expect(remove.status).toBe(200);
    const detail = await json(await staffCall(nutritionist.token, '/staff/catalogue/nutritionists/1'));
    expect(detail.data.lists[0].name_en).toBe('Immunity all year');
    expect(detail.data.lists[0].items.map((i: any) => i.product_id)).toEqual([1, 6]);
    expect((await lastAudit('nutritionist_list', 1))!.staff_id).toBe(nutritionist.id);
    const profile = await staffCall(nutritionist.token, '/staff/catalogue/nutritionists/1', {
      json: { ...detail.data.nutritionist, title_en: 'Clinical nutritionist' },
    });
    expect((await json(profile)).data).toEqual({ id: 1 });
    expect((await lastAudit('nutritionist', 1))!.after_json).toContain('Clinical nutritionist');

    const price = await sku(101, { price: '0.100', old_price: '', buy_limit: '' }, nutritionist);
    expect(price.status).toBe(403);
    expect((await json(price)).meta.msg).toBe('forbidden');
    const brand = await staffCall(nutritionist.token, '/staff/catalogue/brands/1', { json: {} });
    expect(brand.status).toBe(403);
  });

  it("keeps a nutritionist to her own profile and lists: another's is 404 and unchanged, and her place is the catalogue's", async () => {
    const rows = () =>
      Promise.all([
        env.DB.prepare('SELECT * FROM nutritionists WHERE id = 2').first(),
        env.DB.prepare('SELECT * FROM nutritionist_lists WHERE nutritionist_id = 2 ORDER BY id').raw(),
        env.DB.prepare('SELECT * FROM nutritionist_list_items WHERE list_id = 2 ORDER BY product_id').raw(),
      ]);
    const before = await rows();
    const khalid = (await json(await staffCall(nutritionist.token, '/staff/catalogue/nutritionists/2'))).data;
    // Khalid's public profile stays readable to her; none of it is hers to change.
    expect(khalid.nutritionist.name_en).toBe('Khalid');
    const attempts: [string, unknown][] = [
      ['/staff/catalogue/nutritionists/2', { ...khalid.nutritionist, bio_en: 'Recommends whatever sells' }],
      ['/staff/catalogue/nutritionists/2/lists', { name_en: 'Mine now', name_ar: 'لي الآن', sort_order: '1' }],
      ['/staff/catalogue/nutritionist-lists/2', { name_en: 'Renamed', name_ar: 'معاد تسميتها', sort_order: '1' }],
      ['/staff/catalogue/nutritionist-lists/2/items', { add_product_id: '6' }],
      ['/staff/catalogue/nutritionist-lists/2/items', { remove_product_id: '5' }],
      ['/staff/catalogue/nutritionist-lists/2/delete', { confirm: 'on' }],
    ];
    for (const [path, body] of attempts) {
      const res = await staffCall(nutritionist.token, path, { json: body });
      expect(res.status, path).toBe(404);
      expect((await json(res)).meta.msg, path).toBe('not_found');
    }
    // Adding and deleting nutritionists is the catalogue's: refused by permission.
    for (const path of ['/staff/catalogue/nutritionists', '/staff/catalogue/nutritionists/2/delete']) {
      const res = await staffCall(nutritionist.token, path, { json: { confirm: 'on' } });
      expect(res.status, path).toBe(403);
    }
    expect(await rows()).toEqual(before);

    // Her own profile: her words change, her place among the nutritionists does not.
    const own = (await json(await staffCall(nutritionist.token, '/staff/catalogue/nutritionists/1'))).data;
    const mine = await staffCall(nutritionist.token, '/staff/catalogue/nutritionists/1', {
      json: { ...own.nutritionist, bio_en: 'Vitamin D and iron.', sort_order: 0 },
    });
    expect(mine.status).toBe(200);
    expect(await env.DB.prepare('SELECT bio_en, sort_order FROM nutritionists WHERE id = 1').first()).toEqual({
      bio_en: 'Vitamin D and iron.',
      sort_order: own.nutritionist.sort_order,
    });

    // A nutritionist's account the owner has not linked yet changes nobody's.
    const unlinked = await staffWith([{ role: 'nutritionist', country: null }], { name: 'New Nutritionist' });
    const theirs = await staffCall(unlinked.token, '/staff/catalogue/nutritionist-lists/1/items', {
      json: { add_product_id: '5' },
    });
    expect(theirs.status).toBe(404);

    // The catalogue manager changes anyone's, her place too.
    const moved = await staffCall(manager.token, '/staff/catalogue/nutritionists/2', {
      json: { ...khalid.nutritionist, sort_order: 0 },
    });
    expect(moved.status).toBe(200);
    expect(await env.DB.prepare('SELECT sort_order FROM nutritionists WHERE id = 2').first()).toEqual({
      sort_order: 0,
    });
  });
});

describe("a nutritionist's practising account", () => {
  it('is linked by the owner to an active member with the nutritionist role, one nutritionist an account', async () => {
    const owner = await staffWith([{ role: 'owner', country: null }], { name: 'Owner' });
    const khalid = await staffWith([{ role: 'nutritionist', country: null }], { name: 'Khalid Staff' });
    const clerk = await staffWith([{ role: 'fulfilment', country: null }], { name: 'Clerk' });
    const link = (who: TestStaff, nutritionist: number, staffId: number | string) =>
      staffCall(who.token, `/staff/catalogue/nutritionists/${nutritionist}/account`, { json: { staff_id: staffId } });
    const editTraining = () =>
      staffCall(khalid.token, '/staff/catalogue/nutritionist-lists/2', {
        json: { name_en: 'Training', name_ar: 'التمرين', sort_order: '1' },
      });
    // Not linked yet: Khalid's account changes nobody's list.
    expect((await editTraining()).status).toBe(404);
    // The page's one answer offers the owner the members who practise, and nobody else any.
    const offered = (await json(await staffCall(owner.token, '/staff/catalogue/nutritionists/2'))).data.accounts;
    expect(offered.map((a: { id: number }) => a.id)).toContain(khalid.id);
    expect(offered.map((a: { id: number }) => a.id)).not.toContain(clerk.id);
    expect((await json(await staffCall(manager.token, '/staff/catalogue/nutritionists/2'))).data.accounts).toBeNull();
    // The catalogue manager does not decide who practises as whom: the owner does.
    expect((await link(manager, 2, khalid.id)).status).toBe(403);
    const linked = await link(owner, 2, String(khalid.id));
    expect(linked.status).toBe(200);
    expect(await env.DB.prepare('SELECT staff_id FROM nutritionists WHERE id = 2').first('staff_id')).toBe(khalid.id);
    expect((await editTraining()).status).toBe(200);
    // One nutritionist an account, and only a member who practises.
    for (const [nutritionist, staffId] of [
      [1, khalid.id],
      [2, clerk.id],
      [2, 999_999],
    ] as const) {
      const refused = await link(owner, nutritionist, staffId);
      expect(refused.status, `${nutritionist} ${staffId}`).toBe(409);
      expect((await json(refused)).meta.msg).toBe('nutritionist_account_taken');
    }
    expect(await env.DB.prepare('SELECT staff_id FROM nutritionists WHERE id = 1').first('staff_id')).toBe(
      nutritionist.id,
    );
    const row = await lastAudit('nutritionist', 2);
    expect(row!.action).toBe('nutritionist.account');
    expect(JSON.parse(row!.after_json)).toEqual({ staff_id: khalid.id });
    // Unlinked (an empty field): her lists are no longer hers to change.
    expect((await link(owner, 2, '')).status).toBe(200);
    expect((await editTraining()).status).toBe(404);
  });
});

describe("an own-priced country's price of a size", () => {
  // No country of the registry is own-priced until the Emirates' part lands: one is switched for this
  // test and back (the API runs in this isolate and asks the registry on each request).
  it('is set in its currency and cleared (not sold there), its listing row kept in step; a converted one is refused', async () => {
    const switched = COUNTRY_CODES.find((c) => c !== HOME_COUNTRY)!;
    const rows = CORE as unknown as Record<string, { pricing: PricingKind }>;
    const set = (body: Record<string, unknown>) =>
      staffCall(manager.token, '/staff/catalogue/skus/401/country-price', { json: { country: switched, ...body } });
    const converted = await set({ price: '12' });
    expect(converted.status).toBe(400);
    expect((await json(converted)).data.fields[0]).toMatchObject({
      field: 'price',
      message: 'sku_country_price_converted',
    });
    rows[switched]!.pricing = 'own';
    try {
      const decimals = CORE[switched].decimals;
      const tooPrecise = await set({ price: `12.${'5'.repeat(decimals + 1)}` });
      expect((await json(tooPrecise)).data.fields[0]).toMatchObject({ field: 'price', message: 'price_invalid' });
      const saved = await set({ price: '12', old_price: '15' });
      expect(saved.status).toBe(200);
      const minor = 10 ** decimals;
      expect((await json(saved)).data).toMatchObject({ price: 12 * minor, old_price: 15 * minor });
      const listed = () =>
        env.DB.prepare(
          'SELECT min_price, max_discount FROM product_country_prices WHERE product_id = 4 AND country = ?',
        )
          .bind(switched)
          .first();
      expect(await listed()).toEqual({ min_price: 12 * minor, max_discount: 3 * minor });
      // The product page of the back office shows what each country pays: the owner's amount there.
      const page = (await json(await staffCall(manager.token, '/staff/catalogue/products/4'))).data;
      expect(page.skus[0].prices.find((c: { country: string }) => c.country === switched)).toMatchObject({
        pricing: 'own',
        price: 12 * minor,
        old_price: 15 * minor,
      });
      expect(JSON.parse((await lastAudit('sku', 401))!.after_json)).toEqual({
        price: 12 * minor,
        old_price: 15 * minor,
      });
      expect((await set({ price: '', old_price: '' })).status).toBe(200);
      expect(await listed()).toBeNull();
    } finally {
      rows[switched]!.pricing = 'converted';
    }
  });
});

describe('the base price (KWD), which the home country and every converted country pay', () => {
  // From the registry: KW (home) and SA (converted) pay the base price; AE's prices are its own.
  const base = basePricedCountries();
  const own = ownPricedCountries()[0]!;
  const price = () => env.DB.prepare('SELECT price, old_price, buy_limit FROM skus WHERE id = 601').first();

  it('is refused to a manager of an own-priced country alone: 403, the price kept; the rest of the form saves', async () => {
    expect(base).not.toContain(own);
    const emirates = await staffWith([{ role: 'catalogue_manager', country: own }]);
    for (const change of [
      { price: '4.000', old_price: '', buy_limit: '' },
      { price: '4.500', old_price: '5.000', buy_limit: '' },
    ]) {
      const res = await sku(601, change, emirates);
      expect(res.status).toBe(403);
      expect((await json(res)).meta.msg).toBe('forbidden');
    }
    expect(await price()).toEqual({ price: 4500, old_price: null, buy_limit: null });
    // The price as it is: the buy limit is no country's price.
    expect((await sku(601, { price: '4.500', old_price: '', buy_limit: '3' }, emirates)).status).toBe(200);
    expect(await price()).toEqual({ price: 4500, old_price: null, buy_limit: 3 });
  });

  it('is refused to a manager of one of its countries only (the home country too)', async () => {
    expect(base.length).toBeGreaterThan(1);
    for (const country of base) {
      const one = await staffWith([{ role: 'catalogue_manager', country }]);
      expect((await sku(601, { price: '3.000', old_price: '', buy_limit: '3' }, one)).status).toBe(403);
    }
    expect(await price()).toMatchObject({ price: 4500 });
  });

  it('is changed by a manager of each of its countries (Kuwait and Saudi Arabia), of every country, and the owner', async () => {
    const each = await staffWith(base.map((country) => ({ role: 'catalogue_manager' as const, country })));
    const owner = await staffWith([{ role: 'owner', country: null }]);
    for (const [who, fils] of [
      [each, 4200],
      [manager, 4300],
      [owner, 4400],
    ] as const) {
      const res = await sku(601, { price: (fils / 1000).toFixed(3), old_price: '', buy_limit: '3' }, who);
      expect(res.status).toBe(200);
      expect(await price()).toMatchObject({ price: fils });
    }
  });
});
