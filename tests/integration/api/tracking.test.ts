// Live tracking (issue 62): carriers' events stored once, parcels moved only forward, and the order's
// steps (shipped, out for delivery, delivered) taken by the events through the back office's own step
// batches, each mail once, in the order's language; a failed attempt told once per attempt; a webhook
// without a valid signature refused with nothing stored; polling the local carrier; a parcel back at
// the shop cancelling and refunding the order by the existing rules.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { localCarrier, signLocalWebhook } from '#api/src/carriers/local';
import { ownCarrier } from '#api/src/carriers/own';
import type { ParcelStatus, TrackingEvent } from '#api/src/carriers/types';
import { apiConfig } from '#api/src/lib/config';
import { log } from '#api/src/lib/log';
import { pollCarriers } from '#api/src/shipping/poll';
import { applyTrackingEvents } from '#api/src/shipping/tracking';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import {
  call,
  deviceToken,
  GUEST_KW_ADDRESS,
  json,
  registerShopper,
  saveAddress,
  shopperHeaders,
  submitOrder,
} from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

let device: string;
let shopper: string;
let addressKW: number;
let addressSA: number;
let owner: TestStaff;

const ctx = () => ({ env, var: { config: apiConfig(env) }, executionCtx: { waitUntil() {} } });

const post = (path: string, body: unknown, country = 'KW', lang = 'en') =>
  call(path, {
    body: JSON.stringify(body),
    token: device,
    headers: { authorization: `Bearer ${shopper}`, 'x-country': country, lang },
  });

async function placeCod(country: 'KW' | 'SA' = 'KW', lang: 'en' | 'ar' = 'en', sku = 101): Promise<number> {
  const res = await post(
    '/order/submit',
    {
      items: [{ sku_id: sku, count: 1 }],
      payment_method: 'cod',
      address_id: country === 'KW' ? addressKW : addressSA,
      idempotency_key: crypto.randomUUID(),
    },
    country,
    lang,
  );
  const body = await json(res);
  if (res.status !== 200) throw new Error(`submit failed: ${JSON.stringify(body)}`);
  return body.data.order.id;
}

async function paidCardOrder(): Promise<{ id: number; card: number }> {
  const submit = await json(
    await post('/order/submit', {
      items: [{ sku_id: 101, count: 1 }],
      payment_method: 'card',
      address_id: addressKW,
      idempotency_key: crypto.randomUUID(),
    }),
  );
  if (!submit.data?.payment) throw new Error(`card submit failed: ${JSON.stringify(submit)}`);
  const paid = await call(`/dev/payments/${submit.data.payment.id}`, {
    body: JSON.stringify({ outcome: 'succeeded' }),
    token: device,
    headers: { authorization: `Bearer ${shopper}`, 'x-country': 'KW', lang: 'en' },
  });
  if (paid.status !== 200) throw new Error('sandbox payment failed');
  return { id: submit.data.order.id, card: submit.data.order.totals.due };
}

