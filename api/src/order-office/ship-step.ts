// The order's 'shipped' step, shared by the hand-typed ship step (steps.ts runStep) and the carrier's
// answer for its first parcel (api/src/shipping/create.ts): one guarded timeline row, the order's
// carrier and tracking number, the shopper's mail (outbox, deduped per step), WhatsApp and push, the
// audit row. The guarded row makes the step once, whichever path or retry comes first.
import { log } from '#api/src/lib/log';
import { apiConfig } from '#api/src/lib/config';
import { configuredSiteOrigin } from '#api/src/lib/site-origin';
import { orderUpdateStatements } from '#api/src/orders/update-mail';
import { pushToUser } from '#api/src/push';
import { orderStatusPush } from '#api/src/push/texts';
import { auditStatement } from '#api/src/staff/audit';
import { guardedEvent, isTransitionRace, type Order, SplitBatch, stageOf } from './common';
import type { OrderStage } from '#shared/api/staff-order-schemas';

export interface ShipDetails {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
}

/** The order's change for the step: status, when, carrier and tracking number. */
export function shipOrderStatement(db: D1Database, orderId: number, d: ShipDetails, now: number): D1PreparedStatement {
  return db
    .prepare(
      "UPDATE orders SET status = 'shipped', shipped_at = ?, carrier = ?, tracking_number = ?, tracking_url = ?, updated_at = ? WHERE id = ?",
    )
    .bind(now, d.carrier, d.trackingNumber, d.trackingUrl, now, orderId);
}

/** A parcel created by its carrier ships the order from these stages (the ship page takes confirmed too). */
const CARRIER_SHIP_FROM: OrderStage[] = ['confirmed', 'packed'];

/**
 * The first parcel's carrier answered: the order moves to 'shipped' once. Outside a request (the queue's
 * consumer), so the mail's origin and secret come from the configuration. Returns false when the order
 * was no longer in a stage to ship (shipped already by an earlier parcel or by hand, or cancelled).
 */
export async function shipOrderFromCarrier(
  env: ApiEnv,
  order: Order,
  db: D1Database,
  d: ShipDetails,
  staffId: number | null,
): Promise<boolean> {
  if (!CARRIER_SHIP_FROM.includes(stageOf(order))) return false;
  const core = env.DB;
  const config = apiConfig(env);
  const now = Date.now();
  const batch = new SplitBatch(db, core);
  batch.shard(
    guardedEvent(db, { orderId: order.id, kind: 'shipped', from: CARRIER_SHIP_FROM, staffId, now, note: null }),
    shipOrderStatement(db, order.id, d, now),
  );
  batch.toCore(
    ...(await orderUpdateStatements(
      core,
      order,
      { kind: 'shipped', carrier: d.carrier, trackingNumber: d.trackingNumber, trackingUrl: d.trackingUrl },
      {
        dedupe: 'shipped',
        now,
        siteOrigin: configuredSiteOrigin(env),
        secret: config.TOKEN_SECRET,
        ...(db !== core ? { shard: { db, statements: batch.order } } : {}),
      },
    )),
    auditStatement(core, staffId === null ? null : { id: staffId }, {
      action: 'order.ship',
      resource: 'order',
      resourceId: order.id,
      country: order.country,
      before: { status: order.status },
      after: { status: 'shipped', carrier: d.carrier, tracking_number: d.trackingNumber },
    }),
  );
  try {
    await db.batch(batch.order);
  } catch (error) {
    if (isTransitionRace(error)) return false;
    throw error;
  }
  if (batch.split)
    await core
      .batch(batch.core)
      .catch((error: unknown) => log.error('ship step: core part failed', { orderId: order.id, error }));
  const userId = order.user_id;
  if (userId !== null && orderStatusPush('en', 'shipped', order.id))
    await pushToUser(env, userId, 'order_status', (lang) => orderStatusPush(lang, 'shipped', order.id)!).catch(
      (error: unknown) => log.warn('ship step: push failed', { orderId: order.id, error }),
    );
  return true;
}
