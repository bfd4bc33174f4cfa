// Shipping from the back office (issue 62, decision 66): orders shipped in one step through the local
// carrier, the carrier chosen by the owner's rules, created from the queue (never doubled: a redelivered
// message or a second try finds the same parcel), the order shipped once with one mail, labels merged
// into one PDF, a refusal shown with the carrier's words, a carrier down retried, partial shipments, the
// day's manifest and pickup, and the permissions.
import { env } from 'cloudflare:workers';
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { gulfDate } from '#shared/gulf-days';
import worker from '#api/src/index';
import { CarrierUnavailable, type Carrier } from '#api/src/carriers/types';
import { consumeShipments, createAtCarrier } from '#api/src/shipping/create';
import { resendStaleShipments, retryDelaySeconds, STALE_QUEUED_MS } from '#api/src/shipping/queue';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json, registerShopper, saveAddress } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

let device: string;
let shopper: string;
let addressKW: number;
let addressSA: number;
let clerk: TestStaff;
let support: TestStaff;
let owner: TestStaff;

async function place(country: 'KW' | 'SA', items: Array<{ sku_id: number; count: number }>): Promise<number> {
  const res = await call('/order/submit', {
    body: JSON.stringify({
      items,
      payment_method: 'cod',
      address_id: country === 'KW' ? addressKW : addressSA,
      idempotency_key: crypto.randomUUID(),
    }),
    token: device,
    headers: { authorization: `Bearer ${shopper}`, 'x-country': country, lang: 'en' },
  });
  const body = await json(res);
  if (res.status !== 200) throw new Error(`submit failed: ${JSON.stringify(body)}`);
  const id = body.data.order.id as number;
  const confirmed = await staffCall(clerk.token, `/staff/orders/${id}/confirm`, { json: {} });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${await confirmed.text()}`);
  return id;
}

/** The queue delivering these parcels' messages to the worker's handler, as Cloudflare would. */
async function deliver(ids: number[], attempts = 1) {
  const batch = createMessageBatch(
    'shop-alerts',
    ids.map((shipmentId) => ({
      id: `ship-${shipmentId}-${Math.random()}`,
      timestamp: new Date(),
      attempts,
      body: { kind: 'create_shipment', shipmentId },
    })),
  );
  const ctx = createExecutionContext();
  await worker.queue!(batch as MessageBatch<unknown>, env, ctx);
  return getQueueResult(batch, ctx);
}

const shipment = (id: number) =>
  env.DB.prepare('SELECT * FROM shipments WHERE id = ?').bind(id).first<{
    status: string;
    carrier: string;
    reference: string;
    tracking_number: string | null;
    label_key: string | null;
    cod_amount: number;
    create_tries: number;
    carrier_error: string | null;
    pickup_id: number | null;
  }>();
const order = (id: number) =>
  env.DB.prepare('SELECT status, carrier, tracking_number, total FROM orders WHERE id = ?')
    .bind(id)
    .first<{ status: string; carrier: string | null; tracking_number: string | null; total: number }>();
const shippedMails = async (id: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = ?')
    .bind(`order:${id}:shipped`)
    .first<{ n: number }>())!.n;

const ship = async (ids: number[], member = clerk) => {
  const res = await staffCall(member.token, '/staff/shipping/ship', { json: { order_ids: ids } });
  return { status: res.status, body: await json(res) };
};

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
  ({ token: shopper } = await registerShopper(device, 'staff-shipping'));
  addressKW = await saveAddress(device, shopper, 'KW');
  addressSA = await saveAddress(device, shopper, 'SA');
  clerk = await staffWith([{ role: 'fulfilment', country: null }], { name: 'Clerk' });
  support = await staffWith([{ role: 'support', country: null }], { name: 'Support' });
  owner = await staffWith([{ role: 'owner', country: null }], { name: 'Owner' });
});

describe('shipping orders in one step', () => {
  let kw: number;
  let sa: number;
  let parcels: number[];

  it('queues one parcel per order with the carrier the rules choose and the cash left to collect', async () => {
    kw = await place('KW', [{ sku_id: 101, count: 2 }]);
    sa = await place('SA', [{ sku_id: 102, count: 1 }]);
    const { status, body } = await ship([kw, sa]);
    expect(status).toBe(200);
    expect(body.data.failed).toEqual([]);
    parcels = body.data.queued;
    expect(parcels).toHaveLength(2);
    const [k, s] = [await shipment(parcels[0]!), await shipment(parcels[1]!)];
    // Kuwait same day (the speed it was promised) → the shop's own drivers; a Saudi cash order → SMSA
    // through the local carrier (the seeded rules).
    expect(k).toMatchObject({
      status: 'queued',
      carrier: 'own',
      reference: `${kw}-1`,
      cod_amount: (await order(kw))!.total,
    });
    expect(s).toMatchObject({ status: 'queued', carrier: 'smsa', reference: `${sa}-1` });
    const weight = await env.DB.prepare('SELECT weight_grams FROM shipments WHERE id = ?')
      .bind(parcels[0])
      .first<{ weight_grams: number }>();
    expect(weight!.weight_grams).toBe(500);
    // Nothing changed on the orders yet: the carrier has not answered.
    expect((await order(kw))!.status).toBe('processing');
  });

  it('creates them at the carrier from the queue: labels, tracking numbers, the orders shipped with one mail', async () => {
    const result = await deliver(parcels);
    expect(result.explicitAcks).toHaveLength(2);
    for (const [id, orderId] of [
      [parcels[0]!, kw],
      [parcels[1]!, sa],
    ] as const) {
      const s = (await shipment(id))!;
      expect(s.status).toBe('created');
      expect(s.tracking_number).toMatch(orderId === kw ? /^GV\d{10}$/ : /^LC\d{10}$/);
      expect(s.label_key).toBe(`labels/${id}.pdf`);
      expect(await env.UPLOADS.get(s.label_key!)).not.toBeNull();
      expect(await order(orderId)).toMatchObject({
        status: 'shipped',
        carrier: s.carrier,
        tracking_number: s.tracking_number,
      });
      expect(await shippedMails(orderId)).toBe(1);
    }
    // A redelivered message changes nothing: one parcel at the carrier, one mail.
    await deliver(parcels);
    const local = await env.DB.prepare('SELECT count(*) AS n FROM local_parcels WHERE reference = ?')
      .bind(`${sa}-1`)
      .first<{ n: number }>();
    expect(local!.n).toBe(1);
    const stops = await env.DB.prepare('SELECT count(*) AS n FROM driver_stops WHERE reference = ?')
      .bind(`${kw}-1`)
      .first<{ n: number }>();
    expect(stops!.n).toBe(1);
    expect(await shippedMails(kw)).toBe(1);
    const events = await env.DB.prepare(
      "SELECT count(*) AS n FROM order_events WHERE order_id = ? AND kind = 'shipped'",
    )
      .bind(kw)
      .first<{ n: number }>();
    expect(events!.n).toBe(1);
  });

  it('merges the chosen labels into one PDF, each page in its carrier’s size', async () => {
    const res = await staffCall(clerk.token, `/staff/shipping/labels?ids=${parcels.join(',')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
  });

  it('lists a carrier’s parcels of the day with weights and the cash to collect, and books its pickup', async () => {
    const day = gulfDate(Date.now());
    const manifest = await json(
      await staffCall(clerk.token, `/staff/shipping/manifest?country=KW&carrier=own&day=${day}`),
    );
    const refs = manifest.data.lines.map((l: { reference: string }) => l.reference);
    expect(refs).toContain(`${kw}-1`);
    expect(refs).not.toContain(`${sa}-1`);
    const csv = await (
      await staffCall(clerk.token, `/staff/shipping/manifest?country=KW&carrier=own&day=${day}&format=csv`)
    ).text();
    const lines = manifest.data.lines as Array<{ cod_amount: number; weight_grams: number }>;
    const cod = lines.reduce((s, l) => s + l.cod_amount, 0);
    const total = csv.trim().split('\r\n').at(-1)!.split(',');
    expect(total[0]).toBe('TOTAL');
    expect(total[1]).toBe(String(lines.length));
    expect(total[5]).toBe((cod / 1000).toFixed(3));
    expect(total[6]).toBe('KWD');
    // The shop's own drivers load at its store: no pickup to book, and none recorded (issue 73).
    const own = await staffCall(clerk.token, '/staff/shipping/pickups', {
      json: { country: 'KW', carrier: 'own', day },
    });
    expect(own.status).toBe(409);
    expect((await json(own)).meta.msg).toBe('shipping_pickup_not_needed');
    const ownPickups = await env.DB.prepare("SELECT count(*) AS n FROM pickups WHERE carrier = 'own'").first<{
      n: number;
    }>();
    expect(ownPickups!.n).toBe(0);
    expect((await shipment(parcels[0]!))!.pickup_id).toBeNull();
    // SMSA's API books no pickups: its daily collection takes the parcels, so a booking that could only
    // fail at the carrier is refused here, and nothing is recorded.
    const smsa = await staffCall(clerk.token, '/staff/shipping/pickups', {
      json: { country: 'SA', carrier: 'smsa', day },
    });
    expect(smsa.status).toBe(409);
    expect((await json(smsa)).meta.msg).toBe('shipping_pickup_not_needed');
    expect((await shipment(parcels[1]!))!.pickup_id).toBeNull();
    // A carrier that collects on request books its pickup for the day's parcels.
    const kwAramex = await place('KW', [{ sku_id: 101, count: 1 }]);
    const shipped = await staffCall(clerk.token, '/staff/shipping/ship', {
      json: { order_ids: [kwAramex], carriers: [{ order_id: kwAramex, carrier: 'aramex' }] },
    });
    const [aramexParcel] = (await json(shipped)).data.queued as number[];
    await deliver([aramexParcel!]);
    const pickup = await staffCall(clerk.token, '/staff/shipping/pickups', {
      json: { country: 'KW', carrier: 'aramex', day },
    });
    expect(pickup.status).toBe(200);
    const booked = (await json(pickup)).data;
    expect(booked.carrier_ref).toMatch(/^LP-/);
    expect((await shipment(aramexParcel!))!.pickup_id).toBe(booked.pickup_id);
    const row = await env.DB.prepare('SELECT status, carrier FROM pickups WHERE id = ?').bind(booked.pickup_id).first();
    expect(row).toEqual({ status: 'booked', carrier: 'aramex' });
    const smsaPickups = await env.DB.prepare("SELECT count(*) AS n FROM pickups WHERE carrier = 'smsa'").first<{
      n: number;
    }>();
    expect(smsaPickups!.n).toBe(0);
  });
});