/** Confirmed and packed by a clerk, then a parcel labelled by the local carrier (status 'created'). */
async function parcelFor(orderId: number, country: 'KW' | 'SA' = 'KW'): Promise<{ id: number; tracking: string }> {
  for (const step of ['confirm', 'pack'])
    expect((await staffCall(owner.token, `/staff/orders/${orderId}/${step}`, { json: {} })).status).toBe(200);
  const reference = `T-${orderId}-${crypto.randomUUID().slice(0, 8)}`;
  const party = { name: 'Noura', phone: '+96550000000', lines: ['Block 1'], city: 'Salmiya', country };
  const created = await localCarrier(env.DB).createShipment({
    reference,
    orderNumber: String(orderId),
    direction: 'outbound',
    speed: 'standard',
    shipper: party,
    consignee: party,
    weightGrams: 500,
    pieces: 1,
    description: 'Food supplements',
    value: 1000,
    codAmount: 0,
    currency: country === 'KW' ? 'KWD' : 'SAR',
  });
  const now = Date.now();
  const row = await env.DB.prepare(
    `INSERT INTO shipments (order_id, country, direction, carrier, speed, status, reference, tracking_number, currency, created_at, updated_at)
     VALUES (?, ?, 'outbound', 'local', 'standard', 'created', ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(orderId, country, reference, created.trackingNumber, country === 'KW' ? 'KWD' : 'SAR', now, now)
    .first<{ id: number }>();
  return { id: row!.id, tracking: created.trackingNumber };
}

let clock = Date.now();
const event = (tracking: string, status: ParcelStatus, over: Partial<TrackingEvent> = {}): TrackingEvent => {
  clock += 60_000;
  return {
    trackingNumber: tracking,
    eventKey: `k-${tracking}-${status}-${clock}`,
    status,
    carrierCode: status.toUpperCase(),
    description: status,
    location: null,
    reason: null,
    at: clock,
    ...over,
  };
};

const mailCount = (orderId: number, tail: string) =>
  env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = ?')
    .bind(`order:${orderId}:${tail}`)
    .first<number>('n');
const mailOf = (orderId: number, tail: string) =>
  env.DB.prepare('SELECT lang, subject, body_text FROM mail_outbox WHERE dedupe_key = ?')
    .bind(`order:${orderId}:${tail}`)
    .first<{ lang: string; subject: string; body_text: string }>();
const orderRow = (id: number) =>
  env.DB.prepare(
    'SELECT status, shipped_at, out_for_delivery_at, delivered_at, carrier, tracking_number FROM orders WHERE id = ?',
  )
    .bind(id)
    .first<{
      status: string;
      shipped_at: number | null;
      out_for_delivery_at: number | null;
      delivered_at: number | null;
      carrier: string | null;
      tracking_number: string | null;
    }>();
const parcel = (id: number) =>
  env.DB.prepare('SELECT status, status_rank, failed_attempts FROM shipments WHERE id = ?')
    .bind(id)
    .first<{ status: string; status_rank: number; failed_attempts: number }>();
const eventCount = (id: number) =>
  env.DB.prepare('SELECT count(*) AS n FROM shipment_events WHERE shipment_id = ?').bind(id).first<number>('n');

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
  ({ token: shopper } = await registerShopper(device, 'tracking'));
  addressKW = await saveAddress(device, shopper, 'KW', { recipient: 'Noura' });
  addressSA = await saveAddress(device, shopper, 'SA');
  owner = await staffWith([{ role: 'owner', country: null }], { name: 'Owner' });
});

describe('tracking events move the order, each step once', () => {
  it.each([
    ['KW', 'en', 'has shipped', 'out for delivery', 'was delivered'],
    ['SA', 'ar', 'تم شحن طلبك', 'في الطريق إليك اليوم', 'تم توصيل طلبك'],
  ] as const)(
    '%s/%s: shipped, out for delivery, delivered; repeats change nothing',
    async (country, lang, ...subjects) => {
      const id = await placeCod(country, lang);
      const p = await parcelFor(id, country);
      const picked = event(p.tracking, 'picked_up');
      const outcome = await applyTrackingEvents(ctx(), 'local', [picked, event(p.tracking, 'in_transit')]);
      expect(outcome).toEqual({ recorded: 2, duplicates: 0, unknown: 0 });
      const shipped = await orderRow(id);
      expect(shipped).toMatchObject({ status: 'shipped', carrier: 'local', tracking_number: p.tracking });
      expect(shipped!.out_for_delivery_at).toBeNull();
      expect((await mailOf(id, 'shipped'))!.subject).toContain(subjects[0]);
      expect((await mailOf(id, 'shipped'))!.lang).toBe(lang);

      const out = event(p.tracking, 'out_for_delivery');
      await applyTrackingEvents(ctx(), 'local', [out]);
      expect((await orderRow(id))!.out_for_delivery_at).not.toBeNull();
      expect((await mailOf(id, 'out_for_delivery'))!.subject).toContain(subjects[1]);

      const delivered = event(p.tracking, 'delivered');
      await applyTrackingEvents(ctx(), 'local', [delivered]);
      expect((await orderRow(id))!.status).toBe('delivered');
      expect((await mailOf(id, 'delivered'))!.subject).toContain(subjects[2]);
      // Her points for the delivered order, as the back office's deliver step gives them.
      const points = await env.DB.prepare(
        "SELECT count(*) AS n FROM points_ledger WHERE order_id = ? AND kind = 'earn_order'",
      )
        .bind(id)
        .first<number>('n');
      expect(points).toBe(1);

      // The same events again, and a late "in transit": nothing is stored twice, nothing moves back.
      const again = await applyTrackingEvents(ctx(), 'local', [picked, out, delivered]);
      expect(again).toEqual({ recorded: 0, duplicates: 3, unknown: 0 });
      await applyTrackingEvents(ctx(), 'local', [event(p.tracking, 'in_transit', { at: picked.at + 1 })]);
      expect((await parcel(p.id))!.status).toBe('delivered');
      expect((await orderRow(id))!.status).toBe('delivered');
      expect(await eventCount(p.id)).toBe(5);
      for (const tail of ['shipped', 'out_for_delivery', 'delivered']) expect(await mailCount(id, tail)).toBe(1);
      const timeline = await env.DB.prepare(
        "SELECT kind, staff_id FROM order_events WHERE order_id = ? AND kind IN ('shipped', 'out_for_delivery', 'delivered') ORDER BY id",
      )
        .bind(id)
        .all<{ kind: string; staff_id: number | null }>();
      expect(timeline.results).toEqual([
        { kind: 'shipped', staff_id: null },
        { kind: 'out_for_delivery', staff_id: null },
        { kind: 'delivered', staff_id: null },
      ]);
    },
  );

  it('a delivered event arriving before the others delivers at once and the late ones change nothing', async () => {
    const id = await placeCod();
    const p = await parcelFor(id);
    const early = event(p.tracking, 'picked_up');
    const delivered = event(p.tracking, 'delivered');
    await applyTrackingEvents(ctx(), 'local', [delivered]);
    expect((await orderRow(id))!.status).toBe('delivered');
    await applyTrackingEvents(ctx(), 'local', [early, event(p.tracking, 'out_for_delivery', { at: early.at + 5 })]);
    expect((await parcel(p.id))!.status).toBe('delivered');
    // No "out for delivery" mail after the delivery: the order never steps back.
    expect(await mailCount(id, 'out_for_delivery')).toBe(0);
    expect(await mailCount(id, 'delivered')).toBe(1);
  });

  it('an unknown tracking number is counted, logged and stores nothing', async () => {
    const before = await env.DB.prepare('SELECT count(*) AS n FROM shipment_events').first<number>('n');
    const outcome = await applyTrackingEvents(ctx(), 'local', [event('LC9999999999', 'delivered')]);
    expect(outcome).toEqual({ recorded: 0, duplicates: 0, unknown: 1 });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM shipment_events').first<number>('n')).toBe(before);
  });
});

describe("the shop's own drivers", () => {
  it("move the order the moment the driver starts her run and marks the stop, each step's mail once", async () => {
    const driver = await staffWith([{ role: 'driver', country: 'KW' }], { name: 'Driver at once' });
    // She takes Salmiya (area 26), where the shopper's address is.
    expect(
      (
        await staffCall(owner.token, '/staff/deliveries/zones', {
          json: { kind: 'area', zone_id: 26, staff_id: driver.id },
        })
      ).status,
    ).toBe(200);
    const id = await placeCod('KW', 'en');
    for (const step of ['confirm', 'pack'])
      expect((await staffCall(owner.token, `/staff/orders/${id}/${step}`, { json: {} })).status).toBe(200);
    const reference = `O-${id}`;
    const party = { name: 'Noura', phone: '+96550000000', lines: ['Block 3'], city: 'Salmiya', country: 'KW' as const };
    const created = await ownCarrier(env.DB).createShipment({
      reference,
      orderNumber: String(id),
      direction: 'outbound',
      speed: 'same_day',
      shipper: { ...party, name: 'Gulf Vitamins', city: 'Shuwaikh' },
      consignee: party,
      weightGrams: 500,
      pieces: 1,
      description: 'Food supplements',
      value: 3500,
      codAmount: 0,
      currency: 'KWD',
    });
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO shipments (order_id, country, direction, carrier, speed, status, reference, tracking_number, currency, created_at, updated_at)
       VALUES (?, 'KW', 'outbound', 'own', 'same_day', 'created', ?, ?, 'KWD', ?, ?)`,
    )
      .bind(id, reference, created.trackingNumber, now, now)
      .run();
    expect((await staffCall(driver.token, '/staff/driver/run/start', { json: {} })).status).toBe(200);
    // No poll ran: the run's start alone shipped the order and sent it out for delivery.
    expect(await orderRow(id)).toMatchObject({ status: 'shipped' });
    expect((await orderRow(id))!.out_for_delivery_at).not.toBeNull();
    const stop = await env.DB.prepare('SELECT id FROM driver_stops WHERE tracking_number = ?')
      .bind(created.trackingNumber)
      .first<{ id: number }>();
    const marked = await staffCall(driver.token, `/staff/driver/stops/${stop!.id}/delivered`, {
      json: { received_by: 'customer' },
    });
    expect(marked.status).toBe(200);
    expect(await orderRow(id)).toMatchObject({ status: 'delivered' });
    for (const tail of ['shipped', 'out_for_delivery', 'delivered']) expect(await mailCount(id, tail)).toBe(1);
  });
});

