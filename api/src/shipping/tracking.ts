// Live tracking (issue 62): the one way a carrier's events come in, whether pushed (a webhook), polled
// (the minute cron) or added on the local carrier's sandbox page. Each event is stored once
// (shipment_events' UNIQUE (shipment_id, event_key), and one per status and time: a carrier re-sending
// an event under a new id, issue 73); the parcel's status moves only forward (ranks.ts);
// then the order's steps follow through the back office's own step batches (order-office/steps.ts)
// with the shop itself as the actor: shipped, out for delivery, delivered, each once (its timeline row
// is unique per kind), with the shopper's mail, WhatsApp and push. A failed attempt tells her once per
// attempt, in the shop's words (carriers/failure-reasons.ts), and none after the delivery counts; a
// parcel back at the shop cancels and refunds the order (returned.ts).
import { deliveryFailureReason } from '#api/src/carriers/failure-reasons';
import type { CarrierCode, TrackingEvent } from '#api/src/carriers/types';
import type { DeliveryFailureReason } from '#shared/orders/delivery-failure';
import type { ShipmentRow } from '#api/src/db/rows';
import { orderRoute } from '#api/src/db/databases';
import { ApiError } from '#api/src/lib/errors';
import { log } from '#api/src/lib/log';
import { orderUpdateStatements } from '#api/src/orders/update-mail';
import { pushAfter, pushToUser } from '#api/src/push';
import { orderStatusPush } from '#api/src/push/texts';
import { loadOrder, type Order, SplitBatch, type StepContext, stageOf } from '#api/src/order-office/common';
import { applyStep } from '#api/src/order-office/steps';
import { DELIVERED_AT, parcelRank } from './ranks';
import { returnedOrder } from './returned';

export interface TrackingOutcome {
  /** Events stored now (new). */
  recorded: number;
  /** Events already stored (the same key again). */
  duplicates: number;
  /** Events for no parcel of ours (logged, nothing stored). */
  unknown: number;
}

type Parcel = Pick<ShipmentRow, 'id' | 'order_id' | 'direction' | 'status' | 'status_rank' | 'failed_attempts'>;

/** A failed attempt to tell her of, with its reason in the shop's words. */
interface Failure {
  parcel: Parcel;
  attempt: number;
  reason: DeliveryFailureReason | null;
}

export async function applyTrackingEvents(
  c: StepContext,
  carrier: CarrierCode,
  events: readonly TrackingEvent[],
): Promise<TrackingOutcome> {
  const core = c.env.DB;
  const outcome: TrackingOutcome = { recorded: 0, duplicates: 0, unknown: 0 };
  const touched = new Map<number, Set<number>>(); // order → its parcels that had events
  const failures: Failure[] = [];
  // Every parcel the delivery names in one query, and one log line for all it does not (a webhook of
  // thousands of unknown events took a query and a line each: issue 73).
  const parcels = await parcelsOf(core, carrier, events);
  const unknown = new Set<string>();
  // Oldest first, so a poll's history is applied in the order it happened.
  for (const event of [...events].sort((a, b) => a.at - b.at)) {
    const parcel = parcels.get(event.trackingNumber);
    if (!parcel) {
      // A parcel of another shop, or one we never created: answered, never stored (the carrier stops).
      unknown.add(event.trackingNumber);
      outcome.unknown++;
      continue;
    }
    const applied = await storeEvent(core, parcel, event);
    if (applied === null) outcome.duplicates++;
    else {
      outcome.recorded++;
      if (applied.advanced && event.status === 'failed_attempt' && parcel.direction === 'outbound')
        failures.push({
          parcel,
          attempt: applied.failedBefore + 1,
          // In the shop's words, the same in her mail, WhatsApp and timeline (issue 73).
          reason: deliveryFailureReason(carrier, event.carrierCode, event.reason),
        });
    }
    const touchedParcels = touched.get(parcel.order_id) ?? new Set<number>();
    touchedParcels.add(parcel.id);
    touched.set(parcel.order_id, touchedParcels);
  }
  if (unknown.size > 0)
    log.warn('tracking events for unknown parcels', {
      carrier,
      events: outcome.unknown,
      parcels: unknown.size,
      trackingNumbers: [...unknown].slice(0, 20),
    });
  // The orders follow their parcels (a duplicate too: an order step its first delivery could not take
  // then, the order being moved between shards, is taken now; a step taken already changes nothing).
  for (const orderId of touched.keys())
    await followParcels(
      c,
      orderId,
      failures.filter((f) => f.parcel.order_id === orderId),
    ).catch((error: unknown) => log.error('order did not follow its parcels', { orderId, error }));
  return outcome;
}

