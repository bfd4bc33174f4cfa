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