describe('failed attempts', () => {
  it('tells her once per attempt, counts the attempts, and the next round ranks above the failure', async () => {
    const id = await placeCod('SA', 'ar');
    const p = await parcelFor(id, 'SA');
    const out1 = event(p.tracking, 'out_for_delivery');
    const fail1 = event(p.tracking, 'failed_attempt', { reason: 'No answer' });
    await applyTrackingEvents(ctx(), 'local', [out1, fail1]);
    expect(await parcel(p.id)).toMatchObject({ status: 'failed_attempt', failed_attempts: 1 });
    const mail = await mailOf(id, `delivery_failed:${p.id}:1`);
    expect(mail!.lang).toBe('ar');
    expect(mail!.subject).toContain('تعذّر توصيل طلبك');
    // The carrier's English reason in the shop's Arabic words (issue 73).
    expect(mail!.body_text).toContain('تعذّر على المندوب الوصول إليك عبر الجوال');
    expect(mail!.body_text).not.toContain('No answer');
    // The same failure again: no second mail.
    await applyTrackingEvents(ctx(), 'local', [fail1]);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key LIKE ?')
        .bind(`order:${id}:delivery_failed:%`)
        .first<number>('n'),
    ).toBe(1);
    // Out again after the failure (a new round), and a second failure: a second notice.
    await applyTrackingEvents(ctx(), 'local', [event(p.tracking, 'out_for_delivery')]);
    expect((await parcel(p.id))!.status).toBe('out_for_delivery');
    await applyTrackingEvents(ctx(), 'local', [event(p.tracking, 'failed_attempt', { reason: 'Address not found' })]);
    expect(await parcel(p.id)).toMatchObject({ status: 'failed_attempt', failed_attempts: 2 });
    expect(await mailCount(id, `delivery_failed:${p.id}:2`)).toBe(1);
    // "Out for delivery" was mailed once for the order, not once per round.
    expect(await mailCount(id, 'out_for_delivery')).toBe(1);
  });

  it('takes the same attempt re-sent under a new event id as one event: one notice, one attempt', async () => {
    const id = await placeCod();
    const p = await parcelFor(id);
    const out = event(p.tracking, 'out_for_delivery');
    const fail = event(p.tracking, 'failed_attempt', { reason: 'No answer' });
    await applyTrackingEvents(ctx(), 'local', [out, fail]);
    const again = await applyTrackingEvents(ctx(), 'local', [{ ...fail, eventKey: `${fail.eventKey}-resent` }]);
    expect(again).toEqual({ recorded: 0, duplicates: 1, unknown: 0 });
    expect(await parcel(p.id)).toMatchObject({ status: 'failed_attempt', failed_attempts: 1 });
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key LIKE ?')
        .bind(`order:${id}:delivery_failed:%`)
        .first<number>('n'),
    ).toBe(1);
  });

  it('after "delivered", a failed attempt changes neither the parcel\'s counts nor her page', async () => {
    const id = await placeCod();
    const p = await parcelFor(id);
    await applyTrackingEvents(ctx(), 'local', [event(p.tracking, 'out_for_delivery'), event(p.tracking, 'delivered')]);
    await applyTrackingEvents(ctx(), 'local', [event(p.tracking, 'failed_attempt', { reason: 'Closed' })]);
    expect(await parcel(p.id)).toMatchObject({ status: 'delivered', failed_attempts: 0 });
    const page = await json(
      await call(`/user/order/${id}`, {
        token: device,
        headers: { authorization: `Bearer ${shopper}`, 'x-country': 'KW', lang: 'en' },
      }),
    );
    expect(page.data.tracking.events.map((e: { status: string }) => e.status)).toEqual([
      'out_for_delivery',
      'delivered',
    ]);
    expect(await mailCount(id, `delivery_failed:${p.id}:1`)).toBe(0);
  });

  it("says a carrier's reason in the shop's words, the same in her timeline, mail and WhatsApp, with the address fix", async () => {
    const id = await placeCod('SA', 'ar');
    await env.DB.prepare("UPDATE orders SET whatsapp_to = '+966501234567' WHERE id = ?").bind(id).run();
    const p = await parcelFor(id, 'SA');
    await applyTrackingEvents(ctx(), 'local', [
      event(p.tracking, 'out_for_delivery'),
      event(p.tracking, 'failed_attempt', { reason: 'Address incomplete' }),
    ]);
    const reason = 'العنوان ناقص أو تعذّر العثور عليه';
    const fix = 'صحّح عنوانك ورقم جوالك من صفحة الطلب';
    const mail = await mailOf(id, `delivery_failed:${p.id}:1`);
    const whatsapp = await env.DB.prepare('SELECT body_text, params FROM message_outbox WHERE dedupe_key = ?')
      .bind(`order:${id}:wa:delivery_failed:${p.id}:1`)
      .first<{ body_text: string; params: string }>();
    for (const text of [mail!.body_text, whatsapp!.body_text]) {
      expect(text).toContain(reason);
      expect(text).toContain(fix);
      expect(text).not.toContain('Address incomplete');
      // Only the address fix: not "choose another day" when the address was the reason.
      expect(text).not.toContain('اختر يوماً آخر');
    }
    expect(JSON.parse(whatsapp!.params)[1]).toContain(reason);
    const page = await json(
      await call(`/user/order/${id}`, {
        token: device,
        headers: { authorization: `Bearer ${shopper}`, 'x-country': 'SA', lang: 'ar' },
      }),
    );
    expect(page.data.tracking.events.at(-1)).toMatchObject({ status: 'failed_attempt', reason: 'address' });
  });
});

