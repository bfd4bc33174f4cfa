// The day's visits for the lab's staff (every read audited in its batch) and each step of a visit
// (collected, at the lab), with its audit row.
import type { BloodTestOrderStatus } from '#shared/blood-tests/order-types';
import type { CountryCode, Lang } from '#shared/locale';
import { ApiError } from '../../lib/errors';
import { assertCan } from '../../middleware/staff';
import { auditStatement } from '../../staff/audit';
import { bookingInvoiceRecord } from '../../e-invoice-sales';
import type { StaffMember } from '../../staff/sessions';
import { advanceStatement, type AdvanceStatus } from '../transitions';
import { addressLine, slotOf } from '../view';
import { changedGuard, isStale, assertVisitStarted, orderHead } from './order-head';

/** Statuses whose visit is shown in the day's list. */
const VISIBLE = "o.status IN ('booked', 'sample_collected', 'at_lab', 'results_ready')";
const ZONE_NAMES = `LEFT JOIN areas za ON o.zone = 'area:' || za.id LEFT JOIN dhl_cities zc ON o.zone = 'city:' || zc.id`;
const ZONE_COLUMNS =
  'coalesce(za.name_en, zc.name_en, o.zone) AS zone_en, coalesce(za.name_ar, zc.name_ar, o.zone) AS zone_ar';

interface VisitRow {
  id: number;
  country: CountryCode;
  status: BloodTestOrderStatus;
  zone: string;
  zone_en: string;
  zone_ar: string;
  slot_date: string;
  slot_window: string;
  address: string;
  payment_method: string;
  payment_state: string;
  total: number;
  currency: string;
  patient_name: string;
  patient_sex: string;
  patient_birth: string;
  nurse_id: number | null;
  nurse_name: string | null;
  visit_confirmed_at: number | null;
}

export async function dayVisits(
  db: D1Database,
  member: StaffMember,
  q: { date: string; zone?: string; countries: CountryCode[] },
  /** The reader's language: the addresses are in its words. */
  lang: Lang = 'en',
) {
  const marks = q.countries.map(() => '?').join(', ') || "''";
  const where = `o.slot_date = ? AND ${VISIBLE} AND o.country IN (${marks})`;
  const zoneFilter = q.zone ? ' AND o.zone = ?' : '';
  const args = [q.date, ...q.countries, ...(q.zone ? [q.zone] : [])];
  const [, visits, items, zones, nurses] = await db.batch([
    auditStatement(db, member, {
      action: 'visit.view',
      resource: 'blood_test_visits',
      resourceId: q.date,
      country: q.countries.length === 1 ? q.countries[0] : null,
      after: { date: q.date, zone: q.zone ?? null, countries: q.countries },
    }),
    db
      .prepare(
        `SELECT o.id, o.country, o.status, o.zone, ${ZONE_COLUMNS}, o.slot_date, o.slot_window, o.address, o.payment_method,
           o.payment_state, o.total, o.currency, p.name AS patient_name, p.sex AS patient_sex, p.date_of_birth AS patient_birth,
           o.nurse_id, n.name AS nurse_name, o.visit_confirmed_at
         FROM blood_test_orders o JOIN blood_test_patients p ON p.id = o.patient_id LEFT JOIN nurses n ON n.id = o.nurse_id ${ZONE_NAMES}
         WHERE ${where}${zoneFilter} ORDER BY zone_en, o.visit_at, o.id`,
      )
      .bind(...args),
    db
      .prepare(
        `SELECT i.order_id, i.name_en, i.name_ar FROM blood_test_order_items i JOIN blood_test_orders o ON o.id = i.order_id
         WHERE ${where}${zoneFilter} ORDER BY i.order_id, i.sku_id`,
      )
      .bind(...args),
    db
      .prepare(
        `SELECT o.zone, ${ZONE_COLUMNS}, count(*) AS visits FROM blood_test_orders o ${ZONE_NAMES}
         WHERE ${where} GROUP BY o.zone ORDER BY zone_en`,
      )
      .bind(q.date, ...q.countries),
    // The nurses a visit of the list may be given: active, of the countries shown.
    db
      .prepare(`SELECT id, country, name FROM nurses WHERE active = 1 AND country IN (${marks}) ORDER BY name, id`)
      .bind(...q.countries),
  ]);
  const tests = new Map<number, { name_en: string; name_ar: string }[]>();
  for (const i of items!.results as { order_id: number; name_en: string; name_ar: string }[]) {
    tests.set(i.order_id, [...(tests.get(i.order_id) ?? []), { name_en: i.name_en, name_ar: i.name_ar }]);
  }
  return {
    date: q.date,
    zone: q.zone ?? null,
    zones: zones!.results as { zone: string; zone_en: string; zone_ar: string; visits: number }[],
    nurses: nurses!.results as { id: number; country: CountryCode; name: string }[],
    visits: (visits!.results as unknown as VisitRow[]).map((v) => {
      const a = JSON.parse(v.address) as { phone?: string; recipient?: string };
      return {
        id: v.id,
        country: v.country,
        status: v.status,
        zone: v.zone,
        zone_en: v.zone_en,
        zone_ar: v.zone_ar,
        slot: slotOf(v as Parameters<typeof slotOf>[0]),
        patient: { name: v.patient_name, sex: v.patient_sex, date_of_birth: v.patient_birth },
        address: addressLine(v.address, lang),
        phone: a.phone ?? null,
        tests: tests.get(v.id) ?? [],
        payment: { method: v.payment_method, state: v.payment_state, total: v.total, currency: v.currency },
        nurse: v.nurse_id === null ? null : { id: v.nurse_id, name: v.nurse_name ?? '' },
        confirmed: v.visit_confirmed_at !== null,
      };
    }),
  };
}

/**
 * One step of the visit (collected, at the lab), with its audit row; 409 from any other status. The
 * collection is the visit: a booking paid at the visit is a sale then (the nurse took the money), so its
 * Saudi e-invoice is recorded in the same batch (decision 75); a paid booking's was recorded when paid.
 */
export async function advanceVisit(
  db: D1Database,
  member: StaffMember,
  orderId: number,
  status: Extract<AdvanceStatus, 'sample_collected' | 'at_lab'>,
  now = Date.now(),
) {
  const o = await orderHead(db, orderId);
  assertCan(member, 'visits:collect', o.country);
  const from = status === 'sample_collected' ? 'booked' : 'sample_collected';
  if (o.status !== from) throw new ApiError(409, 'transition_not_allowed', { status: o.status });
  assertVisitStarted(o, now);
  try {
    await db.batch([
      advanceStatement(db, orderId, status, now),
      changedGuard(db),
      auditStatement(db, member, {
        action: status === 'sample_collected' ? 'visit.collect' : 'visit.at_lab',
        resource: 'blood_test_order',
        resourceId: orderId,
        country: o.country,
        before: { status: o.status },
        after: { status },
      }),
      bookingInvoiceRecord(db, 'blood-test', orderId, now),
    ]);
  } catch (e) {
    if (isStale(e)) throw new ApiError(409, 'transition_not_allowed');
    throw e;
  }
  return { order_id: orderId, status };
}