describe('a carrier chosen for an order (issue 73)', () => {
  it('lists each ready order with the rules’ carrier and the others they allow, ships with one of them, refuses any other', async () => {
    const id = await place('KW', [{ sku_id: 101, count: 1 }]);
    const page = (await json(await staffCall(clerk.token, '/staff/shipping?country=KW'))).data;
    // A Kuwait same-day cash order: the own drivers by the rules, Aramex allowed too (the seeded rules).
    expect(page.orders.find((o: { id: number }) => o.id === id)).toMatchObject({
      carrier: 'own',
      carriers: ['own', 'aramex'],
    });
    // SMSA and DHL are no carriers of Kuwait's rules: refused, nothing queued.
    for (const carrier of ['smsa', 'dhl']) {
      const refused = await staffCall(clerk.token, '/staff/shipping/ship', {
        json: { order_ids: [id], carriers: [{ order_id: id, carrier }] },
      });
      expect((await json(refused)).data).toEqual({
        queued: [],
        failed: [{ order_id: id, msg: 'shipping_carrier_not_allowed' }],
      });
    }
    // A carrier that is none of the shop's is the schema's refusal.
    const unknown = await staffCall(clerk.token, '/staff/shipping/ship', {
      json: { order_ids: [id], carriers: [{ order_id: id, carrier: 'fedex' }] },
    });
    expect(unknown.status).toBe(400);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM shipments WHERE order_id = ?').bind(id).first<{ n: number }>())!
        .n,
    ).toBe(0);
    const shipped = await staffCall(clerk.token, '/staff/shipping/ship', {
      json: { order_ids: [id], carriers: [{ order_id: id, carrier: 'aramex' }] },
    });
    const queued = (await json(shipped)).data.queued as number[];
    expect(queued).toHaveLength(1);
    expect((await shipment(queued[0]!))!.carrier).toBe('aramex');
    const audit = await env.DB.prepare(
      "SELECT after_json FROM audit_log WHERE action = 'shipment.queue' AND resource_id = ? ORDER BY id DESC LIMIT 1",
    )
      .bind(String(id))
      .first<{ after_json: string }>();
    expect(JSON.parse(audit!.after_json)).toMatchObject({ carrier: 'aramex', carrier_by: 'staff' });
  });
});