describe('the carrier webhook', () => {
  const hook = (body: string, signature?: string) =>
    call('/carriers/local/webhook', {
      body,
      headers: signature ? { 'x-local-carrier-signature': signature } : {},
    });

  it('refuses a missing or wrong signature with 401 and stores nothing', async () => {
    const id = await placeCod();
    const p = await parcelFor(id);
    const body = JSON.stringify({
      events: [{ id: 'w1', tracking_number: p.tracking, status: 'picked_up', at: Date.now() }],
    });
    for (const res of [await hook(body), await hook(body, 'f'.repeat(64))]) {
      expect(res.status).toBe(401);
      expect((await json(res)).meta.msg).toBe('signature_invalid');
    }
    expect(await eventCount(p.id)).toBe(0);
    expect((await orderRow(id))!.status).toBe('processing');
  });

  it('refuses a signed body that is not events (null, null events) with 400, never a 500', async () => {
    for (const body of ['null', '{"events":null}', '[null]', '{"events":[null]}', '{"events":[1]}']) {
      const res = await hook(body, await signLocalWebhook(apiConfig(env).SIGNING_SECRET, body));
      expect(res.status, body).toBe(400);
      expect((await json(res)).meta.msg).toBe('bad_request');
    }
  });

  it('looks every parcel of a delivery up in one query, and logs the unknown ones once', async () => {
    const id = await placeCod();
    const p = await parcelFor(id);
    let lookups = 0;
    const db = new Proxy(env.DB, {
      get(target, key) {
        if (key === 'prepare')
          return (sql: string) => {
            if (/FROM shipments\s+WHERE carrier/.test(sql)) lookups++;
            return target.prepare(sql);
          };
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const warn = vi.spyOn(log, 'warn');
    const unknown = Array.from({ length: 400 }, (_, i) => event(`LC7${String(i).padStart(9, '0')}`, 'in_transit'));
    const outcome = await applyTrackingEvents({ ...ctx(), env: { ...env, DB: db } }, 'local', [
      ...unknown,
      event(p.tracking, 'picked_up'),
    ]);
    expect(outcome).toEqual({ recorded: 1, duplicates: 0, unknown: 400 });
    expect(lookups).toBe(1);
    expect(warn.mock.calls.filter(([line]) => String(line).includes('unknown parcel'))).toHaveLength(1);
    warn.mockRestore();
  });

  it('applies a signed webhook once, and answers 200 for a parcel it does not know', async () => {
    const id = await placeCod();
    const p = await parcelFor(id);
    const body = JSON.stringify({
      events: [
        { id: 'w2', tracking_number: p.tracking, status: 'picked_up', at: Date.now() },
        { id: 'w3', tracking_number: 'LC0000000001', status: 'delivered', at: Date.now() },
      ],
    });
    const signature = await signLocalWebhook(apiConfig(env).SIGNING_SECRET, body);
    const res = await hook(body, signature);
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ recorded: 1, duplicates: 0, unknown: 1 });
    expect((await hook(body, signature)).status).toBe(200);
    expect(await eventCount(p.id)).toBe(1);
    expect((await orderRow(id))!.status).toBe('shipped');
    expect(await mailCount(id, 'shipped')).toBe(1);
  });
});

describe('polling and the sandbox', () => {
  it("the cron's poll applies the local carrier's events; the sandbox applies a press at once", async () => {
    const id = await placeCod();
    const p = await parcelFor(id);
    await env.DB.prepare("INSERT INTO local_parcel_events (tracking_number, status, at) VALUES (?, 'picked_up', ?)")
      .bind(p.tracking, Date.now())
      .run();
    await pollCarriers(ctx());
    expect((await orderRow(id))!.status).toBe('shipped');
    expect((await parcel(p.id))!.status).toBe('picked_up');
    // A second run stores nothing again (the created and picked-up events are there already).
    const count = await eventCount(p.id);
    await pollCarriers(ctx());
    expect(await eventCount(p.id)).toBe(count);

    const press = await call(`/dev/parcels/${p.tracking}/event`, { body: JSON.stringify({ status: 'delivered' }) });
    expect(press.status).toBe(200);
    expect((await orderRow(id))!.status).toBe('delivered');
    const list = await json(await call('/dev/parcels'));
    expect(list.data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tracking_number: p.tracking, order_id: id, status: 'delivered' }),
      ]),
    );
  });
});

