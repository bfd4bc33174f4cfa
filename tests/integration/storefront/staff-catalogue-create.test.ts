// Adding and deleting through the staff app's forms, as a catalogue manager's browser posts
// them: a product added in Arabic lands on its own page with the notice, is deleted only with the box
// ticked; a brand comes with its logo; a category in use stays with its message; a banner posted with
// a picture per language is on the shop's home page in each language, and its thumbnail is served to
// staff only.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMinor } from '#shared/money';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { solidPng } from '../fixtures/png';
import { storefront } from './helpers';
import { staffPage, staffPost, staffSignIn } from './staff-session';

let staffAr: string;
let staffEn: string;

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  staffAr = (await staffSignIn([{ role: 'catalogue_manager', country: null }], { lang: 'ar' })).cookie;
  staffEn = (await staffSignIn([{ role: 'catalogue_manager', country: null }])).cookie;
});

const png = async (w: number, h: number) => new File([await solidPng(w, h)], 'picture.png', { type: 'image/png' });

describe('a catalogue manager adds a product', () => {
  it('in Arabic: the form, the new product page with its notice, then a delete that needs the box ticked', async () => {
    const form = await staffPage('/catalogue/products/new', staffAr);
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(formHtml).toContain('dir="rtl"');
    expect(formHtml).toContain('حجمه الأول');
    expect(formHtml).toContain('action="/catalogue/products"');

    const added = await staffPost(
      '/catalogue/products',
      {
        name_en: 'Vitamin K2 100 mcg',
        name_ar: 'فيتامين ك2 100 ميكروغرام',
        description_en: '',
        description_ar: '',
        category_id: '11',
        brand_id: '2',
        sku_name_en: '60 softgels',
        sku_name_ar: '60 كبسولة',
        price: '٥٫٢٥٠',
        old_price: '',
        buy_limit: '',
        stock: '12',
      },
      staffAr,
    );
    expect(added.status).toBe(303);
    const location = added.headers.get('location')!;
    expect(location).toMatch(/^\/catalogue\/products\/\d+\?done=created$/);
    const page = await (await staffPage(location, staffAr)).text();
    expect(page).toContain('تمت الإضافة.');
    expect(page).toContain('فيتامين ك2 100 ميكروغرام');
    expect(page).toContain('أضف الحجم');
    const id = Number(/products\/(\d+)/.exec(location)![1]);
    expect(await env.API_DB.prepare('SELECT price, stock FROM skus WHERE product_id = ?').bind(id).first()).toEqual({
      price: 5250,
      stock: 12,
    });

    const unticked = await staffPost(`/catalogue/products/${id}/delete`, {}, staffAr);
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain('ضع علامة في المربع لتأكيد الحذف.');
    expect(await env.API_DB.prepare('SELECT id FROM products WHERE id = ?').bind(id).first()).not.toBeNull();

    const deleted = await staffPost(`/catalogue/products/${id}/delete`, { confirm: 'on' }, staffAr);
    expect(deleted.headers.get('location')).toBe('/catalogue?done=deleted');
    expect(await (await staffPage('/catalogue?done=deleted', staffAr)).text()).toContain('تم الحذف.');
    expect(await env.API_DB.prepare('SELECT id FROM products WHERE id = ?').bind(id).first()).toBeNull();
  });

  // The English run of the e2e story back-office-catalogue.spec.ts, moved here (decision 70): the staff
  // app is plain forms and the shop's search and product pages are whole in their first HTML.
  it('in English: added hidden, shown through the product form, then found by its English name', async () => {
    const form = await (await staffPage('/catalogue/products/new', staffEn)).text();
    expect(form).toContain('Name (English)');
    expect(form).toContain('>Add the product<');
    const n = 1000 + Math.floor(Math.random() * 8000);
    const name = `Zinc Bisglycinate ${n}`;
    const added = await staffPost(
      '/catalogue/products',
      {
        name_en: name,
        name_ar: `زنك بيسجلايسينات ${n}`,
        description_en: '',
        description_ar: '',
        category_id: '11',
        brand_id: '2',
        sku_name_en: '90 tablets',
        sku_name_ar: '90 قرصاً',
        price: (n / 1000).toFixed(3),
        old_price: '',
        buy_limit: '',
        stock: '15',
      },
      staffEn,
    );
    expect(added.status).toBe(303);
    const location = added.headers.get('location')!;
    expect(await (await staffPage(location, staffEn)).text()).toContain('Added.');
    const id = Number(/products\/(\d+)/.exec(location)![1]);
    const { slug } = (await env.API_DB.prepare('SELECT slug FROM products WHERE id = ?')
      .bind(id)
      .first<{ slug: string }>())!;
    // Hidden until shown: the shop answers "not found" for it.
    expect((await storefront(`/products/${slug}`)).status).toBe(404);

    const shown = await staffPost(
      `/catalogue/products/${id}`,
      {
        name_en: name,
        name_ar: `زنك بيسجلايسينات ${n}`,
        description_en: '',
        description_ar: '',
        category_id: '11',
        brand_id: '2',
        is_active: 'on',
      },
      staffEn,
    );
    expect(shown.status).toBe(303);
    expect(await (await staffPage(shown.headers.get('location')!, staffEn)).text()).toContain(
      'Saved. Shoppers see the change now.',
    );

    const found = await (await storefront(`/search?q=${encodeURIComponent(name)}`)).text();
    expect(found).toMatch(new RegExp(`href="/products/${slug}[?"]`));
    const page = await storefront(`/products/${slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>[^<]*${name}`));
    expect(html).toContain(formatMinor(n, 'KWD', 'en', 'KW'));
    expect(html).toMatch(/aria-label="Add to cart[^"]*"|>Add to cart</);
  });

  it('shows a refused form again with what was typed and each message', async () => {
    const res = await staffPost(
      '/catalogue/products',
      {
        name_en: 'Half typed',
        name_ar: '',
        category_id: '11',
        brand_id: '2',
        sku_name_en: 'One',
        sku_name_ar: 'واحد',
        price: 'abc',
        old_price: '',
        buy_limit: '',
        stock: '1',
      },
      staffEn,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('value="Half typed"');
    expect(html).toContain('This field is required.');
    expect(html).toContain('Please enter the price in the currency&#x27;s units');
  });
});

