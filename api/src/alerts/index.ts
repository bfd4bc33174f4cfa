// Back-in-stock and price-drop alerts. The change that causes an alert writes an event row in
// its own D1 batch (catalogue/back-in-stock.ts, priceDropStatement below) and then sends a message to
// the shop-alerts queue (api/wrangler.toml); the queue's consumer (./consumer.ts) does the alert work,
// never the shopper's or the clerk's request. The one-minute cron re-sends events still unprocessed
// after a minute, so a send that was lost (the worker stopped, the queue refused) is recovered.
import { log } from '../lib/log';

/** A wave mails at most the stock available now times this many waiting shoppers. */
export const WAVE_FACTOR = 3;
/** The wait before the next wave, when people still wait and stock remains. */
export const WAVE_DELAY_SECONDS = 30 * 60;
/** Cloudflare Queues delay a message by at most 12 hours. */
export const MAX_DELAY_SECONDS = 12 * 60 * 60;
/** A notify-me request older than this is expired (deleted) instead of alerted. */
export const REQUEST_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/** At most one alert (of any kind) per person in this window; the others keep waiting. */
export const PERSON_GAP_MS = 24 * 60 * 60 * 1000;
/** A price-drop wave mails at most this many owners; the rest go in the next message at once. */
export const PRICE_WAVE_SIZE = 200;
/** An order within this long after an alert, containing the alerted SKU, counts as its purchase. */
export const CONVERSION_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** The cron re-sends events older than this that are still unprocessed. */
const LOST_EVENT_AFTER_MS = 60 * 1000;

export type AlertKind = 'back_in_stock' | 'price_drop';

/**
 * A shop-alerts message. Without eventId: "this SKU has a new event" (sent by the change, or by the
 * cron); the consumer takes the SKU's newest unprocessed event and runs its first wave. With eventId
 * and wave: a later wave of that event's run (sent by the consumer itself, with a delay).
 */
export interface AlertMessage {
  kind: AlertKind;
  skuId: number;
  eventId?: number;
  wave?: number;
}

export function isAlertMessage(value: unknown): value is AlertMessage {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  const int = (v: unknown) => Number.isSafeInteger(v) && (v as number) > 0;
  return (
    (m.kind === 'back_in_stock' || m.kind === 'price_drop') &&
    int(m.skuId) &&
    (m.eventId === undefined || int(m.eventId)) &&
    (m.wave === undefined || int(m.wave))
  );
}

type AlertQueueEnv = { ALERTS?: Queue };

/** Sends the messages; a failure is logged only: the cron re-sends the events a minute later. */
export async function sendAlerts(env: AlertQueueEnv, messages: AlertMessage[]): Promise<void> {
  if (messages.length === 0) return;
  if (!env.ALERTS) {
    log.warn('alerts queue not bound: the cron will pick the events up', { count: messages.length });
    return;
  }
  try {
    await env.ALERTS.sendBatch(messages.map((body) => ({ body, contentType: 'json' as const })));
  } catch (error) {
    log.warn('alerts queue send failed: the cron will pick the events up', { error });
  }
}

/**
 * After a request's batch wrote events: the queue send runs once the answer is on its way
 * (executionCtx.waitUntil), so the request never waits on the queue.
 */
export function announceAlerts(
  c: { env: AlertQueueEnv; executionCtx: { waitUntil(promise: Promise<unknown>): void } },
  kind: AlertKind,
  skuIds: readonly number[],
): void {
  const messages = [...new Set(skuIds)].map((skuId) => ({ kind, skuId }));
  if (messages.length === 0) return;
  let ctx: { waitUntil(promise: Promise<unknown>): void };
  try {
    ctx = c.executionCtx;
  } catch {
    return; // no execution context (called outside a worker): the cron sends it
  }
  ctx.waitUntil.call(ctx, sendAlerts(c.env, messages));
}

/**
 * The price-drop event for the batch of a back-office price change: written only when the new price is
 * below the old one (only then can an owner's alert be due).
 */
export function priceDropStatement(
  db: D1Database,
  skuId: number,
  oldPrice: number,
  newPrice: number,
  at = Date.now(),
): D1PreparedStatement[] {
  if (!(newPrice < oldPrice)) return [];
  return [
    db
      .prepare(
        'INSERT INTO price_drop_events (sku_id, old_price, new_price, at, processed_at) VALUES (?, ?, ?, ?, NULL)',
      )
      .bind(skuId, oldPrice, newPrice, at),
  ];
}

/** The cron's recovery: one message per SKU with an event still unprocessed after a minute. */
export async function resendLostEvents(env: { DB: D1Database } & AlertQueueEnv, now = Date.now()): Promise<number> {
  const before = now - LOST_EVENT_AFTER_MS;
  const [restocks, drops] = await env.DB.batch<{ sku_id: number }>([
    env.DB.prepare(
      'SELECT DISTINCT sku_id FROM back_in_stock_events WHERE processed_at IS NULL AND at <= ? LIMIT 100',
    ).bind(before),
    env.DB.prepare(
      'SELECT DISTINCT sku_id FROM price_drop_events WHERE processed_at IS NULL AND at <= ? LIMIT 100',
    ).bind(before),
  ]);
  const messages: AlertMessage[] = [
    ...restocks!.results.map((r) => ({ kind: 'back_in_stock' as const, skuId: r.sku_id })),
    ...drops!.results.map((r) => ({ kind: 'price_drop' as const, skuId: r.sku_id })),
  ];
  await sendAlerts(env, messages);
  return messages.length;
}
