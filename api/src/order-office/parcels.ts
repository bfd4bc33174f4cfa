// The back office's order page shows the order's parcels, their carrier events and her answers to
// failed attempts: a read of shipping's tables, kept with the page that shows it (shipping imports the
// back office's order steps, so the page's read cannot live in shipping/: decision 69).
import type { RedeliveryRequestRow, ShipmentRow } from '#api/src/db/rows';

/** The back office's view of an order's parcels: each parcel, its events, and her answers to failed attempts. */
export async function staffTracking(db: D1Database, orderId: number) {
  const [parcels, events, requests] = await db.batch([
    db
      .prepare(
        'SELECT id, direction, carrier, status, tracking_number, failed_attempts, carrier_error FROM shipments WHERE order_id = ? ORDER BY id',
      )
      .bind(orderId),
    db
      .prepare(
        `SELECT e.id, e.shipment_id, e.status, e.carrier_code, e.description, e.location, e.reason, e.at
         FROM shipment_events e JOIN shipments s ON s.id = e.shipment_id WHERE s.order_id = ? ORDER BY e.at, e.id`,
      )
      .bind(orderId),
    db
      .prepare(
        'SELECT id, shipment_id, attempt, kind, day, address, phone, status, carrier_error, created_at FROM redelivery_requests WHERE order_id = ? ORDER BY id',
      )
      .bind(orderId),
  ]);
  return {
    parcels: parcels!.results as unknown as Array<
      Pick<
        ShipmentRow,
        'id' | 'direction' | 'carrier' | 'status' | 'tracking_number' | 'failed_attempts' | 'carrier_error'
      >
    >,
    events: events!.results as unknown as Array<{
      id: number;
      shipment_id: number;
      status: ShipmentRow['status'];
      carrier_code: string | null;
      description: string | null;
      location: string | null;
      reason: string | null;
      at: number;
    }>,
    redelivery: (requests!.results as unknown as Omit<RedeliveryRequestRow, 'order_id'>[]).map((r) => ({
      ...r,
      address: r.address ? (JSON.parse(r.address) as string[]) : null,
    })),
  };
}
