// After a failed delivery attempt (issue 62): what her order page shows of the parcel (its events, the
// days she may choose, her answer) and her answer itself, another delivery day from the delivery rules
// (api/src/delivery/rules.ts) or her corrected address and phone, stored (redelivery_requests) and sent
// to the carrier when its adapter can take it; otherwise staff see it on the order page and call.
import { REDELIVERY_DAYS, type RedeliveryInput } from '#shared/orders/redelivery';
import type { OrderTracking, OrderView } from '#shared/orders/types';
import { addDays } from '#shared/gulf-days';
import { countryDate, workingDaysOf } from '#shared/country-days';
import { WEEK } from '#shared/countries/delivery';
import type { CountryCode, Lang } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { nationalNumber } from '#shared/api/address-facts';
import { isMobileNumber } from '#shared/phone/mobile';
import { carrierFor } from '#api/src/carriers';
import { deliveryFailureReason } from '#api/src/carriers/failure-reasons';
import type { CarrierCode, ParcelStatus } from '#api/src/carriers/types';
import type { RedeliveryRequestRow, ShipmentRow } from '#api/src/db/rows';
import { dayText, deliveryStatement, holidaysFrom, readDelivery } from '#api/src/delivery/rules';
import { ApiError } from '#api/src/lib/errors';
import { log } from '#api/src/lib/log';
import { DELIVERED_AT } from './ranks';
import type { StepContext } from '#api/src/order-office/common';

/**
 * The next delivery days from tomorrow on the country's clocks, by its rules and holidays; when the owner
 * set no rules, its working week (its module's weekend left out: Sunday to Thursday in Kuwait, Monday to
 * Friday in the Emirates).
 */
async function redeliveryDays(db: D1Database, country: CountryCode, now: number): Promise<string[]> {
  const delivery = readDelivery(country, now, await deliveryStatement(db, country, now).all());
  const today = countryDate(country, now);
  const days = delivery?.rules.deliveryDays ?? workingDaysOf(WEEK[country]);
  const holidays = delivery?.holidays ?? holidaysFrom(country, today, []);
  const out: string[] = [];
  for (let d = addDays(today, 1), i = 0; out.length < REDELIVERY_DAYS && i < 60; d = addDays(d, 1), i++)
    if (days.includes(new Date(`${d}T00:00:00Z`).getUTCDay()) && !holidays.has(d)) out.push(d);
  return out;
}

type OpenParcel = Pick<ShipmentRow, 'id' | 'carrier' | 'tracking_number' | 'failed_attempts' | 'status'>;

/** The outbound parcel waiting for her answer: its last event a failed attempt. */
function openParcel(db: D1Database, orderId: number): Promise<OpenParcel | null> {
  return db
    .prepare(
      "SELECT id, carrier, tracking_number, failed_attempts, status FROM shipments WHERE order_id = ? AND direction = 'outbound' AND status = 'failed_attempt' ORDER BY id DESC LIMIT 1",
    )
    .bind(orderId)
    .first<OpenParcel>();
}

/** Her order page's parcel part: every event, and after a failed attempt the days or her answer. */
export async function orderTracking(
  db: D1Database,
  order: { id: number; country: CountryCode },
  lang: Lang,
  now = Date.now(),
): Promise<OrderTracking | null> {
  const [events, requests, open] = await db.batch([
    db
      .prepare(
        // Nothing after a parcel's delivery (a late "failed attempt"): the delivery is its last step.
        `SELECT e.status, e.at, e.reason, e.carrier_code, s.carrier FROM shipment_events e JOIN shipments s ON s.id = e.shipment_id
         WHERE s.order_id = ? AND s.direction = 'outbound' AND e.status <> 'created' AND e.at <= ${DELIVERED_AT('s.id')}
         ORDER BY e.at, e.id`,
      )
      .bind(order.id),
    db
      .prepare(
        // Every answer (one per failed attempt, a handful at most): the page's timeline lists each.
        'SELECT r.kind, r.day, r.status, r.attempt, r.created_at, r.shipment_id, r.address, r.phone FROM redelivery_requests r WHERE r.order_id = ? ORDER BY r.id',
      )
      .bind(order.id),
    db
      .prepare(
        "SELECT id, failed_attempts FROM shipments WHERE order_id = ? AND direction = 'outbound' AND status = 'failed_attempt' ORDER BY id DESC LIMIT 1",
      )
      .bind(order.id),
  ]);
  // 'created' (the label) is left out by the query: the order's own steps say it is being prepared.
  const rows = events!.results as Array<{
    status: Exclude<ParcelStatus, 'created'>;
    at: number;
    reason: string | null;
    carrier_code: string | null;
    carrier: CarrierCode;
  }>;
  if (rows.length === 0) return null;
  const answers = requests!.results as Array<
    Pick<
      RedeliveryRequestRow,
      'kind' | 'day' | 'status' | 'attempt' | 'created_at' | 'shipment_id' | 'address' | 'phone'
    >
  >;
  const last = answers.at(-1);
  const corrected = answers.findLast((a) => a.kind === 'address' && a.address && a.phone);
  const waiting = open!.results[0] as Pick<ShipmentRow, 'id' | 'failed_attempts'> | undefined;
  // Her answer to this attempt, once given, replaces the choice (she may answer once per attempt).
  const answered = waiting && last && last.shipment_id === waiting.id && last.attempt === waiting.failed_attempts;
  const days = waiting && !answered ? await redeliveryDays(db, order.country, now) : null;
  return {
    // A failed attempt's reason in the shop's words, never the carrier's (issue 73).
    events: rows.map((r) => ({
      status: r.status,
      at: r.at,
      carrier: r.carrier,
      reason: r.status === 'failed_attempt' ? deliveryFailureReason(r.carrier, r.carrier_code, r.reason) : null,
    })),
    redelivery_days: days ? days.map((date) => ({ date, day: dayText(date, lang, order.country) })) : null,
    redelivery: last
      ? { kind: last.kind, day: last.day, day_text: dayText(last.day, lang, order.country), at: last.created_at }
      : null,
    corrected_address: corrected
      ? { lines: JSON.parse(corrected.address!) as string[], phone: corrected.phone!, at: corrected.created_at }
      : null,
    answers: answers.map((a) => ({
      kind: a.kind,
      day: a.day,
      day_text: dayText(a.day, lang, order.country),
      at: a.created_at,
    })),
  };
}

