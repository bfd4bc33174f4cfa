// Creating a queued parcel at its carrier (the queue's consumer, ./queue.ts). Never lost, never doubled:
// the parcel stays 'queued' until its carrier answers; its reference makes a retry find the same parcel
// at the carrier; the 'created' update only moves a queued row. A refusal is kept with the carrier's
// code and words for staff and not retried until they press retry; a carrier down is retried with a backoff.
import { companyEntity } from '#shared/company';
import { carrierFor } from '#api/src/carriers';
import {
  type Carrier,
  CarrierRefused,
  CarrierUnavailable,
  type CarrierCode,
  type Party,
  type PartyAddress,
} from '#api/src/carriers/types';
import { apiConfig } from '#api/src/lib/config';
import { log } from '#api/src/lib/log';
import { shipOrderFromCarrier } from '#api/src/order-office/ship-step';
import { orderAt } from './ship';
import { isShipmentMessage, retryDelaySeconds } from './queue';
import type { CountryCode, CurrencyCode } from '#shared/locale';
import { ADDRESS } from '#shared/countries/address';
import { WAREHOUSE } from '#shared/countries/delivery';

interface ShipmentRow {
  id: number;
  order_id: number;
  country: CountryCode;
  carrier: CarrierCode;
  speed: 'same_day' | 'next_day' | 'standard';
  status: string;
  reference: string;
  weight_grams: number;
  cod_amount: number;
  currency: CurrencyCode;
  create_tries: number;
  staff_id: number | null;
}

/** What staff read of the last failure: the carrier's code and words as they came. */
interface CarrierError {
  kind: 'refused' | 'unavailable';
  code: string | null;
  message: string;
}

export type CreateOutcome = 'created' | 'refused' | 'unavailable' | 'skipped';

/** The consignee as the carrier needs her: name, phone, lines, Latin city name. */
async function consigneeOf(env: ApiEnv, order: { address: string; country: CountryCode }): Promise<Party> {
  const a = JSON.parse(order.address) as Record<string, unknown>;
  const { zone, placeField, lineFields: keys } = ADDRESS[order.country];
  const text = (k: string) => (typeof a[k] === 'string' && a[k] ? (a[k] as string) : null);
  // The place names in both languages: the label prints the address in English and in Arabic.
  const place = await env.DB.prepare(
    zone === 'area'
      ? `SELECT a.name_en, a.name_ar, g.name_en AS region_en, g.name_ar AS region_ar
         FROM areas a JOIN governorates g ON g.id = a.governorate_id WHERE a.id = ?`
      : 'SELECT name_en, name_ar, NULL AS region_en, NULL AS region_ar FROM dhl_cities WHERE id = ?',
  )
    .bind(Number(a[placeField]))
    .first<{ name_en: string; name_ar: string; region_en: string | null; region_ar: string | null }>();
  const parts = Object.fromEntries(
    [...keys, 'postal_code' as const].flatMap((k) => (text(k) ? [[k, text(k)!]] : [])),
  ) as PartyAddress['parts'];
  return {
    name: text('recipient') ?? '',
    phone: text('phone') ?? '',
    lines: keys.map((k) => text(k)).filter((v): v is string => v !== null),
    city: place?.name_en ?? '',
    country: order.country,
    ...(text('postal_code') ? { postalCode: text('postal_code')! } : {}),
    address: {
      parts,
      places: {
        en: { area: place?.name_en ?? '', region: place?.region_en ?? null },
        ar: { area: place?.name_ar ?? '', region: place?.region_ar ?? null },
      },
    },
  };
}

export interface CreateOptions {
  /** The carrier adapter for a code (tests pass one that is down); default carrierFor. */
  carrier?: (code: CarrierCode) => Carrier;
}