describe('when the carrier says no, or is down', () => {
  it('keeps a refusal with the carrier’s code and words, changes nothing on the order, and retries when staff ask', async () => {
    const id = await place('KW', [{ sku_id: 101, count: 1 }]);
    await env.DB.prepare("UPDATE orders SET address = json_set(address, '$.phone', '98765432') WHERE id = ?")
      .bind(id)
      .run();
    const { body } = await ship([id]);
    const parcel = body.data.queued[0] as number;
    const result = await deliver([parcel]);
    expect(result.retryMessages).toEqual([]);
    const s = (await shipment(parcel))!;
    expect(s.status).toBe('refused');
    expect(JSON.parse(s.carrier_error!)).toEqual({
      kind: 'refused',
      code: 'INVALID_PHONE',
      message: 'Consignee phone "98765432" is not valid',
    });
    expect((await order(id))!.status).toBe('processing');
    expect(await shippedMails(id)).toBe(0);
    const list = await json(await staffCall(clerk.token, `/staff/shipping/orders/${id}/parcels`));
    expect(list.data.parcels[0].error.code).toBe('INVALID_PHONE');
    // Corrected, tried again: created, the order shipped.
    await env.DB.prepare("UPDATE orders SET address = json_set(address, '$.phone', '+96598765432') WHERE id = ?")
      .bind(id)
      .run();
    expect((await staffCall(clerk.token, `/staff/shipping/shipments/${parcel}/retry`, { json: {} })).status).toBe(200);
    await deliver([parcel]);
    expect((await shipment(parcel))!.status).toBe('created');
    expect((await order(id))!.status).toBe('shipped');
    expect((await staffCall(clerk.token, `/staff/shipping/shipments/${parcel}/retry`, { json: {} })).status).toBe(409);
  });

  it('retries a carrier that is down with a backoff, and never makes two parcels', async () => {
    const id = await place('SA', [{ sku_id: 101, count: 1 }]);
    const { body } = await ship([id]);
    const parcel = body.data.queued[0] as number;
    const down = {
      createShipment: async () => {
        throw new CarrierUnavailable('smsa', 'HTTP 503 from the carrier');
      },
    } as unknown as Carrier;
    const batch = createMessageBatch('shop-alerts', [
      { id: 'down-1', timestamp: new Date(), attempts: 2, body: { kind: 'create_shipment', shipmentId: parcel } },
    ]);
    const ctx = createExecutionContext();
    await consumeShipments(batch.messages, env, { carrier: () => down });
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(['down-1']);
    // The backoff: 30 s after the first try, doubling, at most 15 minutes.
    expect([1, 2, 3, 10].map(retryDelaySeconds)).toEqual([30, 60, 120, 900]);
    const waiting = (await shipment(parcel))!;
    expect(waiting).toMatchObject({ status: 'queued', create_tries: 1 });
    expect(JSON.parse(waiting.carrier_error!)).toMatchObject({
      kind: 'unavailable',
      message: 'HTTP 503 from the carrier',
    });
    expect((await order(id))!.status).toBe('processing');
    // The carrier is back: the same reference twice (a retry racing a redelivery) is one parcel.
    expect(await createAtCarrier(env, parcel)).toBe('created');
    expect(await createAtCarrier(env, parcel)).toBe('skipped');
    const local = await env.DB.prepare('SELECT count(*) AS n FROM local_parcels WHERE reference = ?')
      .bind(`${id}-1`)
      .first<{ n: number }>();
    expect(local!.n).toBe(1);
    expect(await shippedMails(id)).toBe(1);
    // A second press for an order in a parcel already finds nothing left.
    expect((await ship([id])).body.data.failed).toEqual([{ order_id: id, msg: 'shipping_nothing_left' }]);
  });
});

