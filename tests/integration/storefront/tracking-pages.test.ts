// Live tracking through the storefront (issue 62): the local carrier's sandbox page moves a parcel and
// the order at once; her order page lists the parcel's steps in her language, and after a failed
// attempt offers another day or her corrected address and phone (only hers: another shopper gets 404);
// the back office's order page shows the events and her answer; the sandbox is never served in
// production.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { hmacHex } from '#shared/api/signing';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, openVerifyLink, placeKuwaitCodOrder, registerShopper, storefront } from './helpers';
import { staffPage, staffSignIn } from './staff-session';

const JSON_HEADERS = { 'content-type': 'application/json', origin: 'http://shop.test' };
const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test' };
let shopper = '';
let other = '';
let orderId = 0;
const TRACKING = `LC${String(Date.now()).slice(-10)}`;

const decoded = (html: string) =>
  html.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&#39;', "'");

async function press(status: string, reason = '') {
  const res = await storefront(`/dev/parcels/${TRACKING}/event`, {
    method: 'POST',
    headers: FORM_HEADERS,
    body: new URLSearchParams({ status, reason }).toString(),
    redirect: 'manual',
  });
  expect(res.status, await res.clone().text()).toBe(303);
}

const page = async (path: string, cookie = shopper) => {
  const res = await storefront(path, { headers: { cookie } });
  expect(res.status, path).toBe(200);
  expect(Number(res.headers.get('x-api-calls')), path).toBe(1);
  return decoded(await res.text());
};

const answer = (body: Record<string, unknown>, cookie = shopper) =>
  storefront('/api/order/redelivery', {
    method: 'POST',
    headers: { ...JSON_HEADERS, cookie },
    body: JSON.stringify({ order_id: orderId, ...body }),
  });

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  const device = cookiesFrom(await storefront('/api/country'));
  const hers = `tracking-${crypto.randomUUID()}@example.com`;
  shopper = await registerShopper(hers, device, 'Noura Tracking');
  // She opened her confirmation link: her order's mails reach her (decision 85).
  await openVerifyLink(hers);
  other = await registerShopper(`tracking-other-${crypto.randomUUID()}@example.com`, device, 'Sara Other');
  orderId = await placeKuwaitCodOrder(shopper);
  // A parcel labelled by the local carrier, as the shipping step leaves it.
  const now = Date.now();
  await env.API_DB.batch([
    env.API_DB.prepare(
      "INSERT INTO local_parcels (tracking_number, reference, country, payload, status, created_at) VALUES (?, ?, 'KW', '{}', 'created', ?)",
    ).bind(TRACKING, `ref-${TRACKING}`, now),
    env.API_DB.prepare(
      `INSERT INTO shipments (order_id, country, direction, carrier, speed, status, reference, tracking_number, currency, created_at, updated_at)
       VALUES (?, 'KW', 'outbound', 'local', 'standard', 'created', ?, ?, 'KWD', ?, ?)`,
    ).bind(orderId, `ref-${TRACKING}`, TRACKING, now, now),
  ]);
});