describe('brands and categories', () => {
  it('adds a brand with its logo, and keeps a category that has products with its message', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name_en: 'Epsilon Naturals',
      name_ar: 'إبسيلون ناتشورالز',
      description_en: '',
      description_ar: '',
      color: '#336699',
      sort_order: '9',
    }))
      form.set(k, v);
    form.set('logo', await png(200, 200));
    const added = await staffPost('/catalogue/brands', form, staffEn);
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/catalogue/brands?done=created');
    const brand = await env.API_DB.prepare("SELECT slug FROM brands WHERE name_en = 'Epsilon Naturals'").first<{
      slug: string;
    }>();
    const logo = await storefront(`/media/brands/${brand!.slug}-480.webp`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/webp');

    const kept = await staffPost('/catalogue/categories/11/delete', { confirm: 'on' }, staffEn);
    expect(kept.status).toBe(400);
    expect(await kept.text()).toContain('This category still has products or subcategories.');
  });
});

describe('a home banner', () => {
  it('posted with a picture per language is on the home page in each language', async () => {
    const form = new FormData();
    form.set('image_en', await png(1200, 400));
    form.set('image_ar', await png(1200, 400));
    form.set('link', '/products?category=2');
    form.set('alt_en', 'Omega fortnight');
    form.set('alt_ar', 'أسبوعا الأوميغا');
    const added = await staffPost('/catalogue/home-sections/1/banners', form, staffEn);
    expect(added.status).toBe(303);
    for (const lang of ['en', 'ar'] as const) {
      const home = await storefront('/api/homepage/v4', { headers: { lang } });
      const body = await home.json<any>();
      const items = body.data.sections.find((s: any) => s.type === 'banner').data.items as any[];
      const banner = items.find((b) => b.link === '/products?category=2');
      expect(banner, lang).toBeDefined();
      expect(banner.image.url).toMatch(new RegExp(`-${lang}-1200\\.webp$`));
    }
    const list = await (await staffPage('/catalogue/home-sections', staffEn)).text();
    const thumb = /src="(\/media\/banners\/u[^"]+-en-600\.webp)"/.exec(list)![1]!;
    const served = await staffPage(thumb, staffEn);
    expect(served.headers.get('content-type')).toBe('image/webp');
    // Not for someone without a staff session.
    expect((await staffPage(thumb)).headers.get('content-type')).not.toBe('image/webp');
  });

  it('refuses a link to another site with its message', async () => {
    const form = new FormData();
    form.set('image_en', await png(1200, 400));
    form.set('image_ar', await png(1200, 400));
    form.set('link', 'https://evil.example/');
    form.set('alt_en', 'x');
    form.set('alt_ar', 'س');
    const res = await staffPost('/catalogue/home-sections/1/banners', form, staffEn);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Type a page of this shop');
  });
});

