// The order page's "Return items" (issue 62): offered for a delivered order only while the return
// window is open, in English and Arabic, with the window's end date; gone once it closes. The form
// itself loads on demand (client/orders/ReturnForm.tsx), so the server page carries only the button.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, placeKuwaitCodOrder, registerShopper, storefront } from './helpers';

const JSON_HEADERS = { 'content-type': 'application/json', origin: 'http://shop.test' };
const DAY = 86_400_000;
let shopper = '';

const placed = () => placeKuwaitCodOrder(shopper, [{ sku_id: 101, count: 2 }]);

const delivered = (id: number, at: number) =>
  env.API_DB.prepare(
    "UPDATE orders SET status = 'delivered', confirmed_at = ?2, packed_at = ?2, shipped_at = ?2, delivered_at = ?2, updated_at = ?2 WHERE id = ?1",
  )
    .bind(id, at)
    .run();

const page = async (path: string) => {
  const res = await storefront(path, { headers: { cookie: shopper } });
  expect(res.status, path).toBe(200);
  return res.text();
};

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  const device = cookiesFrom(await storefront('/api/country'));
  shopper = await registerShopper(`returns-page-${crypto.randomUUID()}@example.com`, device, 'Noura Returns');
});

describe('the order page offers "Return items"', () => {
  it('for a delivered order within the window, in English and in Arabic', async () => {
    const id = await placed();
    // Not yet delivered: nothing to return.
    expect(await page(`/profile/orders?id=${id}`)).not.toContain('data-testid="return-start"');
    await delivered(id, Date.now() - 3 * DAY);
    const en = await page(`/profile/orders?id=${id}`);
    expect(en).toContain('data-testid="return-start"');
    expect(en).toContain('Return items');
    expect(en).toContain('You can return items from this order until');
    const ar = await page(`/ar/profile/orders?id=${id}`);
    expect(ar).toContain('data-testid="return-start"');
    expect(ar).toContain('إرجاع منتجات');
    expect(ar).toContain('يمكنك إرجاع منتجات من هذا الطلب حتى');
  });

  it('not once the window has closed', async () => {
    const id = await placed();
    await delivered(id, Date.now() - 15 * DAY);
    expect(await page(`/profile/orders?id=${id}`)).not.toContain('data-testid="return-start"');
    expect(await page(`/ar/profile/orders?id=${id}`)).not.toContain('data-testid="return-start"');
  });

  it('sends a photo and the return through the storefront, and serves her label', async () => {
    const id = await placed();
    await delivered(id, Date.now() - DAY);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);
    const up = await storefront('/api/user/returns/photo', {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', origin: 'http://shop.test', cookie: shopper },
      body: jpeg,
    });
    const photo = (await up.json()) as { data: { id: string } };
    expect(up.status, JSON.stringify(photo)).toBe(200);
    const asked = await storefront(`/api/user/order/${id}/return`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, cookie: shopper },
      body: JSON.stringify({ items: [{ sku_id: 101, count: 1 }], reason: 'damaged', photos: [photo.data.id] }),
    });
    const body = (await asked.json()) as { data: { return_id: number } };
    expect(asked.status, JSON.stringify(body)).toBe(200);
    const label = await storefront(`/api/user/order/${id}/return/${body.data.return_id}/label`, {
      headers: { cookie: shopper },
    });
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    const mine = await storefront(`/api/user/returns/photo/${photo.data.id}`, { headers: { cookie: shopper } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/jpeg');
    // The order page lists it with its label, in Arabic too.
    const ar = await page(`/ar/profile/orders?id=${id}`);
    // Numbered within the order (her first is 1), the shop's reference beside it (issue 73).
    expect(ar).toContain(`الإرجاع 1 (المرجع ${body.data.return_id})`);
    expect(ar).toContain('نزّل ملصق الإرجاع (PDF)');
  });
});
