// The back office adds and deletes catalogue entries: a new product with its first SKU is
// hidden until shown, then listed and searchable for shoppers; a product or SKU ever ordered is never
// deleted (409), nor a category or brand still in use; a delete needs its confirmation; new brands
// bring a logo and home banners a picture per language, stored as real renditions; every change has
// its audit row and makes the shop's cached answers stale.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_VERSION_KEY } from '#shared/catalogue/cache-version';
import { basePricedCountries, ownPricedCountries } from '#shared/countries';
import { imageSize, sniffImageType } from '#api/src/media/upload';
import { call, deviceToken, json } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { solidPng } from '../fixtures/png';

let device: string;
let manager: TestStaff;
let fulfilment: TestStaff;
let nutritionist: TestStaff;

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
  manager = await staffWith([{ role: 'catalogue_manager', country: null }], { name: 'Catalogue Manager' });
  fulfilment = await staffWith([{ role: 'fulfilment', country: null }], { name: 'Clerk' });
  nutritionist = await staffWith([{ role: 'nutritionist', country: null }], { name: 'Dietitian' });
  // Her account practises as nutritionist 1: its lists are hers to add and delete (decision 86).
  await env.DB.prepare('UPDATE nutritionists SET staff_id = ? WHERE id = 1').bind(nutritionist.id).run();
});

const post = (path: string, body: unknown, who = manager) => staffCall(who.token, path, { json: body });
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fieldsOf = async (res: Response) =>
  Object.fromEntries(((await json(res)).data.fields as any[]).map((f) => [f.field, f.message]));
const lastAudit = (action: string) =>
  env.DB.prepare('SELECT * FROM audit_log WHERE action = ? ORDER BY id DESC LIMIT 1').bind(action).first<any>();
const shopperGet = (path: string, lang = 'en', country = 'KW') =>
  call(path, { method: 'GET', token: device, headers: { lang, 'x-country': country } });
const shopperSearch = async (query: string, lang = 'en') => {
  const res = await call('/product', {
    body: JSON.stringify({ search: query }),
    token: device,
    headers: { lang, 'x-country': 'KW' },
  });
  return (await json(res)).data.items.map((p: { id: number }) => p.id) as number[];
};

const newProduct = {
  name_en: 'Zinc Picolinate 25 mg',
  name_ar: 'زنك بيكولينات 25 ملغ',
  description_en: 'Easy on the stomach.',
  description_ar: 'لطيف على المعدة.',
  category_id: '22',
  brand_id: '1',
  sku_name_en: '60 capsules',
  sku_name_ar: '60 كبسولة',
  price: '٤٫٥',
  old_price: '',
  buy_limit: '',
  stock: '20',
};