/** One try at the carrier for a queued parcel. */
export async function createAtCarrier(
  env: ApiEnv,
  shipmentId: number,
  options: CreateOptions = {},
): Promise<CreateOutcome> {
  const shipment = await env.DB.prepare('SELECT * FROM shipments WHERE id = ?').bind(shipmentId).first<ShipmentRow>();
  // Created already (a redelivered message), refused (waits for staff), or gone: nothing to do.
  if (shipment?.status !== 'queued') return 'skipped';
  const { order, db } = await orderAt(env, shipment.order_id);
  const { results: items } = await env.DB.prepare('SELECT count FROM shipment_items WHERE shipment_id = ?')
    .bind(shipment.id)
    .all<{ count: number }>();
  const company = companyEntity(shipment.country);
  const carrier = options.carrier?.(shipment.carrier) ?? carrierFor(env, apiConfig(env), shipment.carrier);
  const now = Date.now();
  const fail = (e: CarrierError, status: 'queued' | 'refused') =>
    env.DB.prepare(
      "UPDATE shipments SET status = ?, create_tries = create_tries + 1, carrier_error = ?, updated_at = ? WHERE id = ? AND status = 'queued'",
    )
      .bind(status, JSON.stringify(e), now, shipment.id)
      .run();
  let created: Awaited<ReturnType<typeof carrier.createShipment>>;
  try {
    created = await carrier.createShipment({
      reference: shipment.reference,
      orderNumber: String(order.id),
      direction: 'outbound',
      speed: shipment.speed,
      shipper: {
        name: company.legalName.en,
        phone: company.phone,
        lines: [company.address.en],
        city: WAREHOUSE[shipment.country].city,
        country: shipment.country,
      },
      consignee: await consigneeOf(env, order),
      weightGrams: shipment.weight_grams,
      pieces: items.reduce((sum, i) => sum + i.count, 0),
      description: 'Food supplements',
      value: order.total,
      codAmount: shipment.cod_amount,
      currency: shipment.currency,
    });
  } catch (error) {
    if (error instanceof CarrierRefused) {
      await fail({ kind: 'refused', code: error.carrierCode, message: error.carrierMessage }, 'refused');
      return 'refused';
    }
    const detail = error instanceof CarrierUnavailable ? error.detail : String(error);
    await fail({ kind: 'unavailable', code: null, message: detail }, 'queued');
    return 'unavailable';
  }
  const labelKey = `labels/${shipment.id}.pdf`;
  await env.UPLOADS.put(labelKey, created.label, { httpMetadata: { contentType: 'application/pdf' } });
  const moved = await env.DB.prepare(
    `UPDATE shipments SET status = 'created', tracking_number = ?, tracking_url = ?, label_key = ?, label_size = ?,
       create_tries = create_tries + 1, carrier_error = NULL, status_rank = 1, updated_at = ? WHERE id = ? AND status = 'queued'`,
  )
    .bind(created.trackingNumber, created.trackingUrl, labelKey, created.labelSize, now, shipment.id)
    .run();
  if (moved.meta.changes === 0) return 'skipped';
  // The first parcel ships the order (once: the step's guarded row); later parcels change nothing there.
  await shipOrderFromCarrier(
    env,
    order,
    db,
    { carrier: shipment.carrier, trackingNumber: created.trackingNumber, trackingUrl: created.trackingUrl },
    shipment.staff_id,
  );
  return 'created';
}

/** The queue's shipment messages: acked when done or refused, retried with a backoff when the carrier is down. */
export async function consumeShipments(
  messages: readonly Message<unknown>[],
  env: ApiEnv,
  options: CreateOptions = {},
): Promise<void> {
  for (const message of messages) {
    if (!isShipmentMessage(message.body)) {
      message.ack();
      continue;
    }
    try {
      const outcome = await createAtCarrier(env, message.body.shipmentId, options);
      if (outcome === 'unavailable') message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      else message.ack();
    } catch (error) {
      log.error('shipments: creation failed, will retry', { error, ...message.body });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
