// Send as a gift in the back office (decision 34): a shopper's gift order shows its recipient,
// requested day and message on the staff order page, the list flags and filters gift orders, and the
// printable packing slip has the message (in its language and direction) and the items with their
// counts, and no price, total, currency or payment.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#shared/blood-tests/slot-rules';
import { deliveryWindow } from '#shared/api/gift-schemas';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, storefront } from './helpers';
import { staffPage, staffSignIn } from './staff-session';

const SHOP = 'http://shop.test';

async function shopApi(path: string, body: unknown, cookie: string, lang = 'en') {
  return storefront(`${SHOP}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'fetch',
      origin: SHOP,
      cookie,
      ...(lang === 'ar' ? { lang: 'ar' } : {}),
    },
    body: JSON.stringify(body),
  });
}

const MESSAGE = 'عيد مبارك يا نورة، كل عام وأنتِ بخير';
let orderId: number;
let plainOrderId: number;
let eid: string;
let shopper: string;
const roundTrips = (res: Response) => Number(res.headers.get('x-d1-roundtrips'));

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  const signUp = await shopApi(
    '/user/register',
    { name: 'Hessa', email: `hessa-${crypto.randomUUID()}@example.com`, password: 'secret1' },
    '',
  );
  expect(signUp.status).toBe(200);
  shopper = cookiesFrom(signUp);
  eid = addDays(deliveryWindow(Date.now(), 'Asia/Kuwait').min, 3);
  const gift = await shopApi(
    '/order/submit',
    {
      items: [
        { sku_id: 101, count: 2 },
        { sku_id: 401, count: 1 },
      ],
      payment_method: 'cod',
      idempotency_key: crypto.randomUUID(),
      gift: {
        country: 'KW',
        recipient: 'Noura',
        phone: '55512345',
        area_id: 26,
        block: '4',
        street: '21',
        building: '9',
        message: MESSAGE,
        delivery_date: eid,
      },
    },
    shopper,
  );
  expect(gift.status).toBe(200);
  orderId = ((await gift.json()) as any).data.order.id;
  const address = await shopApi(
    '/user/address/new',
    { country: 'KW', recipient: 'Hessa', phone: '98765432', area_id: 26, block: '3', street: '12', building: '7' },
    shopper,
  );
  const plain = await shopApi(
    '/order/submit',
    {
      items: [{ sku_id: 101, count: 1 }],
      payment_method: 'cod',
      idempotency_key: crypto.randomUUID(),
      address_id: ((await address.json()) as any).data.id,
    },
    shopper,
  );
  expect(plain.status).toBe(200);
  plainOrderId = ((await plain.json()) as any).data.order.id;
});

describe('a gift order in the back office', () => {
  it('prints a packing slip with the message and the items, and without any price', async () => {
    const { cookie } = await staffSignIn([{ role: 'fulfilment', country: 'KW' }]);
    const res = await staffPage(`/orders/${orderId}/packing-slip`, cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="packing-slip"');
    expect(html).toContain('Packing slip');
    // The message in its own language and direction, though the page is in English.
    expect(html).toMatch(new RegExp(`lang="ar" dir="rtl" data-testid="slip-message">${MESSAGE}<`));
    expect(html).toContain('Noura');
    expect(html).toContain('+96555512345');
    // The address in the shop's words, as the shopper read it: place, street parts, building.
    expect(html).toContain('Block 4, Street 21');
    expect(html).toContain('Building 9');
    // The items and their counts: 2 + 1.
    expect(html.match(/data-testid="slip-item"/g)).toHaveLength(2);
    expect(html).toContain('3 items in total');
    expect(html).toContain(eid.slice(0, 4));
    // No prices, totals, currency or payment. (The page's random CSP nonce is left out of the search: as
    // base64 it can spell "KD" or "SAR" by chance.)
    const shown = html.replace(/\snonce="[^"]*"/g, '');
    for (const word of [
      'KWD',
      'KD',
      'د.ك',
      'SAR',
      'ر.س',
      'Total',
      'Subtotal',
      'VAT',
      'Cash',
      'Price',
      'Paid',
      'Wallet',
    ])
      expect(shown, word).not.toContain(word);
    expect(shown).not.toMatch(/\d+\.\d{3}\b/);
    expect(html).toContain('@media print');
  });

  it('prints the slip in Arabic too, with an Arabic plural and the Hijri day', async () => {
    const { cookie } = await staffSignIn([{ role: 'fulfilment', country: 'KW' }], { lang: 'ar' });
    const html = await (await staffPage(`/orders/${orderId}/packing-slip`, cookie)).text();
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toContain('قسيمة التغليف');
    expect(html).toContain('3 منتجات إجمالاً');
    expect(html).toContain('قطعة 4، شارع 21');
    expect(html).toMatch(/هـ/);
    expect(html).not.toContain('د.ك');
  });

  it('shows the gift and its day on the order page, flags and filters it in the list', async () => {
    const { cookie } = await staffSignIn([{ role: 'fulfilment', country: 'KW' }]);
    const detail = await (await staffPage(`/orders/${orderId}`, cookie)).text();
    expect(detail).toContain('data-testid="staff-order-gift-card"');
    expect(detail).toContain('Sent as a gift');
    expect(detail).toContain('Requested delivery day');
    expect(detail).toContain(MESSAGE);
    expect(detail).toContain(`href="/orders/${orderId}/packing-slip"`);
    const plain = await (await staffPage(`/orders/${plainOrderId}`, cookie)).text();
    expect(plain).not.toContain('data-testid="staff-order-gift-card"');
    expect(plain).toContain(`href="/orders/${plainOrderId}/packing-slip"`);

    const gifts = await (await staffPage('/orders?gift=1', cookie)).text();
    expect(gifts).toContain(`href="/orders/${orderId}"`);
    expect(gifts).not.toContain(`href="/orders/${plainOrderId}"`);
    expect(gifts).toContain('data-testid="staff-order-gift"');
    const all = await (await staffPage('/orders', cookie)).text();
    expect(all).toContain(`href="/orders/${plainOrderId}"`);
  });

  // The Arabic back office's list and order page, as phone-sign-in.spec.ts's clerk read them in the browser
  // before it opened the slip straight away (decision 74: the back office is plain forms).
  it('filters and flags the gift in the Arabic list, and shows its card with the Hijri day and the slip link', async () => {
    const { cookie } = await staffSignIn([{ role: 'fulfilment', country: 'KW' }], { lang: 'ar' });
    const list = await (await staffPage('/orders', cookie)).text();
    expect(list).toMatch(/<input id="gift"[^>]*name="gift"[^>]*\/><label for="gift">طلبات الهدايا فقط<\/label>/);
    expect(list).toMatch(/<button type="submit">تصفية<\/button>/);
    const gifts = await (await staffPage('/orders?gift=1', cookie)).text();
    expect(gifts).toMatch(/<input id="gift"[^>]*checked=""[^>]*\/>/);
    const row = new RegExp(`<tr[^>]*>(?:(?!</tr>).)*href="/orders/${orderId}"(?:(?!</tr>).)*</tr>`, 's').exec(
      gifts,
    )?.[0];
    expect(row, 'the gift order is listed').toBeTruthy();
    expect(row).toMatch(/data-testid="staff-order-gift"><span class="badge gift">هدية<\/span>/);
    const detail = await (await staffPage(`/orders/${orderId}`, cookie)).text();
    const card = /data-testid="staff-order-gift-card">(.*?)<\/section>/s.exec(detail)![1]!;
    expect(card).toContain('مُرسل كهدية');
    expect(card).toContain(MESSAGE);
    expect(/data-testid="staff-gift-date">([^<]*)</.exec(card)![1]).toContain('هـ');
    expect(detail).toMatch(new RegExp(`<a[^>]*href="/orders/${orderId}/packing-slip"[^>]*>اطبع قسيمة التغليف</a>`));
  });

  it('is not printed for a staff member of another country, nor without a session', async () => {
    const { cookie } = await staffSignIn([{ role: 'fulfilment', country: 'SA' }]);
    const res = await staffPage(`/orders/${orderId}/packing-slip`, cookie);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('Noura');
    const anonymous = await staffPage(`/orders/${orderId}/packing-slip`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('Noura');
  });

  it("shows the buyer's order page the gift, within 3 D1 round trips", async () => {
    for (const [path, title] of [
      [`/profile/orders?id=${orderId}`, 'Sent as a gift'],
      [`/ar/profile/orders?id=${orderId}`, 'مُرسل كهدية'],
    ] as const) {
      const res = await storefront(`${SHOP}${path}`, { headers: { cookie: shopper } });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(title);
      expect(html, path).toContain('data-testid="gift-summary"');
      expect(html, path).toContain(MESSAGE);
      expect(roundTrips(res), path).toBeLessThanOrEqual(3);
    }
  });

  it("packs a promotion's free gift with the items, still without a price", async () => {
    // A cart-total gift (decision 33) on a gift order: the slip lists it among what goes in the parcel.
    const db = env.API_DB;
    await db.batch([
      db.prepare('UPDATE promotions SET is_active = 0'),
      db.prepare(
        `INSERT INTO promotions (id, kind, name_en, name_ar) VALUES (950, 'gift_threshold', 'Slip gift', 'هدية القسيمة')`,
      ),
      db.prepare(
        `INSERT INTO promotion_thresholds (promotion_id, country, min_subtotal_minor) VALUES (950, 'KW', 1), (950, 'SA', 1)`,
      ),
      db.prepare('INSERT INTO promotion_gifts (promotion_id, sku_id, sort_order) VALUES (950, 601, 0)'),
    ]);
    try {
      const placed = await shopApi(
        '/order/submit',
        {
          items: [{ sku_id: 101, count: 1 }],
          payment_method: 'cod',
          idempotency_key: crypto.randomUUID(),
          gift: {
            country: 'KW',
            recipient: 'Noura',
            phone: '55512345',
            area_id: 26,
            block: '4',
            street: '21',
            building: '9',
          },
        },
        shopper,
      );
      expect(placed.status).toBe(200);
      const order = ((await placed.json()) as any).data.order;
      expect(order.promotions).toEqual([expect.objectContaining({ promotion_id: 950 })]);
      const { cookie } = await staffSignIn([{ role: 'fulfilment', country: 'KW' }]);
      const html = await (await staffPage(`/orders/${order.id}/packing-slip`, cookie)).text();
      expect(html.match(/data-testid="slip-item"/g)).toHaveLength(2);
      expect(html).toContain('free gift (Slip gift)');
      expect(html).toContain('2 items in total');
      expect(html).not.toMatch(/KWD|\d+\.\d{3}\b/);
    } finally {
      await db.prepare('UPDATE promotions SET is_active = 0 WHERE id = 950').run();
    }
  });
});