describe('adding a product', () => {
  it('stores it hidden with its first SKU, a free slug and an audit row, and bumps the catalogue version', async () => {
    const version = await env.STOREFRONT_CACHE.get(CATALOGUE_VERSION_KEY);
    const res = await post('/staff/catalogue/products', newProduct);
    expect(res.status).toBe(200);
    const { id, slug, sku_id } = (await json(res)).data;
    expect(slug).toBe('zinc-picolinate-25-mg');
    const row = await env.DB.prepare('SELECT * FROM products WHERE id = ?').bind(id).first<any>();
    expect(row).toMatchObject({ is_active: 0, default_sku_id: sku_id, min_price: 4500, in_stock: 1, brand_id: 1 });
    const sku = await env.DB.prepare('SELECT * FROM skus WHERE id = ?').bind(sku_id).first<any>();
    expect(sku).toMatchObject({ product_id: id, price: 4500, stock: 20, old_price: null, buy_limit: null });
    const audit = await lastAudit('product.create');
    expect(audit).toMatchObject({ staff_id: manager.id, resource: 'product', resource_id: String(id) });
    expect(JSON.parse(audit.after_json).sku).toMatchObject({ id: sku_id, price: 4500, stock: 20 });
    expect(await env.STOREFRONT_CACHE.get(CATALOGUE_VERSION_KEY)).not.toBe(version);

    // Hidden: shoppers neither find it nor open it.
    expect(await shopperSearch('picolinate')).not.toContain(id);
    expect((await shopperGet(`/product/${slug}/v2`)).status).toBe(404);

    // A second product of the same name gets the next slug.
    const again = await json(await post('/staff/catalogue/products', newProduct));
    expect(again.data.slug).toBe('zinc-picolinate-25-mg-2');
  });

  it('reaches shoppers in both languages once shown, searchable by its new name', async () => {
    const { id, slug } = (
      await json(await post('/staff/catalogue/products', { ...newProduct, name_en: 'Copper Glycinate' }))
    ).data;
    const show = await post(`/staff/catalogue/products/${id}`, {
      name_en: 'Copper Glycinate',
      name_ar: 'نحاس جلايسينات',
      description_en: '',
      description_ar: '',
      category_id: '22',
      brand_id: '1',
      is_active: 'on',
    });
    expect(show.status).toBe(200);
    expect(await shopperSearch('copper')).toContain(id);
    expect(await shopperSearch('نحاس', 'ar')).toContain(id);
    for (const [lang, country, name] of [
      ['en', 'KW', 'Copper Glycinate'],
      ['ar', 'SA', 'نحاس جلايسينات'],
    ] as const) {
      const page = await shopperGet(`/product/${slug}/v2`, lang, country);
      expect(page.status, `${lang} ${country}`).toBe(200);
      expect(JSON.stringify((await json(page)).data)).toContain(name);
    }
  });

  it('refuses a bad form with each field named, and a missing brand or category', async () => {
    const bad = await post('/staff/catalogue/products', {
      ...newProduct,
      name_ar: ' ',
      price: 'abc',
      old_price: '1',
      stock: '-1',
    });
    expect(bad.status).toBe(400);
    expect(await fieldsOf(bad)).toMatchObject({
      name_ar: 'catalogue_field_required',
      price: 'price_invalid',
      stock: 'stock_invalid',
    });
    const lowOld = await post('/staff/catalogue/products', { ...newProduct, old_price: '4' });
    expect(await fieldsOf(lowOld)).toMatchObject({ old_price: 'old_price_not_above_price' });
    expect(await fieldsOf(await post('/staff/catalogue/products', { ...newProduct, brand_id: '99' }))).toEqual({
      brand_id: 'brand_not_found',
    });
    expect(await fieldsOf(await post('/staff/catalogue/products', { ...newProduct, category_id: '99' }))).toEqual({
      category_id: 'category_not_found',
    });
  });

  it('is refused to a role without catalogue:write', async () => {
    const res = await post('/staff/catalogue/products', newProduct, fulfilment);
    expect(res.status).toBe(403);
  });

  it('sets a base price, so it needs catalogue:write in the home country and every converted one', async () => {
    // From the registry: Kuwait (home) and Saudi Arabia (converted) pay the base price; the Emirates' is its own.
    const base = basePricedCountries();
    const limited = await Promise.all(
      [ownPricedCountries()[0]!, base[0]!].map((country) => staffWith([{ role: 'catalogue_manager', country }])),
    );
    const count = () => env.DB.prepare('SELECT count(*) AS n FROM skus').first<{ n: number }>();
    const skus = await count();
    for (const who of limited) {
      const product = await post('/staff/catalogue/products', { ...newProduct, name_en: 'Chromium' }, who);
      expect(product.status).toBe(403);
      expect((await json(product)).meta.msg).toBe('forbidden');
      expect((await post('/staff/catalogue/products/1/skus', { ...newProduct }, who)).status).toBe(403);
    }
    expect(await count()).toEqual(skus);
    const each = await staffWith(base.map((country) => ({ role: 'catalogue_manager' as const, country })));
    const { id } = (await json(await post('/staff/catalogue/products', { ...newProduct, name_en: 'Chromium' }, each)))
      .data;
    expect(id).toBeGreaterThan(0);
    expect(
      (await post(`/staff/catalogue/products/${id}/skus`, { ...newProduct, sku_name_en: '120' }, each)).status,
    ).toBe(200);
  });
});