/**
 * Her order as her answers left it (issue 73): the day she chose (or the first one after her corrected
 * address) is the one date the page promises, replacing the day promised when she ordered, and each
 * answer is a step of the timeline. The corrected address and phone come with the tracking.
 */
export function withAnswers(order: OrderView, tracking: OrderTracking | null, now = Date.now()): OrderView {
  const last = tracking?.answers?.at(-1);
  if (!tracking || !last) return order;
  const open = order.status !== 'delivered' && order.status !== 'cancelled';
  const steps = tracking.answers!.map((a) => ({
    kind: a.kind === 'address' ? ('address_corrected' as const) : ('delivery_rescheduled' as const),
    at: a.at,
    day: a.day_text,
  }));
  return {
    ...order,
    promise: {
      speed: order.promise?.speed ?? null,
      date: last.day,
      missed: open && last.day < countryDate(order.country, now),
      rescheduled: true,
    },
    fulfilment: {
      ...order.fulfilment,
      timeline: [...order.fulfilment.timeline, ...steps].sort((a, b) => a.at - b.at),
    },
  };
}

/** Her answer: stored, and passed to the carrier when it can take it. Throws 409 when no attempt waits. */
export async function requestRedelivery(
  c: Pick<StepContext, 'env' | 'var'>,
  order: { id: number; country: CountryCode },
  input: RedeliveryInput,
  now = Date.now(),
): Promise<void> {
  const core = c.env.DB;
  const parcel = await openParcel(core, order.id);
  if (!parcel?.tracking_number) throw new ApiError(409, 'redelivery_not_open');
  const answered = await core
    .prepare('SELECT 1 FROM redelivery_requests WHERE shipment_id = ? AND attempt = ?')
    .bind(parcel.id, parcel.failed_attempts)
    .first();
  if (answered) throw new ApiError(409, 'redelivery_already_requested');
  const days = await redeliveryDays(core, order.country, now);
  let day: string;
  let address: string[] | null = null;
  let phone: string | null = null;
  if (input.kind === 'day') {
    if (!days.includes(input.day)) throw new ApiError(422, 'redelivery_day_invalid');
    day = input.day;
  } else {
    const national = nationalNumber(input.phone);
    if (!isMobileNumber(order.country, national)) throw new ApiError(422, 'phone_invalid');
    phone = `${COUNTRY_FACTS[order.country].dialCode}${national}`;
    address = input.lines;
    day = days[0]!;
  }
  let status: RedeliveryRequestRow['status'] = 'manual';
  let carrierError: string | null = null;
  try {
    const carrier = carrierFor(c.env, c.var.config, parcel.carrier);
    if (carrier.requestRedelivery) {
      await carrier.requestRedelivery(parcel.tracking_number, { day, address, phone });
      status = 'sent';
    }
  } catch (error) {
    // The carrier's trouble, never hers: the request is kept and staff act on it by phone.
    log.error('redelivery request not taken by the carrier', { orderId: order.id, error });
    status = 'failed';
    carrierError = String((error as Error)?.message ?? error).slice(0, 500);
  }
  await core
    .prepare(
      `INSERT INTO redelivery_requests (shipment_id, order_id, attempt, kind, day, address, phone, status, carrier_error, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      parcel.id,
      order.id,
      parcel.failed_attempts,
      input.kind,
      day,
      address ? JSON.stringify(address) : null,
      phone,
      status,
      carrierError,
      now,
    )
    .run();
}
