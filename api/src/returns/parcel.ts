// The parcel coming back (issue 62): a `shipments` row with direction 'return', created through the
// carrier adapter (carrierFor; the local carrier in development and tests) with her address as the
// shipper and the shop as the consignee. The carrier collects it (a pickup booked for her country's next day)
// or, when no pickup could be booked, she prints the label. The row is stored before the carrier is
// asked, so a carrier that is down leaves it 'queued' with its error (staff see it and try again from
// the returns queue); a refusal leaves it 'refused' with the carrier's words. Her request stands either way.
import { addDays } from '#shared/gulf-days';
import { countryDate } from '#shared/country-days';
import { type CarrierConfig, carrierFor } from '../carriers';
import { type Carrier, type CarrierCode, CarrierRefused, type Party } from '../carriers/types';
import { log } from '../lib/log';
import type { CountryCode, CurrencyCode } from '#shared/countries';
import { WAREHOUSE } from '#shared/countries/delivery';
import { CARRIERS } from '#shared/countries/rules';

/** Where returns go: the shop's returns warehouse in the country (its module's published address). */
function shopReturnParty(country: CountryCode): Party {
  const { lines, ...party } = WAREHOUSE[country].returns;
  return { ...party, lines: [...lines], country };
}

const ADDRESS_LINES = [
  'block',
  'street',
  'avenue',
  'building',
  'house',
  'floor',
  'apartment',
  'district',
  'short_address',
  'address_line',
  'line1',
  'line2',
];

/** Her address snapshot as a carrier's party (Latin city names where the snapshot has them). */
function shopperParty(address: Record<string, unknown>, country: CountryCode): Party {
  const text = (k: string) =>
    typeof address[k] === 'string' || typeof address[k] === 'number' ? String(address[k]) : '';
  return {
    name: text('recipient') || 'Customer',
    phone: text('phone'),
    lines: ADDRESS_LINES.map(text).filter(Boolean),
    city: text('area_name') || text('city_name') || text('city') || WAREHOUSE[country].city,
    country,
  };
}

export interface ParcelReturn {
  id: number;
  order_id: number;
  country: CountryCode;
  currency: CurrencyCode;
  pieces: number;
  value: number;
  address: Record<string, unknown>;
}

export type ParcelOutcome = 'pickup_booked' | 'label_ready' | 'queued' | 'refused';

/** The carrier the return goes with (the order's outbound parcel's, else the country's). */
async function returnCarrierCode(db: D1Database, orderId: number, country: CountryCode): Promise<CarrierCode> {
  const outbound = await db
    .prepare("SELECT carrier FROM shipments WHERE order_id = ? AND direction = 'outbound' ORDER BY id DESC LIMIT 1")
    .bind(orderId)
    .first<{ carrier: CarrierCode }>();
  // The carrier of the order's own parcel when it had one, else the one the country's returns go back with.
  return outbound?.carrier ?? CARRIERS[country].returns;
}

/** Books the return's parcel with the carrier `env`'s configuration picks. */
export async function bookReturnParcel(
  env: ApiEnv,
  config: CarrierConfig,
  ret: ParcelReturn,
  now = Date.now(),
): Promise<ParcelOutcome> {
  const code = await returnCarrierCode(env.DB, ret.order_id, ret.country);
  let carrier: Carrier | null = null;
  try {
    carrier = carrierFor(env, config, code);
  } catch (error) {
    log.error('no carrier adapter for a return', { returnId: ret.id, code, error });
  }
  return bookWith(env, carrier, code, ret, now);
}

/**
 * The parcel's row (once: its reference is the return's), then the carrier's label and a pickup. A
 * missing adapter (`carrier` null) counts as the carrier being unavailable.
 */