describe('SKUs', () => {
  it('adds a size after the others, keeping the listing columns in step', async () => {
    const { id } = (await json(await post('/staff/catalogue/products', { ...newProduct, name_en: 'Selenium' }))).data;
    const res = await post(`/staff/catalogue/products/${id}/skus`, {
      sku_name_en: '120 capsules',
      sku_name_ar: '120 كبسولة',
      price: '3.900',
      old_price: '5',
      buy_limit: '4',
      stock: '0',
    });
    expect(res.status).toBe(200);
    const skuId = (await json(res)).data.id;
    const skus = await env.DB.prepare('SELECT id, sort_order FROM skus WHERE product_id = ? ORDER BY sort_order')
      .bind(id)
      .all<any>();
    expect(skus.results.map((s) => s.id).at(-1)).toBe(skuId);
    expect(await env.DB.prepare('SELECT min_price, max_discount FROM products WHERE id = ?').bind(id).first()).toEqual({
      min_price: 3900,
      max_discount: 1100,
    });
    expect((await lastAudit('sku.create')).resource_id).toBe(String(skuId));
    expect((await post('/staff/catalogue/products/9999/skus', { ...newProduct })).status).toBe(404);
  });

  it('deletes a never-ordered size but not the last one, and moves the default to another', async () => {
    const { id, sku_id } = (await json(await post('/staff/catalogue/products', { ...newProduct, name_en: 'Iodine' })))
      .data;
    const last = await post(`/staff/catalogue/skus/${sku_id}/delete`, { confirm: 'on' });
    expect(last.status).toBe(409);
    expect((await json(last)).meta.msg).toBe('sku_last');
    const second = (
      await json(
        await post(`/staff/catalogue/products/${id}/skus`, {
          sku_name_en: 'Drops',
          sku_name_ar: 'قطرات',
          price: '2',
          old_price: '',
          buy_limit: '',
          stock: '3',
        }),
      )
    ).data.id;
    const unconfirmed = await post(`/staff/catalogue/skus/${sku_id}/delete`, {});
    expect(unconfirmed.status).toBe(400);
    expect(await fieldsOf(unconfirmed)).toEqual({ confirm: 'delete_not_confirmed' });
    expect((await post(`/staff/catalogue/skus/${sku_id}/delete`, { confirm: 'on' })).status).toBe(200);
    expect(
      await env.DB.prepare('SELECT default_sku_id, min_price FROM products WHERE id = ?').bind(id).first(),
    ).toEqual({
      default_sku_id: second,
      min_price: 2000,
    });
    expect(JSON.parse((await lastAudit('sku.delete')).before_json)).toMatchObject({ id: sku_id, product_id: id });
  });
});