describe('a parcel back at the shop', () => {
  it('cancels a card order, refunds the card through the gateway, gives the stock back and tells her', async () => {
    const stockBefore = (await env.DB.prepare('SELECT stock FROM skus WHERE id = 101').first<number>('stock'))!;
    const { id, card } = await paidCardOrder();
    const p = await parcelFor(id);
    await applyTrackingEvents(ctx(), 'local', [event(p.tracking, 'picked_up'), event(p.tracking, 'failed_attempt')]);
    expect((await orderRow(id))!.status).toBe('shipped');
    await applyTrackingEvents(ctx(), 'local', [event(p.tracking, 'returning'), event(p.tracking, 'returned')]);
    expect((await orderRow(id))!.status).toBe('cancelled');
    const refunds = await env.DB.prepare(
      'SELECT amount, method, reason, status, staff_id FROM refunds WHERE order_id = ?',
    )
      .bind(id)
      .all();
    expect(refunds.results).toEqual([
      { amount: card, method: 'gateway', reason: 'cancelled', status: 'succeeded', staff_id: null },
    ]);
    // The shop's own note on the step and the refund: a key, which the back office shows in the clerk's
    // language (never the English words to Arabic staff).
    const notes = await env.DB.prepare(
      "SELECT note FROM order_events WHERE order_id = ? AND kind = 'cancelled' UNION ALL SELECT note FROM refunds WHERE order_id = ?",
    )
      .bind(id, id)
      .all<{ note: string | null }>();
    expect(notes.results.map((r) => r.note)).toEqual(['returned_to_sender', 'returned_to_sender']);
    expect((await env.DB.prepare('SELECT stock FROM skus WHERE id = 101').first<number>('stock'))!).toBe(stockBefore);
    expect((await mailOf(id, 'cancelled'))!.subject).toContain('came back to us');
  });

  it('closes a cash-on-delivery order never paid without a refund, its stock back', async () => {
    const stockBefore = (await env.DB.prepare('SELECT stock FROM skus WHERE id = 101').first<number>('stock'))!;
    const id = await placeCod();
    const p = await parcelFor(id);
    await applyTrackingEvents(ctx(), 'local', [event(p.tracking, 'picked_up'), event(p.tracking, 'returned')]);
    expect((await orderRow(id))!.status).toBe('cancelled');
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM refunds WHERE order_id = ?').bind(id).first<number>('n'),
    ).toBe(0);
    expect((await env.DB.prepare('SELECT stock FROM skus WHERE id = 101').first<number>('stock'))!).toBe(stockBefore);
    expect(await mailCount(id, 'cancelled')).toBe(1);
  });
});