export async function bookWith(
  env: ApiEnv,
  carrier: Carrier | null,
  code: CarrierCode,
  ret: ParcelReturn,
  now = Date.now(),
): Promise<ParcelOutcome> {
  const db = env.DB;
  const reference = `return-${ret.id}`;
  const [, , stored] = await db.batch([
    db
      .prepare(
        `INSERT INTO shipments (order_id, country, direction, carrier, speed, status, reference, weight_grams, currency, created_at, updated_at)
         VALUES (?, ?, 'return', ?, 'standard', 'queued', ?, ?, ?, ?, ?) ON CONFLICT (reference) DO NOTHING`,
      )
      .bind(ret.order_id, ret.country, code, reference, 500 * Math.max(1, ret.pieces), ret.currency, now, now),
    db
      .prepare('UPDATE returns SET shipment_id = (SELECT id FROM shipments WHERE reference = ?) WHERE id = ?')
      .bind(reference, ret.id),
    db.prepare('SELECT id, status, carrier FROM shipments WHERE reference = ?').bind(reference),
  ]);
  const shipment = stored!.results[0] as { id: number; status: string; carrier: CarrierCode };
  if (shipment.status !== 'queued') return shipment.status === 'refused' ? 'refused' : 'label_ready';
  const shopper = shopperParty(ret.address, ret.country);
  const failed = async (status: 'queued' | 'refused', error: string) => {
    await db
      .prepare(
        'UPDATE shipments SET status = ?, create_tries = create_tries + 1, carrier_error = ?, updated_at = ? WHERE id = ?',
      )
      .bind(status, error.slice(0, 500), now, shipment.id)
      .run();
    return status;
  };
  if (!carrier) return failed('queued', `no adapter for ${code}`);
  let created: Awaited<ReturnType<Carrier['createShipment']>>;
  try {
    created = await carrier.createShipment({
      reference,
      orderNumber: String(ret.order_id),
      direction: 'return',
      speed: 'standard',
      shipper: shopper,
      consignee: shopReturnParty(ret.country),
      weightGrams: 500 * Math.max(1, ret.pieces),
      pieces: ret.pieces,
      description: 'Food supplements (return)',
      value: ret.value,
      codAmount: 0,
      currency: ret.currency,
    });
  } catch (error) {
    if (error instanceof CarrierRefused) return failed('refused', `${error.carrierCode}: ${error.carrierMessage}`);
    log.error('return parcel not created: the carrier will be asked again', { returnId: ret.id, error });
    return failed('queued', error instanceof Error ? error.message : String(error));
  }
  const labelKey = `labels/${reference}.pdf`;
  await env.UPLOADS.put(labelKey, created.label, { httpMetadata: { contentType: 'application/pdf' } });
  // A pickup the next day of her country from her address; if it cannot be booked she takes the labelled parcel in.
  const day = addDays(countryDate(ret.country, now), 1);
  let pickupRef: string | null = null;
  try {
    pickupRef = (
      await carrier.bookPickup({
        day,
        readyMinute: 9 * 60,
        closeMinute: 17 * 60,
        address: shopper,
        trackingNumbers: [created.trackingNumber],
        pieces: ret.pieces,
        weightGrams: 500 * Math.max(1, ret.pieces),
      })
    ).carrierRef;
  } catch (error) {
    log.error('return pickup not booked: she gets the label', { returnId: ret.id, error });
  }
  const outcome = pickupRef ? 'pickup_booked' : 'label_ready';
  await db.batch([
    ...(pickupRef
      ? [
          db
            .prepare(
              "INSERT INTO pickups (carrier, country, day, carrier_ref, status, created_at) VALUES (?, ?, ?, ?, 'booked', ?)",
            )
            .bind(code, ret.country, day, pickupRef, now),
        ]
      : []),
    db
      .prepare(
        `UPDATE shipments SET status = 'created', tracking_number = ?, tracking_url = ?, label_key = ?, label_size = ?,
           create_tries = create_tries + 1, carrier_error = NULL, updated_at = ?,
           pickup_id = ${pickupRef ? '(SELECT max(id) FROM pickups)' : 'pickup_id'} WHERE id = ? AND status = 'queued'`,
      )
      .bind(created.trackingNumber, created.trackingUrl, labelKey, created.labelSize, now, shipment.id),
    // The return's step, once, and only from 'requested' (staff may have received it meanwhile).
    db
      .prepare(
        "INSERT INTO return_events (return_id, kind, at) SELECT id, ?, ? FROM returns WHERE id = ? AND status = 'requested' ON CONFLICT DO NOTHING",
      )
      .bind(outcome, now, ret.id),
    db
      .prepare("UPDATE returns SET status = ?, updated_at = ? WHERE id = ? AND status = 'requested'")
      .bind(outcome, now, ret.id),
  ]);
  return outcome;
}
