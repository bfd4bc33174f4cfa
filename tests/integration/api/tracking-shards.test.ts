// Live tracking for a shopper moved to another order shard (decisions 61 and 62): her parcels are in the
// core, her order in ORDERS_1; the carriers' events take her order's steps there (each timeline row once,
// with no staff member), the mails go out once from the core, and nothing of her order lands in the
// core's order tables; a parcel back at the shop cancels her order there and gives the stock back.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ParcelStatus, TrackingEvent } from '#api/src/carriers/types';
import { userOwner } from '#api/src/db/databases';
import { moveShopper } from '#api/src/db/move-shopper';
import { registerShard } from '#api/src/db/shard-admin';
import { apiConfig } from '#api/src/lib/config';
import { applyTrackingEvents } from '#api/src/shipping/tracking';
import { freshStart } from '../../support/fresh-start';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json, shopperHeaders, stockOf } from './helpers';
import { newShopper } from './loyalty-helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

let device: string;
let owner: TestStaff;
const ctx = () => ({ env, var: { config: apiConfig(env) }, executionCtx: { waitUntil() {} } });

beforeAll(async () => {
  await freshStart(env.ORDERS_1, env.TEST_SHARD_MIGRATIONS);
  await loadCatalogueFixture(env.DB);
  await env.DB.prepare('UPDATE skus SET stock = 1000 WHERE id = 101').run();
  device = await deviceToken();
  await registerShard(env, 1, 'ORDERS_1');
  owner = await staffWith([{ role: 'owner', country: null }], { name: 'Owner' });
});

let clock = Date.now();
const event = (tracking: string, status: ParcelStatus): TrackingEvent => {
  clock += 60_000;
  return {
    trackingNumber: tracking,
    eventKey: `s-${tracking}-${status}-${clock}`,
    status,
    carrierCode: status,
    description: status,
    location: null,
    reason: status === 'failed_attempt' ? 'No answer' : null,
    at: clock,
  };
};

/** Her order in shard 1, confirmed and packed, with a labelled parcel in the core. */
async function shardOrder(tag: string): Promise<{ id: number; tracking: string }> {
  const shopper = await newShopper(device, tag);
  await moveShopper(env, userOwner(shopper.id), 1, { lockGraceMs: 0 });
  const res = await call('/order/submit', {
    body: JSON.stringify({
      items: [{ sku_id: 101, count: 1 }],
      payment_method: 'cod',
      address_id: shopper.addresses.KW,
      idempotency_key: crypto.randomUUID(),
    }),
    token: device,
    headers: shopperHeaders(shopper.token),
  });
  expect(res.status).toBe(200);
  const id = (await json(res)).data.order.id as number;
  for (const step of ['confirm', 'pack'])
    expect((await staffCall(owner.token, `/staff/orders/${id}/${step}`, { json: {} })).status).toBe(200);
  const tracking = `LS${String(id).slice(-10).padStart(10, '0')}`;
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO shipments (order_id, country, direction, carrier, speed, status, reference, tracking_number, currency, created_at, updated_at)
     VALUES (?, 'KW', 'outbound', 'local', 'standard', 'created', ?, ?, 'KWD', ?, ?)`,
  )
    .bind(id, `shard-${id}`, tracking, now, now)
    .run();
  return { id, tracking };
}

const mails = (id: number, tail: string) =>
  env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = ?')
    .bind(`order:${id}:${tail}`)
    .first<number>('n');

describe('tracking an order in another shard', () => {
  it('ships, sends out and delivers it in her shard, each mail once from the core', async () => {
    const { id, tracking } = await shardOrder('tracking-shard');
    const all = [event(tracking, 'picked_up'), event(tracking, 'out_for_delivery'), event(tracking, 'failed_attempt')];
    await applyTrackingEvents(ctx(), 'local', all);
    await applyTrackingEvents(ctx(), 'local', [
      ...all,
      event(tracking, 'out_for_delivery'),
      event(tracking, 'delivered'),
    ]);
    const order = await env.ORDERS_1.prepare('SELECT status FROM orders WHERE id = ?').bind(id).first<string>('status');
    expect(order).toBe('delivered');
    expect(await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE id = ?').bind(id).first<number>('n')).toBe(0);
    const steps = await env.ORDERS_1.prepare(
      "SELECT kind, staff_id FROM order_events WHERE order_id = ? AND kind IN ('shipped', 'out_for_delivery', 'delivered') ORDER BY id",
    )
      .bind(id)
      .all();
    expect(steps.results).toEqual([
      { kind: 'shipped', staff_id: null },
      { kind: 'out_for_delivery', staff_id: null },
      { kind: 'delivered', staff_id: null },
    ]);
    for (const tail of ['shipped', 'out_for_delivery', 'delivered']) expect(await mails(id, tail)).toBe(1);
    const failed = await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key LIKE ?')
      .bind(`order:${id}:delivery_failed:%`)
      .first<number>('n');
    expect(failed).toBe(1);
  });

  it('cancels her order in her shard when the parcel comes back, its stock back in the core', async () => {
    const before = await stockOf(101);
    const { id, tracking } = await shardOrder('tracking-shard-back');
    await applyTrackingEvents(ctx(), 'local', [event(tracking, 'picked_up'), event(tracking, 'returned')]);
    const order = await env.ORDERS_1.prepare('SELECT status FROM orders WHERE id = ?').bind(id).first<string>('status');
    expect(order).toBe('cancelled');
    expect(await stockOf(101)).toBe(before);
    expect(await mails(id, 'cancelled')).toBe(1);
  });
});