describe('nutritionists', () => {
  it('in Arabic: adds a nutritionist with a portrait, then a list on their page, then deletes the list', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name_en: 'Dr. Sara',
      name_ar: 'د. سارة',
      title_en: 'Dietitian',
      title_ar: 'أخصائية تغذية',
      bio_en: '',
      bio_ar: '',
      years_experience: '٥',
      sort_order: '4',
    }))
      form.set(k, v);
    form.set('photo', await png(300, 300));
    const added = await staffPost('/nutritionists', form, staffAr);
    expect(added.status).toBe(303);
    const location = added.headers.get('location')!;
    expect(location).toMatch(/^\/nutritionists\/\d+\?done=created$/);
    const id = Number(/nutritionists\/(\d+)/.exec(location)![1]);
    const page = await (await staffPage(location, staffAr)).text();
    expect(page).toContain('تمت الإضافة.');
    expect(page).toContain('إضافة قائمة');

    const list = await staffPost(
      `/nutritionists/${id}/lists`,
      { name_en: 'Iron', name_ar: 'الحديد', sort_order: '1' },
      staffAr,
    );
    expect(list.headers.get('location')).toBe(`/nutritionists/${id}?done=created`);
    const listId = (await env.API_DB.prepare('SELECT id FROM nutritionist_lists WHERE nutritionist_id = ?')
      .bind(id)
      .first<{ id: number }>())!.id;
    const deleted = await staffPost(
      `/nutritionists/lists/${listId}/delete`,
      { nutritionist_id: String(id), confirm: 'on' },
      staffAr,
    );
    expect(deleted.headers.get('location')).toBe(`/nutritionists/${id}?done=deleted`);
    expect(await env.API_DB.prepare('SELECT id FROM nutritionist_lists WHERE id = ?').bind(listId).first()).toBeNull();
  });

  it('in Arabic: the owner links the account that practises as a nutritionist, and is told when it is taken', async () => {
    const owner = await staffSignIn([{ role: 'owner', country: null }], { lang: 'ar', name: 'Owner' });
    const practising = await staffSignIn([{ role: 'nutritionist', country: null }], { name: 'Reem Staff' });
    const id = (await env.API_DB.prepare(
      'SELECT id FROM nutritionists WHERE staff_id IS NULL ORDER BY id LIMIT 1',
    ).first<{
      id: number;
    }>())!.id;
    const page = await (await staffPage(`/nutritionists/${id}`, owner.cookie)).text();
    expect(page).toContain('حساب الممارسة');
    expect(page).toContain(`<option value="${practising.id}">Reem Staff`);
    const linked = await staffPost(`/nutritionists/${id}/account`, { staff_id: String(practising.id) }, owner.cookie);
    expect(linked.status).toBe(303);
    expect(linked.headers.get('location')).toBe(`/nutritionists/${id}?done=1`);
    expect(await env.API_DB.prepare('SELECT staff_id FROM nutritionists WHERE id = ?').bind(id).first('staff_id')).toBe(
      practising.id,
    );
    // The same account for another nutritionist: refused, in her language, the first link kept.
    const other = (await env.API_DB.prepare('SELECT id FROM nutritionists WHERE id <> ? ORDER BY id LIMIT 1')
      .bind(id)
      .first<{ id: number }>())!.id;
    const taken = await staffPost(`/nutritionists/${other}/account`, { staff_id: String(practising.id) }, owner.cookie);
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain('هذا الحساب يمارس باسم أخصائي تغذية آخر');
    // A catalogue manager is not offered it.
    expect(await (await staffPage(`/nutritionists/${id}`, staffEn)).text()).not.toContain('/account"');
  });
});