describe('deleting what was ordered', () => {
  it('keeps an ordered product and its SKU (409) and deletes a never-ordered one with its pictures', async () => {
    // An order for the fixture's product 1 (SKU 101), placed as a shopper would.
    const email = `create-${crypto.randomUUID()}@example.com`;
    const reg = await json(
      await call('/user/register', {
        body: JSON.stringify({ name: 'Noura', email, password: 'secret1' }),
        token: device,
      }),
    );
    const user = reg.data.access_token;
    const headers = { authorization: `Bearer ${user}`, 'x-country': 'KW', lang: 'en' };
    const address = await json(
      await call('/user/address/new', {
        body: JSON.stringify({
          country: 'KW',
          recipient: 'Noura',
          phone: '98765432',
          area_id: 26,
          block: '3',
          street: '12',
          building: '7',
        }),
        token: device,
        headers,
      }),
    );
    const order = await call('/order/submit', {
      body: JSON.stringify({
        items: [{ sku_id: 101, count: 1 }],
        payment_method: 'cod',
        address_id: address.data.id,
        idempotency_key: crypto.randomUUID(),
      }),
      token: device,
      headers,
    });
    expect(order.status).toBe(200);
    const product = await post('/staff/catalogue/products/1/delete', { confirm: 'on' });
    expect(product.status).toBe(409);
    expect(await json(product)).toMatchObject({ meta: { msg: 'product_has_orders' }, data: { orders: 1 } });
    const sku = await post('/staff/catalogue/skus/101/delete', { confirm: 'on' });
    expect((await json(sku)).meta.msg).toBe('sku_has_orders');
    expect(await env.DB.prepare('SELECT id FROM products WHERE id = 1').first()).not.toBeNull();

    // A new product with a picture, on a home collection and a nutritionist's list, is deleted whole.
    const { id } = (await json(await post('/staff/catalogue/products', { ...newProduct, name_en: 'Boron' }))).data;
    const upload = await json(
      await post(`/staff/catalogue/products/${id}/images`, {
        data: base64(await solidPng(600, 600)),
        alt_en: '',
        alt_ar: '',
      }),
    );
    expect(await env.MEDIA.head(`${upload.data.r2_key}-400.webp`)).not.toBeNull();
    await env.DB.batch([
      env.DB.prepare(`UPDATE home_sections SET payload = '{"product_ids":[4,${id},2]}' WHERE id = 6`),
      env.DB.prepare('INSERT INTO nutritionist_list_items (list_id, product_id, sort_order) VALUES (1, ?, 9)').bind(id),
    ]);
    const gone = await post(`/staff/catalogue/products/${id}/delete`, { confirm: 'on' });
    expect(gone.status).toBe(200);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM skus WHERE product_id = ?').bind(id).first()).toEqual({
      n: 0,
    });
    expect(await env.DB.prepare('SELECT rowid FROM product_search WHERE rowid = ?').bind(id).first()).toBeNull();
    expect(await env.DB.prepare('SELECT payload FROM home_sections WHERE id = 6').first()).toEqual({
      payload: '{"product_ids":[4,2]}',
    });
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM nutritionist_list_items WHERE product_id = ?').bind(id).first(),
    ).toEqual({ n: 0 });
    expect(await env.MEDIA.head(`${upload.data.r2_key}-400.webp`)).toBeNull();
    expect(JSON.parse((await lastAudit('product.delete')).before_json)).toMatchObject({ id, name_en: 'Boron' });
    expect((await post(`/staff/catalogue/products/${id}/delete`, { confirm: 'on' })).status).toBe(404);
  });
});

