// The shipments' messages on the shop-alerts queue (decision 30's queue, api/wrangler.toml): one message
// per parcel to create at its carrier. The queue retries with a backoff when the carrier is down or slow;
// the parcel's reference (unique, sent to the carrier) makes a retry find the same parcel, never a second.
import { log } from '#api/src/lib/log';

export interface ShipmentMessage {
  kind: 'create_shipment';
  shipmentId: number;
}

export function isShipmentMessage(value: unknown): value is ShipmentMessage {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  return m.kind === 'create_shipment' && Number.isSafeInteger(m.shipmentId) && (m.shipmentId as number) > 0;
}

/** The wait before the next try: 30 s, 1, 2, 4… minutes, at most 15. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 15 * 60);
}

/** Sends the parcels' messages; a failure is logged: the parcel stays queued and staff press retry. */
export async function sendShipments(env: { ALERTS?: Queue }, shipmentIds: readonly number[]): Promise<void> {
  if (shipmentIds.length === 0) return;
  if (!env.ALERTS) {
    log.warn('shipments: queue not bound', { count: shipmentIds.length });
    return;
  }
  try {
    await env.ALERTS.sendBatch(
      shipmentIds.map((shipmentId) => ({
        body: { kind: 'create_shipment', shipmentId } satisfies ShipmentMessage,
        contentType: 'json' as const,
      })),
    );
  } catch (error) {
    log.warn('shipments: queue send failed, the parcels stay queued', { error });
  }
}

/** A queued parcel untouched this long lost its message (a send that failed, a message past its
 * retries while the carrier was down): longer than the longest backoff, so the queue's own retries
 * come first. */
export const STALE_QUEUED_MS = 30 * 60 * 1000;

/** The cron's recovery: queued parcels nobody touched for STALE_QUEUED_MS are sent to the queue again
 * (their reference makes a second message harmless). */
export async function resendStaleShipments(env: { DB: D1Database; ALERTS?: Queue }, now = Date.now()): Promise<number> {
  const { results } = await env.DB.prepare(
    "SELECT id FROM shipments WHERE status = 'queued' AND updated_at <= ? ORDER BY id LIMIT 50",
  )
    .bind(now - STALE_QUEUED_MS)
    .all<{ id: number }>();
  if (results.length === 0) return 0;
  // Touched now, so the next minute's run does not send them again while they wait in the queue.
  await env.DB.prepare(
    "UPDATE shipments SET updated_at = ? WHERE status = 'queued' AND id IN (SELECT value FROM json_each(?))",
  )
    .bind(now, JSON.stringify(results.map((r) => r.id)))
    .run();
  await sendShipments(
    env,
    results.map((r) => r.id),
  );
  return results.length;
}
