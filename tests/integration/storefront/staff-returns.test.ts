// The back office's returns queue (issue 62): a return a shopper sent from her order page is listed,
// opened, received and inspected through the staff pages' forms, in English and Arabic; only staff with
// returns:manage reach it.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { carrierName } from '#shared/orders/carriers';
import { staffTrackingAr } from '#shared/i18n/staff-tracking.ar';
import { staffTrackingEn } from '#shared/i18n/staff-tracking.en';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, placeKuwaitCodOrder, registerShopper, storefront } from './helpers';
import { staffPage, staffPost, staffSignIn } from './staff-session';

const JSON_HEADERS = { 'content-type': 'application/json', origin: 'http://shop.test' };
let owner = '';
let ownerAr = '';
let catalogue = '';
let returnId = 0;

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  owner = (await staffSignIn([{ role: 'owner', country: null }])).cookie;
  ownerAr = (await staffSignIn([{ role: 'owner', country: null }], { lang: 'ar' })).cookie;
  catalogue = (await staffSignIn([{ role: 'catalogue_manager', country: null }])).cookie;
  const device = cookiesFrom(await storefront('/api/country'));
  const shopper = await registerShopper(`staff-returns-${crypto.randomUUID()}@example.com`, device, 'Noura Back');
  const orderId = await placeKuwaitCodOrder(shopper, [{ sku_id: 101, count: 2 }]);
  await env.API_DB.prepare("UPDATE orders SET status = 'delivered', delivered_at = ?2, updated_at = ?2 WHERE id = ?1")
    .bind(orderId, Date.now())
    .run();
  const asked = await storefront(`/api/user/order/${orderId}/return`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, cookie: shopper },
    body: JSON.stringify({ items: [{ sku_id: 101, count: 1 }], reason: 'changed_mind', unopened: true }),
  });
  const body = (await asked.json()) as { data: { return_id: number } };
  expect(asked.status, JSON.stringify(body)).toBe(200);
  returnId = body.data.return_id;
});

describe('the Returns page of the back office', () => {
  it('lists the return and takes it through receive and inspect', async () => {
    const list = await (await staffPage('/returns?status=open', owner)).text();
    expect(list).toContain(`href="/returns/${returnId}"`);
    const page = await (await staffPage(`/returns/${returnId}`, owner)).text();
    expect(page).toContain('Changed her mind (unopened)');
    expect(page).toContain('Pickup booked');
    expect(page).toContain(`href="/returns/${returnId}/label"`);
    const label = await staffPage(`/returns/${returnId}/label`, owner);
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');

    const received = await staffPost(`/returns/${returnId}/receive`, { note: '' }, owner);
    expect(received.status).toBe(303);
    const inspected = await staffPost(`/returns/${returnId}/inspect`, { resellable_101: '1' }, owner);
    expect(inspected.status).toBe(303);
    const after = await (await staffPage(`/returns/${returnId}`, owner)).text();
    expect(after).toContain('data-testid="return-status">Inspected');
    expect(after).toContain('Can be sold again');
    // In Arabic.
    const ar = await (await staffPage(`/returns/${returnId}`, ownerAr)).text();
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain('تم الفحص');
  });

  it('names the parcel, its carrier and its status in words, and keeps the list inside a phone', async () => {
    const parcel = await env.API_DB.prepare(
      'SELECT s.carrier, s.status FROM shipments s JOIN returns r ON r.shipment_id = s.id WHERE r.id = ?',
    )
      .bind(returnId)
      .first<{ carrier: string; status: string }>();
    const status = `st_tracking_status_${parcel!.status}` as keyof typeof staffTrackingEn;
    const page = await (await staffPage(`/returns/${returnId}`, owner)).text();
    expect(page).toContain(`${carrierName(parcel!.carrier, 'en')} · ${staffTrackingEn[status]}`);
    const ar = await (await staffPage(`/returns/${returnId}`, ownerAr)).text();
    expect(ar).toContain(`${carrierName(parcel!.carrier, 'ar')} · ${staffTrackingAr[status]}`);
    const list = await (await staffPage('/returns', owner)).text();
    expect(list).toContain('<div class="table-wrap"><table data-testid="returns-table">');
    expect(list).toContain(`<td>${staffTrackingEn[status]}`);
  });

  it('is closed to staff without returns:manage', async () => {
    expect((await staffPage('/returns', catalogue)).status).toBe(403);
  });
});