describe('a lost queue message', () => {
  it('is sent again by the cron once the parcel sat queued past the longest backoff, and the parcel is created', async () => {
    const id = await place('KW', [{ sku_id: 102, count: 1 }]);
    const { body } = await ship([id]);
    const parcel = body.data.queued[0] as number;
    const sent: unknown[] = [];
    const queue = {
      sendBatch: async (m: Array<{ body: unknown }>) => void sent.push(...m.map((x) => x.body)),
    } as unknown as Queue;
    // Not yet stale: nothing re-sent.
    await resendStaleShipments({ DB: env.DB, ALERTS: queue });
    expect(sent).not.toContainEqual({ kind: 'create_shipment', shipmentId: parcel });
    const later = Date.now() + STALE_QUEUED_MS + 1000;
    expect(await resendStaleShipments({ DB: env.DB, ALERTS: queue }, later)).toBeGreaterThanOrEqual(1);
    expect(sent).toContainEqual({ kind: 'create_shipment', shipmentId: parcel });
    // Touched: the next minute does not send it again.
    sent.length = 0;
    await resendStaleShipments({ DB: env.DB, ALERTS: queue }, later + 60_000);
    expect(sent).not.toContainEqual({ kind: 'create_shipment', shipmentId: parcel });
    await deliver([parcel]);
    expect((await shipment(parcel))!.status).toBe('created');
  });
});

