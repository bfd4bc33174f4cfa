// A catalogue change in the back office is what the next shopper request shows: the price
// changed through the staff app's form, the home page's cached answer made stale by the catalogue
// version, the product page with the new price; a sold-out SKU restocked is for sale again.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CACHED_CODE } from '#shared/api/envelope';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, storefront } from './helpers';
import { STAFF, staffPost, staffSignIn } from './staff-session';

const post = staffPost;

let staff: string;
let shopper: string;

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  staff = (await staffSignIn([{ role: 'catalogue_manager', country: null }])).cookie;
  // A shopper's session: the first answer gives the device cookie.
  shopper = cookiesFrom(await storefront('/api/homepage/v4'));
});

const home = async () => {
  const res = await storefront('/api/homepage/v4', { headers: { cookie: shopper } });
  const body = await res.json<any>();
  const popular = body.data.sections.find((s: any) => s.type === 'popular');
  return { code: body.meta.code as number, cards: popular.data.items as any[] };
};

describe('a price changed in the back office', () => {
  it('is what the shopper sees on the next request, cached home page included', async () => {
    await home();
    const cached = await home();
    expect(cached.code).toBe(CACHED_CODE);
    expect(cached.cards.find((c) => c.id === 1).default_sku.price.price).toBe(3500);

    const saved = await post(
      '/catalogue/skus/101',
      { product_id: '1', price: '3.250', old_price: '3.500', buy_limit: '', stock: '50', stock_seen: '50', reason: '' },
      staff,
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/catalogue/products/1?done=sku');

    const next = await home();
    expect(next.code).not.toBe(CACHED_CODE);
    expect(next.cards.find((c) => c.id === 1).default_sku.price).toMatchObject({ price: 3250, old_price: 3500 });
    const page = await (await storefront('/products/alpha-vitamin-d3-1000', { headers: { cookie: shopper } })).text();
    expect(page).toContain('3.250');
    // The notice in the manager's language (English here; the browser story is Arabic: decision 70).
    const notice = await (
      await storefront(new Request(`${STAFF}${saved.headers.get('location')}`, { headers: { cookie: staff } }))
    ).text();
    expect(notice).toContain('Saved. Shoppers see the change now.');
  });

  it('shows a refused price again with its message, and changes nothing', async () => {
    const res = await post(
      '/catalogue/skus/101',
      { product_id: '1', price: 'abc', old_price: '', buy_limit: '', stock: '50', stock_seen: '50', reason: '' },
      staff,
    );
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('aria-invalid="true"');
    expect(page).toContain('Please enter the price in the currency&#x27;s units');
    expect((await home()).cards.find((c) => c.id === 1).default_sku.price.price).toBe(3250);
  });

  it('puts a restocked sold-out SKU back on sale', async () => {
    const before = await home();
    expect(before.cards.map((c) => c.id)).not.toContain(2);
    const res = await post('/catalogue/skus/201/stock', { product_id: '2', adjust: '8', reason: 'Delivery' }, staff);
    expect(res.status).toBe(303);
    const after = await home();
    expect(after.cards.map((c) => c.id)).toContain(2);
    // Her English product page offers it again: an add-to-cart button, no "Sold out".
    const slug = after.cards.find((c) => c.id === 2).slug as string;
    const page = await (await storefront(`/products/${slug}`, { headers: { cookie: shopper } })).text();
    expect(page).toMatch(/aria-label="Add to cart[^"]*"|>Add to cart</);
    const event = await env.API_DB.prepare('SELECT count(*) AS n FROM back_in_stock_events WHERE sku_id = 201').first();
    expect(event).toEqual({ n: 1 });
  });
});

describe('the staff pages', () => {
  it('list products with filters, and show the edit form with SKU rows and the upload form', async () => {
    const list = await storefront(
      new Request(`${STAFF}/catalogue?stock=in&brand_id=1`, { headers: { cookie: staff } }),
    );
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain('href="/catalogue/products/');
    const edit = await (
      await storefront(new Request(`${STAFF}/catalogue/products/1`, { headers: { cookie: staff } }))
    ).text();
    expect(edit).toContain('action="/catalogue/skus/101"');
    // React writes the attribute as encType; HTML attribute names are case-insensitive.
    expect(edit).toMatch(/enctype="multipart\/form-data"/i);
    expect(edit).toContain('Saudi Arabia pays');
  });

  it('judges an upload by its content: a PNG named .jpg is stored, a text file refused', async () => {
    const png = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
      (ch) => ch.charCodeAt(0),
    );
    const upload = (file: File) => {
      const form = new FormData();
      form.set('image', file);
      form.set('alt_en', 'Front');
      form.set('alt_ar', 'الأمام');
      return storefront(
        new Request(`${STAFF}/catalogue/products/3/images`, {
          method: 'POST',
          body: form,
          headers: { origin: STAFF, 'sec-fetch-site': 'same-origin', cookie: staff },
          redirect: 'manual',
        }),
      );
    };
    const ok = await upload(new File([png], 'photo.jpg', { type: 'image/jpeg' }));
    expect(ok.status).toBe(303);
    const image = await env.API_DB.prepare(
      'SELECT r2_key FROM product_images WHERE product_id = 3 ORDER BY sort_order LIMIT 1',
    ).first<{ r2_key: string }>();
    expect(image!.r2_key).toMatch(/^products\/alpha-magnesium-glycinate\/u/);
    const served = await storefront(`/media/${image!.r2_key}-800.webp`);
    expect(served.status).toBe(200);
    // Stored as the WebP rendition its key names, whatever the browser called the file.
    expect(served.headers.get('content-type')).toBe('image/webp');

    const refused = await upload(new File(['not an image'], 'photo.png', { type: 'image/png' }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Only JPEG, PNG and WebP images can be uploaded.');
  });
});