describe('categories and brands', () => {
  it('adds a subcategory under a top-level one only, and deletes it only while empty', async () => {
    const res = await post('/staff/catalogue/categories', {
      name_en: 'Probiotics',
      name_ar: 'بروبيوتيك',
      parent_id: '2',
      color: '#1A2B3C',
      sort_order: '5',
    });
    expect(res.status).toBe(200);
    const { id, slug } = (await json(res)).data;
    expect(slug).toBe('probiotics');
    expect(await env.DB.prepare('SELECT parent_id, color FROM categories WHERE id = ?').bind(id).first()).toEqual({
      parent_id: 2,
      color: '#1a2b3c',
    });
    const deep = await post('/staff/catalogue/categories', {
      name_en: 'Deeper',
      name_ar: 'أعمق',
      parent_id: String(id),
      color: '#000000',
      sort_order: '1',
    });
    expect(await fieldsOf(deep)).toEqual({ parent_id: 'category_parent_invalid' });
    expect(
      await fieldsOf(
        await post('/staff/catalogue/categories', {
          name_en: 'X',
          name_ar: 'س',
          parent_id: '',
          color: 'red',
          sort_order: '1',
        }),
      ),
    ).toEqual({ color: 'colour_invalid' });

    const used = await post('/staff/catalogue/categories/22/delete', { confirm: 'on' });
    expect(used.status).toBe(409);
    expect((await json(used)).meta.msg).toBe('category_in_use');
    expect((await post('/staff/catalogue/categories/2/delete', { confirm: 'on' })).status).toBe(409);
    expect((await post(`/staff/catalogue/categories/${id}/delete`, { confirm: 'on' })).status).toBe(200);
    expect(await env.DB.prepare('SELECT id FROM categories WHERE id = ?').bind(id).first()).toBeNull();
    expect((await lastAudit('category.delete')).resource_id).toBe(String(id));
  });

  it('adds a brand with its logo padded to the logo box, and deletes it only without products', async () => {
    const noLogo = await post('/staff/catalogue/brands', {
      name_en: 'Delta Health',
      name_ar: 'دلتا هيلث',
      color: '#0d6b5e',
      sort_order: '4',
      logo: '',
    });
    expect(await fieldsOf(noLogo)).toMatchObject({ logo: 'image_missing' });
    const notImage = await post('/staff/catalogue/brands', {
      name_en: 'Delta Health',
      name_ar: 'دلتا هيلث',
      color: '#0d6b5e',
      sort_order: '4',
      logo: btoa('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    expect(notImage.status).toBe(415);
    const res = await post('/staff/catalogue/brands', {
      name_en: 'Delta Health',
      name_ar: 'دلتا هيلث',
      description_en: '',
      description_ar: '',
      color: '#0d6b5e',
      is_featured: 'on',
      sort_order: '4',
      logo: base64(await solidPng(300, 300)),
    });
    expect(res.status).toBe(200);
    const { id, slug } = (await json(res)).data;
    expect(slug).toBe('delta-health');
    const logo = new Uint8Array(await (await env.MEDIA.get(`brands/${slug}-480.webp`))!.arrayBuffer());
    expect(sniffImageType(logo)).toBe('image/webp');
    expect(imageSize(logo, 'image/webp')).toEqual({ width: 480, height: 240 });

    // Its products keep it; without them it goes, and its logo's name is never reused.
    const { id: productId } = (
      await json(
        await post('/staff/catalogue/products', { ...newProduct, name_en: 'Delta Zinc', brand_id: String(id) }),
      )
    ).data;
    const used = await post(`/staff/catalogue/brands/${id}/delete`, { confirm: 'on' });
    expect(await json(used)).toMatchObject({ meta: { msg: 'brand_in_use' }, data: { products: 1 } });
    expect((await post(`/staff/catalogue/products/${productId}/delete`, { confirm: 'on' })).status).toBe(200);
    expect((await post(`/staff/catalogue/brands/${id}/delete`, { confirm: 'on' })).status).toBe(200);
    const again = await json(
      await post('/staff/catalogue/brands', {
        name_en: 'Delta Health',
        name_ar: 'دلتا هيلث',
        color: '#0d6b5e',
        sort_order: '4',
        logo: base64(await solidPng(300, 300)),
      }),
    );
    expect(again.data.slug).not.toBe('delta-health');
  });
});

describe('home banners', () => {
  const banner = async (link: string) => ({
    image_en: base64(await solidPng(1500, 600)),
    image_ar: base64(await solidPng(1500, 600)),
    link,
    alt_en: 'Omega week',
    alt_ar: 'أسبوع الأوميغا',
  });

  it('adds a banner cropped to the 3:1 box in each language, shown to shoppers in their language', async () => {
    const res = await post('/staff/catalogue/home-sections/1/banners', await banner('/products?category=2'));
    expect(res.status).toBe(200);
    const { image_key } = (await json(res)).data;
    for (const lang of ['en', 'ar']) {
      const bytes = new Uint8Array(await (await env.MEDIA.get(`${image_key}-${lang}-1200.webp`))!.arrayBuffer());
      expect(imageSize(bytes, 'image/webp')).toEqual({ width: 1200, height: 400 });
    }
    for (const lang of ['en', 'ar'] as const) {
      const home = await json(await shopperGet('/homepage/v4', lang));
      const items = home.data.sections.find((s: any) => s.type === 'banner').data.items;
      expect(items).toHaveLength(2);
      expect(items[1]).toMatchObject({
        link: '/products?category=2',
        image: { alt: lang === 'ar' ? 'أسبوع الأوميغا' : 'Omega week', width: 1200, height: 400 },
      });
      expect(items[1].image.url).toContain(`${image_key}-${lang}-1200.webp`);
    }
    expect(JSON.parse((await lastAudit('home_banner.add')).after_json)).toMatchObject({ image_key });
  });

  it('refuses links to other sites and language-prefixed links', async () => {
    for (const link of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'products',
      '/ar/products',
      '/a b',
    ]) {
      const res = await post('/staff/catalogue/home-sections/1/banners', await banner(link));
      expect(res.status, link).toBe(400);
      expect(await fieldsOf(res), link).toEqual({ link: 'banner_link_invalid' });
    }
    // Only banner rows take banners.
    expect((await post('/staff/catalogue/home-sections/2/banners', await banner('/products'))).status).toBe(404);
  });

  it('moves a banner earlier and removes one with its pictures', async () => {
    const items = async () =>
      (
        JSON.parse((await env.DB.prepare('SELECT payload FROM home_sections WHERE id = 1').first<any>()).payload)
          .items as any[]
      ).map((b) => b.image_key);
    const { image_key } = (await json(await post('/staff/catalogue/home-sections/1/banners', await banner('/brands'))))
      .data;
    const before = await items();
    expect(before.at(-1)).toBe(image_key);
    expect((await post('/staff/catalogue/home-sections/1/banners/edit', { image_key, action: 'up' })).status).toBe(200);
    const moved = await items();
    expect(moved.at(-2)).toBe(image_key);
    expect((await post('/staff/catalogue/home-sections/1/banners/edit', { image_key, action: 'remove' })).status).toBe(
      200,
    );
    expect(await items()).toEqual(before.filter((k) => k !== image_key));
    expect(await env.MEDIA.head(`${image_key}-ar-600.webp`)).toBeNull();
    const missing = await post('/staff/catalogue/home-sections/1/banners/edit', { image_key, action: 'remove' });
    expect(missing.status).toBe(400);
  });
});

describe('nutritionists and their lists', () => {
  const profile = {
    name_en: 'Dr. Reem Al-Mutairi',
    name_ar: 'د. ريم المطيري',
    title_en: 'Sports Dietitian',
    title_ar: 'أخصائية تغذية رياضية',
    bio_en: 'Works with runners.',
    bio_ar: 'تعمل مع العدائين.',
    years_experience: '7',
    sort_order: '3',
  };

  it('adds a nutritionist with a square portrait, shown to shoppers in both languages', async () => {
    const res = await post('/staff/catalogue/nutritionists', { ...profile, photo: base64(await solidPng(500, 300)) });
    expect(res.status).toBe(200);
    const { id, slug } = (await json(res)).data;
    expect(slug).toBe('dr-reem-al-mutairi');
    const stored = await env.DB.prepare('SELECT photo_key FROM nutritionists WHERE id = ?').bind(id).first<any>();
    const portrait = new Uint8Array(await (await env.MEDIA.get(`${stored.photo_key}-400.webp`))!.arrayBuffer());
    expect(imageSize(portrait, 'image/webp')).toEqual({ width: 400, height: 400 });
    for (const [lang, name] of [
      ['en', 'Dr. Reem Al-Mutairi'],
      ['ar', 'د. ريم المطيري'],
    ] as const) {
      const page = await json(await shopperGet(`/nutritionist/${id}`, lang));
      expect(JSON.stringify(page.data), lang).toContain(name);
    }
    expect((await lastAudit('nutritionist.create')).resource_id).toBe(String(id));
    expect(await fieldsOf(await post('/staff/catalogue/nutritionists', { ...profile, photo: '' }))).toMatchObject({
      photo: 'image_missing',
    });
  });

  it('lets a nutritionist add and delete a list of her own, and keeps the products', async () => {
    const added = await post(
      '/staff/catalogue/nutritionists/1/lists',
      { name_en: 'Ramadan', name_ar: 'رمضان', sort_order: '5' },
      nutritionist,
    );
    expect(added.status).toBe(200);
    const listId = (await json(added)).data.id;
    await post(`/staff/catalogue/nutritionist-lists/${listId}/items`, { add_product_id: '1' }, nutritionist);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM nutritionist_list_items WHERE list_id = ?').bind(listId).first(),
    ).toEqual({ n: 1 });
    expect(
      (
        await post(
          '/staff/catalogue/nutritionists/1/lists',
          { name_en: 'X', name_ar: 'س', sort_order: '1' },
          fulfilment,
        )
      ).status,
    ).toBe(403);
    expect(
      (await post(`/staff/catalogue/nutritionist-lists/${listId}/delete`, { confirm: 'on' }, nutritionist)).status,
    ).toBe(200);
    expect(await env.DB.prepare('SELECT id FROM nutritionist_lists WHERE id = ?').bind(listId).first()).toBeNull();
    expect(await env.DB.prepare('SELECT id FROM products WHERE id = 1').first()).not.toBeNull();
    expect(JSON.parse((await lastAudit('nutritionist_list.delete')).before_json)).toMatchObject({ products: [1] });
  });

  it("keeps the nutritionist the home page's banner shows, and deletes another with their lists", async () => {
    const featured = await post('/staff/catalogue/nutritionists/1/delete', { confirm: 'on' });
    expect(featured.status).toBe(409);
    expect((await json(featured)).meta.msg).toBe('nutritionist_featured');
    const gone = await post('/staff/catalogue/nutritionists/2/delete', { confirm: 'on' });
    expect(gone.status).toBe(200);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM nutritionist_lists WHERE nutritionist_id = 2').first(),
    ).toEqual({
      n: 0,
    });
    expect((await shopperGet('/nutritionist/2')).status).toBe(404);
  });
});