describe('a parcel moved along on the sandbox page, seen on her order page', () => {
  it('lists the parcel, ships the order at the first press, and shows each step in both languages', async () => {
    const sandbox = decoded(await (await storefront('/dev/parcels')).text());
    expect(sandbox).toContain(TRACKING);
    expect(sandbox).toContain('Out for delivery');
    await press('picked_up');
    const status = await env.API_DB.prepare('SELECT status FROM orders WHERE id = ?')
      .bind(orderId)
      .first<string>('status');
    expect(status).toBe('shipped');
    await press('out_for_delivery');
    await press('failed_attempt', 'No one at home');
    const en = await page(`/profile/orders?id=${orderId}`);
    expect(en).toContain('Picked up by Local test carrier');
    expect(en).toContain('Out for delivery with Local test carrier');
    // The carrier's words in the shop's own, in each language (issue 73).
    expect(en).toContain('Delivery attempt failed: no one was there to receive it');
    expect(en).toContain('We could not deliver your order');
    expect(en).toContain('data-testid="redelivery-day-form"');
    const ar = await page(`/ar/profile/orders?id=${orderId}`);
    expect(ar).toContain('استلمتها ناقل التجربة المحلي');
    expect(ar).toContain('تعذّرت محاولة التوصيل: لم يكن أحد موجوداً لاستلامه');
    expect(ar).not.toContain('No one at home');
    expect(ar).toContain('تعذّر توصيل طلبك');
    // Her mail for the failed attempt, once.
    const mails = await env.API_DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key LIKE ?')
      .bind(`order:${orderId}:delivery_failed:%`)
      .first<number>('n');
    expect(mails).toBe(1);
  });

  it('takes another day from her, not from another shopper, and says what she chose', async () => {
    const order = (await (await storefront(`/api/user/order/${orderId}`, { headers: { cookie: shopper } })).json()) as {
      data: { tracking: { redelivery_days: Array<{ date: string; day: string }> } };
    };
    const days = order.data.tracking.redelivery_days;
    expect(days.length).toBeGreaterThan(1);
    expect((await answer({ kind: 'day', day: days[1]!.date }, other)).status).toBe(404);
    const bad = await answer({ kind: 'day', day: '1999-01-01' });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { meta: { msg: string } }).meta.msg).toBe('redelivery_day_invalid');
    expect((await answer({ kind: 'day', day: days[1]!.date })).status).toBe(200);
    const en = await page(`/profile/orders?id=${orderId}`);
    // One date on the page (issue 73): the day she chose is the order's promise.
    expect(en).toContain('You chose another delivery day.');
    expect(en).toContain(`New delivery day: ${days[1]!.day}`);
    expect(en).not.toContain('data-testid="redelivery-day-form"');
    const ar = await page(`/ar/profile/orders?id=${orderId}`);
    expect(ar).toContain('اخترت يوماً آخر للتوصيل.');
  });

  it('takes her corrected address after the next failed attempt, and the back office sees it', async () => {
    await press('out_for_delivery');
    await press('failed_attempt', 'Wrong address');
    // The address was the reason: the page says so and leads with its fix (issue 73).
    const asked = await page(`/profile/orders?id=${orderId}`);
    expect(asked).toContain('Delivery attempt failed: the address is incomplete or could not be found');
    expect(asked).toContain('The courier could not find your address');
    expect(asked.indexOf('redelivery-address-form')).toBeLessThan(asked.indexOf('redelivery-day-form'));
    expect(await page(`/ar/profile/orders?id=${orderId}`)).toContain('تعذّر على المندوب العثور على عنوانك');
    const res = await answer({ kind: 'address', lines: ['Salmiya, Block 4, Street 2, House 9'], phone: '98765412' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await page(`/profile/orders?id=${orderId}`)).toContain('You corrected your address and phone.');
    const staff = (await staffSignIn([{ role: 'support', country: null }])).cookie;
    const html = decoded(await (await staffPage(`/orders/${orderId}`, staff)).text());
    expect(html).toContain('Delivery attempt failed');
    expect(html).toContain('Wrong address');
    expect(html).toContain('Salmiya, Block 4, Street 2, House 9');
    expect(html).toContain('+96598765412');
  });

  it("relays a carrier's webhook to the API: refused unsigned, applied once signed", async () => {
    const body = JSON.stringify({
      events: [{ id: `hook-${TRACKING}`, tracking_number: TRACKING, status: 'in_transit', at: Date.now() }],
    });
    const hook = (headers: Record<string, string>) =>
      storefront('/carriers/local/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    expect((await hook({ 'x-local-carrier-signature': '0'.repeat(64) })).status).toBe(401);
    // Signed as the local carrier signs (api/src/carriers/local.ts signLocalWebhook).
    const signed = await hook({
      'x-local-carrier-signature': await hmacHex(
        (env as unknown as { SIGNING_SECRET: string }).SIGNING_SECRET,
        `local-carrier|${body}`,
      ),
    });
    expect(signed.status).toBe(200);
    expect(((await signed.json()) as { data: { recorded: number } }).data.recorded).toBe(1);
    const stored = await env.API_DB.prepare('SELECT count(*) AS n FROM shipment_events WHERE event_key = ?')
      .bind(`hook-${TRACKING}`)
      .first<number>('n');
    expect(stored).toBe(1);
  });

  it('is never served in production', async () => {
    const prod = await storefront('/dev/parcels', {}, { ENVIRONMENT: 'production' } as never);
    expect(prod.status).toBe(404);
    const pressed = await storefront(
      `/dev/parcels/${TRACKING}/event`,
      { method: 'POST', headers: FORM_HEADERS, body: 'status=delivered' },
      { ENVIRONMENT: 'production' } as never,
    );
    expect(pressed.status).toBe(404);
  });
});
