// The local carrier: a carrier that needs no outside service (CARRIER_MODE=local, the default in
// development and tests). It keeps its parcels in D1 (local_parcels, migration 0071), prints a plain
// 4×6 label, and reports the events a tester adds on its sandbox page, like the payment sandbox.
import { plainLabel } from './label';
import type { Carrier, CarrierCode, CreatedShipment, ParcelStatus, TrackingEvent } from './types';
import { CarrierRefused } from './types';

export function localCarrier(db: D1Database, code: CarrierCode = 'local'): Carrier {
  return {
    code,
    countries: ['KW', 'SA'],
    collectsCash: true,
    pushesEvents: false,
    async createShipment(request) {
      // A consignee without a phone is refused, as real carriers refuse it: staff see the reason.
      if (!/^\+\d{8,15}$/.test(request.consignee.phone))
        throw new CarrierRefused(code, 'INVALID_PHONE', `Consignee phone "${request.consignee.phone}" is not valid`);
      const existing = await db
        .prepare('SELECT tracking_number FROM local_parcels WHERE reference = ?')
        .bind(request.reference)
        .first<{ tracking_number: string }>();
      const trackingNumber = existing?.tracking_number ?? localTrackingNumber(request.reference);
      if (!existing) {
        const now = Date.now();
        await db.batch([
          db
            .prepare(
              "INSERT INTO local_parcels (tracking_number, reference, country, payload, status, created_at) VALUES (?, ?, ?, ?, 'created', ?) ON CONFLICT (reference) DO NOTHING",
            )
            .bind(trackingNumber, request.reference, request.consignee.country, JSON.stringify(request), now),
          db
            .prepare("INSERT INTO local_parcel_events (tracking_number, status, at) VALUES (?, 'created', ?)")
            .bind(trackingNumber, now),
        ]);
      }
      return {
        trackingNumber,
        trackingUrl: null,
        label: await plainLabel(request, trackingNumber, code),
        labelSize: '4x6',
      } satisfies CreatedShipment;
    },
    async bookPickup(request) {
      return { carrierRef: `LP-${request.day.replaceAll('-', '')}-${request.trackingNumbers.length}` };
    },
    async track(trackingNumbers) {
      if (trackingNumbers.length === 0) return [];
      const marks = trackingNumbers.map(() => '?').join(',');
      const { results } = await db
        .prepare(
          `SELECT id, tracking_number, status, reason, at FROM local_parcel_events WHERE tracking_number IN (${marks}) ORDER BY id`,
        )
        .bind(...trackingNumbers)
        .all<{ id: number; tracking_number: string; status: ParcelStatus; reason: string | null; at: number }>();
      return results.map(
        (row): TrackingEvent => ({
          trackingNumber: row.tracking_number,
          eventKey: `local-${row.id}`,
          status: row.status,
          carrierCode: row.status.toUpperCase(),
          description: row.status.replaceAll('_', ' '),
          location: null,
          reason: row.reason,
          at: row.at,
        }),
      );
    },
  };
}

/** A stable number per reference, so a retried creation finds the same parcel. */
function localTrackingNumber(reference: string): string {
  let hash = 2166136261;
  for (const ch of reference) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `LC${String(hash).padStart(10, '0')}`;
}