describe('product pictures', () => {
  it('shows a later picture first, removes one with its files, and keeps the last of a shown product', async () => {
    const { id } = (await json(await post('/staff/catalogue/products', { ...newProduct, name_en: 'Chromium' }))).data;
    const upload = async () =>
      (await json(await post(`/staff/catalogue/products/${id}/images`, { data: base64(await solidPng(300, 300)) })))
        .data.r2_key as string;
    const first = await upload();
    const second = await upload();
    const rows = async () =>
      (
        await env.DB.prepare('SELECT id, r2_key FROM product_images WHERE product_id = ? ORDER BY sort_order, id')
          .bind(id)
          .all<{ id: number; r2_key: string }>()
      ).results;
    // Each upload becomes the first picture; the older one is put back in front.
    expect((await rows()).map((r) => r.r2_key)).toEqual([second, first]);
    const older = (await rows())[1]!.id;
    expect((await post(`/staff/catalogue/product-images/${older}`, { action: 'first' })).status).toBe(200);
    expect((await rows()).map((r) => r.r2_key)).toEqual([first, second]);

    const removed = await post(`/staff/catalogue/product-images/${older}`, { action: 'remove' });
    expect(removed.status).toBe(200);
    expect((await rows()).map((r) => r.r2_key)).toEqual([second]);
    expect(await env.MEDIA.head(`${first}-400.webp`)).toBeNull();
    expect(await env.MEDIA.head(`${second}-400.webp`)).not.toBeNull();
    expect((await lastAudit('product.image_remove')).resource_id).toBe(String(id));

    // Shown, the product keeps its last picture.
    await env.DB.prepare('UPDATE products SET is_active = 1 WHERE id = ?').bind(id).run();
    const last = await post(`/staff/catalogue/product-images/${(await rows())[0]!.id}`, { action: 'remove' });
    expect(last.status).toBe(409);
    expect((await json(last)).meta.msg).toBe('image_last');
    expect(
      (await post(`/staff/catalogue/product-images/${(await rows())[0]!.id}`, { action: 'remove' }, fulfilment)).status,
    ).toBe(403);
  });
});
