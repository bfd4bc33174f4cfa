// The back office's orders through the staff worker's forms, and what the shopper then
// sees: a fulfilment clerk finds the order, confirms, packs and ships it with a tracking number, and
// the shopper's own order page shows the carrier and the tracking number.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RoleGrant } from '#shared/staff/permissions';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, openVerifyLink, storefront } from './helpers';
import { staffPage, staffPost, staffSignIn } from './staff-session';

const SHOP = 'http://shop.test';
const post = staffPost;

async function signIn(grants: RoleGrant[], lang: 'en' | 'ar' = 'en') {
  return (await staffSignIn(grants, { lang, name: 'Clerk' })).cookie;
}

async function shopApi(path: string, body: unknown, cookie: string) {
  const res = await storefront(`/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch', origin: SHOP, cookie },
    body: JSON.stringify(body),
  });
  return res;
}

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

describe('shipping an order from the back office', () => {
  // A sign-up, an order and a clerk's four steps, each a round of requests through both workers: over
  // 5 s on a busy two-core machine, which says nothing of what is checked.
  it("shows the shopper's order page the tracking number once a clerk ships it", async () => {
    const fatma = `fatma-${crypto.randomUUID()}@example.com`;
    const signUp = await shopApi('/user/register', { name: 'Fatma', email: fatma, password: 'secret1' }, '');
    expect(signUp.status).toBe(200);
    // She opened her confirmation link: the shipping mail reaches her (decision 85).
    await openVerifyLink(fatma);
    const shopper = cookiesFrom(signUp);
    const address = await shopApi(
      '/user/address/new',
      { country: 'KW', recipient: 'Fatma', phone: '98765432', area_id: 26, block: '3', street: '12', building: '7' },
      shopper,
    );
    expect(address.status).toBe(200);
    const submit = await shopApi(
      '/order/submit',
      {
        items: [{ sku_id: 101, count: 1 }],
        payment_method: 'cod',
        address_id: ((await address.json()) as any).data.id,
        idempotency_key: crypto.randomUUID(),
      },
      shopper,
    );
    expect(submit.status).toBe(200);
    const orderId = ((await submit.json()) as any).data.order.id as number;

    const clerk = await signIn([{ role: 'fulfilment', country: 'KW' }]);
    const list = await staffPage(`/orders?q=${orderId}`, clerk);
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    expect(listHtml).toContain(`href="/orders/${orderId}"`);
    expect(listHtml).toContain('To confirm');

    // The speed she chose and the day she was promised, in the shop's words and its way of writing a day.
    await env.API_DB.prepare("UPDATE orders SET delivery_speed = 'next_day', promised_date = '2030-01-06' WHERE id = ?")
      .bind(orderId)
      .run();
    const detail = await (await staffPage(`/orders/${orderId}`, clerk)).text();
    expect(detail).toContain(`action="/orders/${orderId}/confirm"`);
    const delivery = /data-testid="order-delivery">(.*?)<\/section>/s.exec(detail)![1]!;
    expect(delivery).toContain('Speed: Next day');
    expect(delivery).toContain('Promised for Sun, Jan 6');
    // The whole delivery address, as the packing slip prints it: the area and governorate, the street
    // and building parts in the shop's words, the country and the phone.
    const addressHtml = /<address>(.*?)<\/address>/s.exec(detail)![1]!;
    for (const part of ['Fatma', 'Block 3, Street 12', 'Building 7', 'Kuwait', '+96598765432'])
      expect(addressHtml, part).toContain(part);
    expect(addressHtml).toMatch(/<bdi>[^<]+, [^<]+<\/bdi>/);
    const arDetail = await (
      await staffPage(`/orders/${orderId}`, await signIn([{ role: 'fulfilment', country: 'KW' }], 'ar'))
    ).text();
    expect(/<address>(.*?)<\/address>/s.exec(arDetail)![1]).toContain('قطعة 3، شارع 12');
    const arDelivery = /data-testid="order-delivery">(.*?)<\/section>/s.exec(arDetail)![1]!;
    expect(arDelivery).toContain('السرعة: في اليوم التالي');
    expect(arDelivery).toMatch(/اليوم الموعود للتوصيل: الأحد، 6 يناير \(\d+[\s\u00a0]\S+/);
    // Fulfilment may not refund: no refund form.
    expect(detail).not.toContain(`action="/orders/${orderId}/refund"`);

    for (const step of ['confirm', 'pack']) {
      const res = await post(`/orders/${orderId}/${step}`, {}, clerk);
      expect(res.status, step).toBe(303);
      expect(res.headers.get('location')).toBe(`/orders/${orderId}?done=${step}`);
    }
    const noNumber = await post(`/orders/${orderId}/ship`, { carrier: 'aramex', tracking_number: '' }, clerk);
    expect(noNumber.headers.get('location')).toBe(`/orders/${orderId}?error=validation_failed`);
    const shipped = await post(`/orders/${orderId}/ship`, { carrier: 'aramex', tracking_number: 'AWB5550001' }, clerk);
    expect(shipped.headers.get('location')).toBe(`/orders/${orderId}?done=ship`);
    const after = await (await staffPage(`/orders/${orderId}?done=ship`, clerk)).text();
    expect(after).toMatch(/^<!DOCTYPE html><html lang="en" dir="ltr">/i);
    expect(after).toContain('AWB5550001');
    expect(after).toContain('The order is shipped and the shopper has the tracking number.');
    // The shipping mail, in the order's language, names the order (the English half of the e2e story
    // back-office-orders.spec.ts, moved here: decision 70).
    const mail = await env.API_DB.prepare('SELECT subject, lang, body_text FROM mail_outbox WHERE dedupe_key = ?')
      .bind(`order:${orderId}:shipped`)
      .first<{ subject: string; lang: string; body_text: string }>();
    expect(mail?.lang).toBe('en');
    expect(mail?.subject).toContain('has shipped');
    expect(mail?.subject).toContain(String(orderId));
    expect(mail?.body_text).toContain('AWB5550001');
    // A second ship from the wrong state comes back with the API's message.
    const again = await post(`/orders/${orderId}/pack`, {}, clerk);
    expect(again.headers.get('location')).toBe(`/orders/${orderId}?error=transition_not_allowed`);
    // Out for delivery today: its own button, then the shopper's timeline says so in both languages.
    expect(after).toContain('Out for delivery today');
    const out = await post(`/orders/${orderId}/dispatch`, {}, clerk);
    expect(out.headers.get('location')).toBe(`/orders/${orderId}?done=dispatch`);
    expect(await (await staffPage(`/orders/${orderId}?done=dispatch`, clerk)).text()).toContain(
      'The order is out for delivery and the shopper has been told.',
    );

    const page = await storefront(`${SHOP}/profile/orders?id=${orderId}`, { headers: { cookie: shopper } });
    expect(page.status).toBe(200);
    const shopperHtml = await page.text();
    expect(shopperHtml).toContain('AWB5550001');
    expect(shopperHtml).toContain('Aramex');
    expect(shopperHtml).toContain('Order progress');
    const ar = await storefront(`${SHOP}/ar/profile/orders?id=${orderId}`, { headers: { cookie: shopper } });
    const arHtml = await ar.text();
    expect(arHtml).toContain('AWB5550001');
    expect(arHtml).toContain('رقم التتبع');
    expect(shopperHtml).toContain('Out for delivery');
    expect(arHtml).toContain('في الطريق إليك');
  }, 30_000);
});
