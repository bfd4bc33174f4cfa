// The Ship page through the staff worker (issue 62, decision 66): a clerk ships a Kuwait and a Saudi
// order in one press, the queue creates them at the local carrier, the page lists the parcels and
// prints their labels as one PDF, the orders are shipped with one mail each; a refused address shows
// the carrier's words after a lead-in in the staff language (Arabic too); part of an order ships from
// its page; staff without orders:fulfil are refused.
import { env } from 'cloudflare:workers';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, openVerifyLink, storefront } from './helpers';
import { staffPage, staffPost, staffSignIn } from './staff-session';

const SHOP = 'http://shop.test';
let shopper = '';
let clerk = '';
let clerkAr = '';
const addresses: Record<'KW' | 'SA', number> = { KW: 0, SA: 0 };
const decoded = (html: string) => html.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');

async function shopApi(path: string, body: unknown, cookie: string, country = 'KW') {
  return storefront(`/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'fetch',
      origin: SHOP,
      cookie: `${cookie}; country=${country}`,
    },
    body: JSON.stringify(body),
  });
}

async function confirmedOrder(country: 'KW' | 'SA', items = [{ sku_id: 101, count: 1 }]): Promise<number> {
  const submit = await shopApi(
    '/order/submit',
    { items, payment_method: 'cod', address_id: addresses[country], idempotency_key: crypto.randomUUID() },
    shopper,
    country,
  );
  expect(submit.status).toBe(200);
  const id = ((await submit.json()) as { data: { order: { id: number } } }).data.order.id;
  expect((await staffPost(`/orders/${id}/confirm`, {}, clerk)).status).toBe(303);
  return id;
}

const parcelsOf = (orderId: number) =>
  env.API_DB.prepare('SELECT id, status, carrier_error FROM shipments WHERE order_id = ? ORDER BY id')
    .bind(orderId)
    .all<{ id: number; status: string; carrier_error: string | null }>()
    .then((r) => r.results);

/** The queue's consumer runs after the answer: wait for the order's parcels to leave 'queued'. */
const settled = (orderId: number, count = 1) =>
  vi.waitFor(
    async () => {
      const parcels = await parcelsOf(orderId);
      expect(parcels).toHaveLength(count);
      expect(parcels.every((p) => p.status !== 'queued')).toBe(true);
      return parcels;
    },
    { timeout: 15_000, interval: 200 },
  );

const shippedMails = async (id: number) =>
  (await env.API_DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = ?')
    .bind(`order:${id}:shipped`)
    .first<{ n: number }>())!.n;

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  const email = `ship-${crypto.randomUUID()}@example.com`;
  const signUp = await shopApi('/user/register', { name: 'Fatma', email, password: 'secret1' }, '');
  shopper = cookiesFrom(signUp);
  // Her shipping mails go to an address she proved (decision 85): she opens the sign-up link.
  await openVerifyLink(email);
  for (const [country, body] of [
    [
      'KW',
      { country: 'KW', recipient: 'Fatma', phone: '98765432', area_id: 26, block: '3', street: '12', building: '7' },
    ],
    [
      'SA',
      {
        country: 'SA',
        recipient: 'Noura',
        phone: '512345678',
        city_id: 2,
        district: 'Rawdah',
        street: 'Tahlia',
        building_number: '1234',
        postal_code: '23433',
      },
    ],
  ] as const) {
    const res = await shopApi('/user/address/new', body, shopper, country);
    expect(res.status).toBe(200);
    addresses[country] = ((await res.json()) as { data: { id: number } }).data.id;
  }
  clerk = (await staffSignIn([{ role: 'fulfilment', country: null }], { name: 'Clerk' })).cookie;
  clerkAr = (await staffSignIn([{ role: 'owner', country: null }], { name: 'Huda', lang: 'ar' })).cookie;
});

describe('the Ship page', () => {
  it('ships a Kuwait and a Saudi order in one press, prints both labels as one PDF, mails each shopper once', async () => {
    const kw = await confirmedOrder('KW');
    const sa = await confirmedOrder('SA');
    const before = decoded(await (await staffPage('/shipping', clerk)).text());
    expect(before).toContain('Ready to ship');
    expect(before).toContain(`name="order_${kw}"`);
    expect(before).toContain(`name="order_${sa}"`);
    const shipped = await staffPost('/shipping/ship', { [`order_${kw}`]: 'on', [`order_${sa}`]: 'on' }, clerk);
    expect(shipped.status).toBe(303);
    expect(shipped.headers.get('location')).toBe('/shipping?shipped=2');
    expect(decoded(await (await staffPage('/shipping?shipped=2', clerk)).text())).toContain(
      '2 parcels sent to their carriers.',
    );
    const [k] = await settled(kw);
    const [s] = await settled(sa);
    expect([k!.status, s!.status]).toEqual(['created', 'created']);
    const page = decoded(await (await staffPage('/shipping', clerk)).text());
    expect(page).toContain(`name="parcel_${k!.id}"`);
    expect(page).toContain('Label ready');
    expect(page).toContain('Our drivers');
    expect(page).toContain('SMSA Express');
    expect(page).not.toContain(`name="order_${kw}"`);
    const labels = await staffPage(`/shipping/labels.pdf?parcel_${k!.id}=on&parcel_${s!.id}=on`, clerk);
    expect(labels.status).toBe(200);
    expect(labels.headers.get('content-type')).toBe('application/pdf');
    expect((await PDFDocument.load(new Uint8Array(await labels.arrayBuffer()))).getPageCount()).toBe(2);
    for (const id of [kw, sa]) {
      const order = await env.API_DB.prepare('SELECT status FROM orders WHERE id = ?')
        .bind(id)
        .first<{ status: string }>();
      expect(order!.status).toBe('shipped');
      expect(await shippedMails(id)).toBe(1);
    }
    const detail = decoded(await (await staffPage(`/orders/${kw}`, clerk)).text());
    expect(detail).toContain('data-testid="order-parcels"');
    expect(detail).toContain(`${kw}-1`);
    // The day's manifest and the pickup from the page: Kuwait's same-day parcel went to the own drivers
    // (the seeded rules), the carrier of the speed it was promised.
    const csv = await (
      await staffPage(
        `/shipping/manifest.csv?country=KW&carrier=own&day=${new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10)}`,
        clerk,
      )
    ).text();
    expect(csv).toContain(`${kw}-1`);
    // No pickup for the own drivers (issue 73): the page offers none, a posted one is refused.
    expect(page).not.toContain('name="carrier" value="own"');
    expect(page).toContain('No pickup: our drivers load at the store.');
    const pickup = await staffPost(
      '/shipping/pickups',
      { country: 'KW', carrier: 'own', day: new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10) },
      clerk,
    );
    expect(pickup.status).toBe(303);
    expect(pickup.headers.get('location')).toBe('/shipping?error=shipping_pickup_not_needed');
  });

  it('ships an order with the carrier chosen for it, and refuses one its rules do not allow (issue 73)', async () => {
    const id = await confirmedOrder('KW');
    const page = decoded(await (await staffPage('/shipping', clerk)).text());
    expect(page).toContain(`aria-label="Carrier for order ${id}"`);
    const refused = await staffPost('/shipping/ship', { [`order_${id}`]: 'on', [`carrier_${id}`]: 'smsa' }, clerk);
    expect(refused.headers.get('location')).toBe(
      `/shipping?shipped=0&failed=${encodeURIComponent(`${id}:shipping_carrier_not_allowed`)}`,
    );
    expect(decoded(await (await staffPage(refused.headers.get('location')!, clerk)).text())).toContain(
      `Order ${id} was not shipped: That carrier does not take this parcel`,
    );
    const shipped = await staffPost('/shipping/ship', { [`order_${id}`]: 'on', [`carrier_${id}`]: 'aramex' }, clerk);
    expect(shipped.headers.get('location')).toBe('/shipping?shipped=1');
    const [parcel] = await settled(id);
    expect(parcel!.status).toBe('created');
    expect(
      (await env.API_DB.prepare('SELECT carrier FROM shipments WHERE id = ?')
        .bind(parcel!.id)
        .first<{ carrier: string }>())!.carrier,
    ).toBe('aramex');
  });

  it('shows a refused address with the carrier’s words, in Arabic too, and changes nothing on the order', async () => {
    const id = await confirmedOrder('KW');
    await env.API_DB.prepare("UPDATE orders SET address = json_set(address, '$.phone', '98765432') WHERE id = ?")
      .bind(id)
      .run();
    await staffPost('/shipping/ship', { [`order_${id}`]: 'on' }, clerk);
    const [parcel] = await settled(id);
    expect(parcel!.status).toBe('refused');
    const en = decoded(await (await staffPage(`/orders/${id}`, clerk)).text());
    expect(en).toContain('The carrier refused this parcel. Its words:');
    expect(en).toContain('INVALID_PHONE: Consignee phone "98765432" is not valid');
    expect(en).toContain(`action="/shipping/parcels/${parcel!.id}/retry"`);
    const ar = decoded(await (await staffPage('/shipping', clerkAr)).text());
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain('رفضت شركة الشحن هذا الطرد. نص ردّها:');
    expect(ar).toContain('INVALID_PHONE: Consignee phone "98765432" is not valid');
    expect(ar).toContain('جاهزة للشحن');
    const order = await env.API_DB.prepare('SELECT status FROM orders WHERE id = ?')
      .bind(id)
      .first<{ status: string }>();
    expect(order!.status).toBe('processing');
    expect(await shippedMails(id)).toBe(0);
  });

  it('ships part of an order from its page and keeps the rest to ship', async () => {
    const id = await confirmedOrder('KW', [
      { sku_id: 101, count: 2 },
      { sku_id: 102, count: 1 },
    ]);
    const part = await staffPost(`/orders/${id}/parcel`, { line_101: '1', line_102: '0' }, clerk);
    expect(part.status).toBe(303);
    await settled(id);
    const detail = decoded(await (await staffPage(`/orders/${id}`, clerk)).text());
    expect(detail).toContain('Still to ship');
    expect(detail).toMatch(/name="line_101"[^>]*max="1"|max="1"[^>]*name="line_101"/);
    expect(detail).toMatch(/name="line_102"[^>]*max="1"|max="1"[^>]*name="line_102"/);
    const order = await env.API_DB.prepare('SELECT status FROM orders WHERE id = ?')
      .bind(id)
      .first<{ status: string }>();
    expect(order!.status).toBe('shipped');
  });

  it('saves the owner’s carrier rules from the page, refuses bad ones with the rows kept, and clerks may not', async () => {
    const rules = async () =>
      (
        await env.API_DB.prepare(
          "SELECT priority, zones, speed, cod, max_weight_grams, carrier FROM carrier_rules WHERE country = 'SA' ORDER BY priority",
        ).all()
      ).results;
    const before = await rules();
    const page = decoded(await (await staffPage('/shipping', clerkAr)).text());
    expect(page).toContain('قواعد شركات الشحن');
    expect(page).toContain('name="rule_0_priority"');
    const form = {
      country: 'SA',
      rule_0_priority: '5',
      rule_0_zones: '1, 2',
      rule_0_speed: 'next_day',
      rule_0_cod: 'no',
      rule_0_weight: '2000',
      rule_0_carrier: 'aramex',
      rule_1_priority: '9',
      rule_1_zones: 'all',
      rule_1_speed: 'any',
      rule_1_cod: 'any',
      rule_1_weight: '',
      rule_1_carrier: 'dhl',
      rule_2_priority: '',
      rule_2_zones: 'all',
      rule_2_speed: 'any',
      rule_2_cod: 'any',
      rule_2_weight: '',
      rule_2_carrier: 'smsa',
    };
    expect((await staffPost('/shipping/rules', form, clerk)).status).toBe(403);
    const saved = await staffPost('/shipping/rules', form, clerkAr);
    expect(saved.status).toBe(303);
    expect(await rules()).toEqual([
      { priority: 5, zones: '1,2', speed: 'next_day', cod: 'no', max_weight_grams: 2000, carrier: 'aramex' },
      { priority: 9, zones: 'all', speed: 'any', cod: 'any', max_weight_grams: null, carrier: 'dhl' },
    ]);
    const bad = await staffPost('/shipping/rules', { ...form, rule_1_priority: '5' }, clerkAr);
    expect(bad.status).toBe(400);
    expect(decoded(await bad.text())).toContain('راجع القواعد');
    // Back to the seeded rules.
    const restore: Record<string, string> = { country: 'SA' };
    (before as Array<Record<string, string | number | null>>).forEach((r, i) => {
      restore[`rule_${i}_priority`] = String(r.priority);
      restore[`rule_${i}_zones`] = String(r.zones);
      restore[`rule_${i}_speed`] = String(r.speed);
      restore[`rule_${i}_cod`] = String(r.cod);
      restore[`rule_${i}_weight`] = r.max_weight_grams === null ? '' : String(r.max_weight_grams);
      restore[`rule_${i}_carrier`] = String(r.carrier);
    });
    expect((await staffPost('/shipping/rules', restore, clerkAr)).status).toBe(303);
    expect(await rules()).toEqual(before);
  });

  it('refuses staff without orders:fulfil', async () => {
    const support = (await staffSignIn([{ role: 'support', country: null }], { name: 'Support' })).cookie;
    expect((await staffPage('/shipping', support)).status).toBe(403);
    expect((await staffPost('/shipping/ship', { order_1: 'on' }, support)).status).toBe(403);
  });
});