/** The parcels of this carrier that the events name, by tracking number: one query however many. */
async function parcelsOf(
  core: D1Database,
  carrier: CarrierCode,
  events: readonly TrackingEvent[],
): Promise<Map<string, Parcel & { tracking_number: string }>> {
  const numbers = [...new Set(events.map((e) => e.trackingNumber))];
  if (numbers.length === 0) return new Map();
  const { results } = await core
    .prepare(
      `SELECT id, order_id, direction, status, status_rank, failed_attempts, tracking_number FROM shipments
       WHERE carrier = ? AND tracking_number IN (SELECT value FROM json_each(?))`,
    )
    .bind(carrier, JSON.stringify(numbers))
    .all<Parcel & { tracking_number: string }>();
  return new Map(results.map((p) => [p.tracking_number, p]));
}

/**
 * Stores one event; null when the same key was stored before (nothing changes), or the same status at
 * the same time under another key (a carrier re-sending one attempt under a new event id: one event). Advances the parcel's
 * status when the event ranks above its current one, and counts its failed attempts.
 */
async function storeEvent(
  core: D1Database,
  parcel: Parcel,
  e: TrackingEvent,
): Promise<{ advanced: boolean; failedBefore: number } | null> {
  const now = Date.now();
  const inserted = await core
    .prepare(
      `INSERT INTO shipment_events (shipment_id, event_key, status, carrier_code, description, location, reason, at, received_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
       WHERE NOT EXISTS (SELECT 1 FROM shipment_events WHERE shipment_id = ?1 AND status = ?3 AND at = ?8)
       ON CONFLICT (shipment_id, event_key) DO NOTHING RETURNING id`,
    )
    .bind(parcel.id, e.eventKey, e.status, e.carrierCode, e.description, e.location, e.reason, e.at, now)
    .first<{ id: number }>();
  if (!inserted) return null;
  // The attempts that failed before this event, from the events stored (an event at the same time
  // as a failure but stored before it counts as after: carriers report a failure last).
  const failedBefore =
    (await core
      .prepare(
        "SELECT count(*) AS n FROM shipment_events WHERE shipment_id = ? AND status = 'failed_attempt' AND (at < ?2 OR (at = ?2 AND id < ?3)) AND id <> ?3",
      )
      .bind(parcel.id, e.at, inserted.id)
      .first<number>('n')) ?? 0;
  const rank = parcelRank(e.status, failedBefore);
  const [moved] = await core.batch([
    // Only forward, checked as it is written (two deliveries of events at once cannot both move it).
    core
      .prepare(
        'UPDATE shipments SET status = ?, status_rank = ?, last_event_at = ?, updated_at = ? WHERE id = ? AND status_rank < ?',
      )
      .bind(e.status, rank, e.at, now, parcel.id, rank),
    // The attempts before its delivery: a failed attempt reported after "delivered" changes nothing.
    core
      .prepare(
        `UPDATE shipments SET failed_attempts = (SELECT count(*) FROM shipment_events e WHERE e.shipment_id = ?1
           AND e.status = 'failed_attempt' AND e.at < ${DELIVERED_AT('?1')}) WHERE id = ?1`,
      )
      .bind(parcel.id),
  ]);
  return { advanced: (moved!.meta.changes ?? 0) > 0, failedBefore };
}

/**
 * The order's steps as its outbound parcels stand: shipped once one is with the carrier, out for
 * delivery while one is on the way today, delivered when all are; returned (cancelled and refunded)
 * when all came back. Each step is the back office's own (applyStep), once.
 */