describe('her answer to a failed attempt', () => {
  const answer = (body: Record<string, unknown>, user = shopper, country = 'KW') =>
    call('/order/redelivery', {
      body: JSON.stringify(body),
      token: device,
      headers: { authorization: `Bearer ${user}`, 'x-country': country, lang: 'en' },
    });
  const view = async (id: number, lang = 'en') =>
    (
      await json(
        await call(`/user/order/${id}`, {
          token: device,
          headers: { authorization: `Bearer ${shopper}`, 'x-country': 'KW', lang },
        }),
      )
    ).data;

  it('offers the next delivery days, takes one, passes it to the carrier and shows it; twice is refused', async () => {
    const id = await placeCod();
    const p = await parcelFor(id);
    // Before any failure: nothing to answer.
    expect((await answer({ order_id: id, kind: 'day', day: '2030-01-01' })).status).toBe(409);
    await applyTrackingEvents(ctx(), 'local', [
      event(p.tracking, 'out_for_delivery'),
      event(p.tracking, 'failed_attempt', { reason: 'No answer' }),
    ]);
    const before = await view(id);
    expect(before.tracking.events.map((e: { status: string }) => e.status)).toEqual([
      'out_for_delivery',
      'failed_attempt',
    ]);
    expect(before.tracking.events[1].reason).toBe('no_answer');
    const days = before.tracking.redelivery_days as Array<{ date: string; day: string }>;
    expect(days).toHaveLength(4);
    // Never a Friday: the Gulf week's rest day.
    expect(days.every((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay() !== 5)).toBe(true);
    const bad = await answer({ order_id: id, kind: 'day', day: '2001-01-01' });
    expect(bad.status).toBe(422);
    expect((await json(bad)).meta.msg).toBe('redelivery_day_invalid');
    // Another shopper: the order does not exist for her.
    const other = await registerShopper(device, 'tracking-other');
    expect((await answer({ order_id: id, kind: 'day', day: days[1]!.date }, other.token)).status).toBe(404);
    const ok = await answer({ order_id: id, kind: 'day', day: days[1]!.date });
    expect(ok.status).toBe(200);
    const after = (await json(ok)).data.order;
    expect(after.tracking.redelivery).toMatchObject({ kind: 'day', day: days[1]!.date });
    expect(after.tracking.redelivery_days).toBeNull();
    const stored = await env.DB.prepare('SELECT kind, day, status, attempt FROM redelivery_requests WHERE order_id = ?')
      .bind(id)
      .first();
    expect(stored).toEqual({ kind: 'day', day: days[1]!.date, status: 'sent', attempt: 1 });
    const payload = await env.DB.prepare(
      "SELECT json_extract(payload, '$.redelivery.day') AS day FROM local_parcels WHERE tracking_number = ?",
    )
      .bind(p.tracking)
      .first<string>('day');
    expect(payload).toBe(days[1]!.date);
    expect((await answer({ order_id: id, kind: 'day', day: days[0]!.date })).status).toBe(409);
  });

  it('takes a corrected address and phone, refusing a phone that is not a mobile of her country', async () => {
    const id = await placeCod();
    const p = await parcelFor(id);
    await applyTrackingEvents(ctx(), 'local', [event(p.tracking, 'failed_attempt', { reason: 'Address not found' })]);
    const wrong = await answer({ order_id: id, kind: 'address', lines: ['Block 4, Street 2'], phone: '123' });
    expect(wrong.status).toBe(400);
    const res = await answer({
      order_id: id,
      kind: 'address',
      lines: ['Block 4, Street 2, House 9'],
      phone: '50000001',
    });
    expect(res.status).toBe(200);
    const stored = await env.DB.prepare('SELECT kind, address, phone FROM redelivery_requests WHERE order_id = ?')
      .bind(id)
      .first();
    expect(stored).toEqual({
      kind: 'address',
      address: JSON.stringify(['Block 4, Street 2, House 9']),
      phone: '+96550000001',
    });
  });
});

describe('her order after her answers (issue 73)', () => {
  const answer = (body: Record<string, unknown>) =>
    call('/order/redelivery', {
      body: JSON.stringify(body),
      token: device,
      headers: { authorization: `Bearer ${shopper}`, 'x-country': 'KW', lang: 'en' },
    });
  const view = async (id: number) =>
    (
      await json(
        await call(`/user/order/${id}`, {
          token: device,
          headers: { authorization: `Bearer ${shopper}`, 'x-country': 'KW', lang: 'en' },
        }),
      )
    ).data;
  type Step = { kind: string; at: number; day?: string };

  it('promises one date, the day she chose, shows her new address and phone, and lists each answer', async () => {
    const id = await placeCod();
    const p = await parcelFor(id);
    const placed = await view(id);
    await applyTrackingEvents(ctx(), 'local', [event(p.tracking, 'failed_attempt', { reason: 'Address not found' })]);
    const days = (await view(id)).tracking.redelivery_days as Array<{ date: string; day: string }>;
    // The day first promised is not among the days offered after the attempt: the page must not show both.
    await env.DB.prepare('UPDATE orders SET promised_date = ? WHERE id = ?').bind(days[1]!.date, id).run();
    const corrected = await answer({
      order_id: id,
      kind: 'address',
      lines: ['Block 4, Street 2, House 9'],
      phone: '50000002',
    });
    expect(corrected.status).toBe(200);
    const after = (await json(corrected)).data.order;
    expect(after.promise).toEqual({
      speed: placed.promise.speed,
      date: days[0]!.date,
      missed: false,
      rescheduled: true,
    });
    expect(after.tracking.corrected_address).toMatchObject({
      lines: ['Block 4, Street 2, House 9'],
      phone: '+96550000002',
    });
    const steps = after.fulfilment.timeline as Step[];
    expect(steps.at(-1)).toMatchObject({ kind: 'address_corrected', day: days[0]!.day });

    // A second attempt fails; she picks another day: that day is the promise, both answers are steps.
    await applyTrackingEvents(ctx(), 'local', [
      event(p.tracking, 'out_for_delivery'),
      event(p.tracking, 'failed_attempt', { reason: 'No answer' }),
    ]);
    const offered = (await view(id)).tracking.redelivery_days as Array<{ date: string; day: string }>;
    expect((await answer({ order_id: id, kind: 'day', day: offered[2]!.date })).status).toBe(200);
    const again = await view(id);
    expect(again.promise).toMatchObject({ date: offered[2]!.date, rescheduled: true });
    expect((again.fulfilment.timeline as Step[]).filter((s) => s.day).map((s) => s.kind)).toEqual([
      'address_corrected',
      'delivery_rescheduled',
    ]);
    // The corrected address still holds: the second answer only moved the day.
    expect(again.tracking.corrected_address.phone).toBe('+96550000002');
  });
});

describe("a guest's answer to a failed attempt", () => {
  it('is taken with her order link from any device, refused without it, and her link shows the parcel', async () => {
    const res = await submitOrder(device, null, {
      items: [{ sku_id: 101, count: 1 }],
      payment_method: 'cod',
      address: GUEST_KW_ADDRESS,
      email: `guest-tracking-${crypto.randomUUID()}@example.com`,
      idempotency_key: crypto.randomUUID(),
    });
    const id = res.order.id as number;
    const p = await parcelFor(id);
    await applyTrackingEvents(ctx(), 'local', [event(p.tracking, 'failed_attempt', { reason: 'Closed' })]);
    const elsewhere = await deviceToken();
    const viaLink = (
      await json(await call(`/order/link/${res.link}`, { token: elsewhere, headers: shopperHeaders(null) }))
    ).data;
    expect(viaLink.tracking.events.map((e: { status: string }) => e.status)).toEqual(['failed_attempt']);
    const day = viaLink.tracking.redelivery_days[0].date as string;
    const send = (body: Record<string, unknown>) =>
      call('/order/redelivery', { token: elsewhere, headers: shopperHeaders(null), body: JSON.stringify(body) });
    expect((await send({ order_id: id, kind: 'day', day })).status).toBe(404);
    expect((await send({ order_id: id, kind: 'day', day, key: res.link })).status).toBe(200);
    // Her answer is also what staff see on the order page.
    const detail = await json(await staffCall(owner.token, `/staff/orders/${id}`));
    expect(detail.data.tracking.redelivery).toEqual([expect.objectContaining({ kind: 'day', day, status: 'sent' })]);
  });
});
