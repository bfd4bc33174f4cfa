// The local carrier: a carrier that needs no outside service (CARRIER_MODE=local, the default in
// development and tests). It keeps its parcels in D1 (local_parcels, migration 0071), prints a plain
// 4×6 label, and reports the events a tester adds on its sandbox page, like the payment sandbox.
import { hmacHex } from '#shared/api/signing';
import { timingSafeEqualText } from '#shared/bytes';
import { plainLabel } from './label';
import { markEvent, type StatusMark } from './status-marks';
import { PARCEL_STATUSES } from '#shared/api/parcel-facts';
import type { Carrier, CarrierCode, CreatedShipment, ParcelStatus, TrackingEvent } from './types';
import { CarrierRefused, WebhookMalformed, WebhookRejected } from './types';
import { countriesServedBy } from '#shared/countries/rules';

/** The header the local carrier's webhook is signed in: HMAC-SHA256 of the body with the secret. */
const LOCAL_WEBHOOK_HEADER = 'x-local-carrier-signature';

export function signLocalWebhook(secret: string, body: string): Promise<string> {
  return hmacHex(secret, `local-carrier|${body}`);
}

export function localCarrier(
  db: D1Database,
  code: CarrierCode = 'local',
  /** Signs its webhook (readWebhook), which tests and tools use to push events as a real carrier would. */
  options: { webhookSecret?: string } = {},
): Carrier {
  return {
    code,
    countries: countriesServedBy(code),
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
    async requestRedelivery(trackingNumber, request) {
      // The local carrier keeps the shopper's answer with its parcel, as a real one keeps it on its side.
      await db
        .prepare(
          "UPDATE local_parcels SET payload = json_set(payload, '$.redelivery', json(?)) WHERE tracking_number = ?",
        )
        .bind(JSON.stringify(request), trackingNumber)
        .run();
    },
    async readWebhook(request) {
      const body = await request.text();
      const given = request.headers.get(LOCAL_WEBHOOK_HEADER) ?? '';
      if (!options.webhookSecret || !given) throw new WebhookRejected('unsigned');
      if (!timingSafeEqualText(given, await signLocalWebhook(options.webhookSecret, body)))
        throw new WebhookRejected('bad signature');
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new WebhookMalformed('not JSON');
      }
      // `null`, a list or a number parse too: only an object with a list of events is a delivery.
      const events = parsed !== null && typeof parsed === 'object' ? (parsed as { events?: unknown }).events : null;
      if (!Array.isArray(events)) throw new WebhookMalformed('no events');
      return events.map((e: unknown): TrackingEvent => {
        if (e === null || typeof e !== 'object') throw new WebhookMalformed('an event is not an object');
        const event = e as Record<string, unknown>;
        if (typeof event.tracking_number !== 'string' || !PARCEL_STATUSES.includes(event.status as ParcelStatus))
          throw new WebhookMalformed('bad event');
        return {
          trackingNumber: event.tracking_number,
          eventKey: String(event.id ?? `${event.tracking_number}-${event.status}-${event.at}`),
          status: event.status as ParcelStatus,
          carrierCode: String(event.status).toUpperCase(),
          description: String(event.status).replaceAll('_', ' '),
          location: null,
          reason: typeof event.reason === 'string' ? event.reason : null,
          at: typeof event.at === 'number' ? event.at : Date.now(),
        };
      });
    },
    async track(trackingNumbers) {
      if (trackingNumbers.length === 0) return [];
      const marks = trackingNumbers.map(() => '?').join(',');
      const { results } = await db
        .prepare(
          `SELECT id, tracking_number, status, reason, at FROM local_parcel_events WHERE tracking_number IN (${marks}) ORDER BY id`,
        )
        .bind(...trackingNumbers)
        .all<StatusMark>();
      return results.map((row) => markEvent('local', row));
    },
  };
}

/** A stable number per reference, so a retried creation finds the same parcel. */
function localTrackingNumber(reference: string): string {
  let hash = 2166136261;
  for (const ch of reference) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `LC${String(hash).padStart(10, '0')}`;
}