async function followParcels(c: StepContext, orderId: number, failures: Failure[]): Promise<void> {
  const core = c.env.DB;
  const { results: parcels } = await core
    .prepare(
      `SELECT id, carrier, status, tracking_number, tracking_url,
         EXISTS (SELECT 1 FROM shipment_events e WHERE e.shipment_id = s.id AND e.status = 'out_for_delivery') AS went_out
       FROM shipments s WHERE order_id = ? AND direction = 'outbound' AND status NOT IN ('queued', 'refused', 'cancelled') ORDER BY id`,
    )
    .bind(orderId)
    .all<Pick<ShipmentRow, 'id' | 'carrier' | 'status' | 'tracking_number' | 'tracking_url'> & { went_out: number }>();
  if (parcels.length === 0) return;
  const route = await orderRoute(c.env, orderId);
  if (route.moving) {
    // Her writes wait for the move's final copy; the next poll (or event) takes the step.
    log.info('order being moved between shards: its tracking steps wait', { orderId });
    return;
  }
  const db = route.db;
  let order = await loadOrder(db, orderId, c.env);
  if (!order) {
    log.warn('parcel of an order that does not exist', { orderId });
    return;
  }
  const step = async (name: Parameters<typeof applyStep>[4], input: Record<string, unknown>, from?: string[]) => {
    try {
      await applyStep(c, null, order!, db, name, input, {
        ...(from ? { from: from as never } : {}),
        action: `order.${name}.tracking`,
      });
    } catch (error) {
      // Someone (a clerk, another delivery of the same event) took it first: nothing to do twice.
      if (!(error instanceof ApiError && error.key === 'transition_not_allowed')) throw error;
    }
    order = (await loadOrder(db, orderId, c.env))!;
  };
  const statuses = parcels.map((p) => p.status);
  const allDelivered = statuses.every((s) => s === 'delivered');
  const allReturned = statuses.every((s) => s === 'returned');
  // Any parcel past its label has left the shop (even one already back: it was shipped first).
  const withCarrier = parcels.find((p) => p.status !== 'created');
  if (withCarrier && ['to_confirm', 'confirmed', 'packed'].includes(stageOf(order))) {
    const first = parcels.find((p) => p.tracking_number) ?? withCarrier;
    await step(
      'ship',
      { carrier: first.carrier, tracking_number: first.tracking_number, tracking_url: first.tracking_url },
      ['to_confirm', 'confirmed', 'packed'],
    );
  }
  // Out for delivery once a courier took a parcel out (its event, even when a poll brought the failed
  // attempt after it in the same run); never after the delivery itself, which says more.
  if (!allDelivered && parcels.some((p) => p.went_out) && stageOf(order) === 'shipped') await step('dispatch', {});
  if (allDelivered && ['shipped', 'out_for_delivery'].includes(stageOf(order))) await step('deliver', {});
  for (const f of failures) await tellFailedAttempt(c, order, db, f);
  if (allReturned && ['shipped', 'out_for_delivery'].includes(stageOf(order))) await returnedOrder(c, order, db);
  else if (statuses.includes('returned') && !allReturned)
    // Part delivered, part back: what to refund is a clerk's call (the returns' refund rules).
    log.warn('a parcel of an order in several parcels came back: staff decide its refund', { orderId });
}

/** A failed attempt: her mail, WhatsApp and push, in her order's language, once per attempt. */
async function tellFailedAttempt(c: StepContext, order: Order, db: D1Database, f: Failure): Promise<void> {
  if (order.status !== 'shipped') return; // delivered or cancelled meanwhile: nothing to choose
  const now = Date.now();
  const batch = new SplitBatch(db, c.env.DB);
  batch.toCore(
    ...(await orderUpdateStatements(
      c.env.DB,
      order,
      { kind: 'delivery_failed', reason: f.reason },
      {
        dedupe: `delivery_failed:${f.parcel.id}:${f.attempt}`,
        now,
        siteOrigin: c.var.config.SITE_ORIGIN,
        secret: c.var.config.TOKEN_SECRET,
        ...(batch.split ? { shard: { db, statements: batch.order } } : {}),
      },
    )),
  );
  if (batch.split && batch.order.length) await db.batch(batch.order);
  const written = await c.env.DB.batch(batch.split ? batch.core : batch.order);
  // The push once: only when this attempt's mail (or message) was queued now, not on a repeat.
  const queued = written.some((r) => (r.meta.changes ?? 0) > 0);
  const userId = order.user_id;
  if (queued && userId !== null)
    pushAfter(c, () =>
      pushToUser(c.env, userId, 'order_status', (lang) => orderStatusPush(lang, 'delivery_failed', order.id)!),
    );
}