describe('shipping part of an order', () => {
  it('ships the chosen lines, ships the order on its first parcel, and keeps the rest for later', async () => {
    const id = await place('KW', [
      { sku_id: 101, count: 2 },
      { sku_id: 102, count: 1 },
    ]);
    const part = (lines: unknown) => staffCall(clerk.token, `/staff/shipping/orders/${id}/parcel`, { json: { lines } });
    expect((await part([{ sku_id: 101, count: 3 }])).status).toBe(409);
    const first = await json(await part([{ sku_id: 101, count: 1 }]));
    await deliver(first.data.queued);
    expect((await order(id))!.status).toBe('shipped');
    let view = (await json(await staffCall(clerk.token, `/staff/shipping/orders/${id}/parcels`))).data;
    expect(view.parcels).toHaveLength(1);
    expect(view.parcels[0].items).toEqual([{ sku_id: 101, count: 1 }]);
    expect(
      view.lines.map((l: { sku_id: number; ordered: number; shipped: number }) => [l.sku_id, l.ordered, l.shipped]),
    ).toEqual([
      [101, 2, 1],
      [102, 1, 0],
    ]);
    // Still on the ship page while lines wait; the rest ships as the order's second parcel.
    const list = (await json(await staffCall(clerk.token, '/staff/shipping?country=KW'))).data;
    expect(list.orders.find((o: { id: number }) => o.id === id).left).toBe(2);
    const rest = await ship([id]);
    await deliver(rest.body.data.queued);
    view = (await json(await staffCall(clerk.token, `/staff/shipping/orders/${id}/parcels`))).data;
    expect(view.parcels.map((p: { reference: string; status: string }) => [p.reference, p.status])).toEqual([
      [`${id}-1`, 'created'],
      [`${id}-2`, 'created'],
    ]);
    // The cash is collected once, on the first parcel.
    expect(view.parcels[1].cod_amount).toBe(0);
    expect(await shippedMails(id)).toBe(1);
    const after = (await json(await staffCall(clerk.token, '/staff/shipping?country=KW'))).data;
    expect(after.orders.some((o: { id: number }) => o.id === id)).toBe(false);
  });
});

describe('rules and permissions', () => {
  it('refuses shipping to staff without orders:fulfil, and rule changes to staff without delivery:manage', async () => {
    expect((await ship([1], support)).status).toBe(403);
    expect((await staffCall(support.token, '/staff/shipping')).status).toBe(403);
    const rules = {
      country: 'KW',
      rules: [{ priority: 1, zones: 'all', speed: 'any', cod: 'any', max_weight_grams: null, carrier: 'dhl' }],
    };
    expect((await staffCall(clerk.token, '/staff/shipping/rules', { json: rules })).status).toBe(403);
  });

  it('ships by the owner’s changed rules, and says so when no rule fits', async () => {
    const before = (await json(await staffCall(owner.token, '/staff/shipping/rules'))).data.rules.filter(
      (r: { country: string }) => r.country === 'KW',
    );
    const put = (rules: unknown[]) =>
      staffCall(owner.token, '/staff/shipping/rules', { json: { country: 'KW', rules } });
    expect(
      (await put([{ priority: 1, zones: 'all', speed: 'any', cod: 'any', max_weight_grams: 200, carrier: 'dhl' }]))
        .status,
    ).toBe(200);
    const id = await place('KW', [{ sku_id: 101, count: 1 }]);
    expect((await ship([id])).body.data.failed).toEqual([{ order_id: id, msg: 'shipping_no_carrier_rule' }]);
    expect(
      (await put([{ priority: 1, zones: 'all', speed: 'any', cod: 'any', max_weight_grams: 1000, carrier: 'dhl' }]))
        .status,
    ).toBe(200);
    const { body } = await ship([id]);
    expect((await shipment(body.data.queued[0]))!.carrier).toBe('dhl');
    await put(
      before
        .map((r: Record<string, unknown>) => ({
          ...r,
          zones: r.zones === 'all' ? 'all' : String(r.zones).split(',').map(Number),
        }))
        .map(({ id: _, country: __, updated_at: ___, ...r }: Record<string, unknown>) => r),
    );
    const audit = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'settings.carrier_rules'",
    ).first<{ n: number }>();
    expect(audit!.n).toBe(3);
  });
});
