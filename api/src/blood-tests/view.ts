// A blood-test order as the shopper sees it: summary for the list, detail with the status timeline,
// the patient, the slot, the address, each test's preparation, totals and the payment state. Every
// read is scoped to its owner: another shopper's order reads exactly like one that does not exist.
import { storedAddressLine } from '#shared/text/address-lines';
import type { SlotWindow } from '#shared/api/blood-test-order-schemas';
import {
  BLOOD_TEST_TIMELINE,
  type BloodTestOrderDetail,
  type BloodTestOrderItem,
  type BloodTestOrderStatus,
  type BloodTestOrderSummary,
  type BloodTestPaymentState,
  type BloodTestResultLine,
} from '#shared/blood-tests/order-types';
import { changeableUntil, hourText, WINDOW_HOURS } from '#shared/blood-tests/slot-rules';
import type { CountryCode, CurrencyCode, Lang } from '#shared/locale';
import { resultFlag } from '#shared/blood-tests/results';
import { type PatientRow, toPatient } from './patients';

export interface BloodTestOrderRow {
  id: number;
  user_id: number;
  idempotency_key: string;
  body_hash: string;
  country: CountryCode;
  currency: CurrencyCode;
  lang: Lang;
  status: BloodTestOrderStatus;
  patient_id: number;
  address_id: number;
  address: string;
  zone: string;
  slot_date: string;
  slot_window: SlotWindow;
  visit_at: number;
  consent_version: string;
  consent_at: number;
  payment_method: 'card' | 'wallet' | 'pay_at_visit';
  card_method: string | null;
  payment_state: BloodTestPaymentState;
  subtotal: number;
  discount: number;
  vat: number;
  vat_basis_points: number;
  total: number;
  wallet_used: number;
  coupon_id: number | null;
  coupon_code: string | null;
  booked_at: number | null;
  sample_collected_at: number | null;
  at_lab_at: number | null;
  results_ready_at: number | null;
  cancelled_at: number | null;
  reminded_at: number | null;
  nurse_id: number | null;
  visit_confirmed_at: number | null;
  /** Joined from nurses by orderRows, for the confirmed visit's line. */
  nurse_name?: string | null;
  created_at: number;
  updated_at: number;
}

export interface BloodTestItemRow {
  order_id: number;
  sku_id: number;
  blood_test_id: number;
  name_en: string;
  name_ar: string;
  price: number;
  fasting_hours: number;
  morning_draw: number;
  stop_biotin_hours: number;
  preparation_en: string;
  preparation_ar: string;
  sample_type: string;
  turnaround_hours: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const slotOf = (o: Pick<BloodTestOrderRow, 'slot_date' | 'slot_window'>) => ({
  date: o.slot_date,
  window: o.slot_window,
  starts: hourText(WINDOW_HOURS[o.slot_window].start),
  ends: hourText(WINDOW_HOURS[o.slot_window].end),
});

export function toItem(r: BloodTestItemRow, lang: Lang): BloodTestOrderItem {
  const prep = lang === 'ar' ? r.preparation_ar : r.preparation_en;
  return {
    id: r.sku_id,
    sku_id: r.sku_id,
    blood_test_id: r.blood_test_id,
    name: lang === 'ar' ? r.name_ar : r.name_en,
    price: r.price,
    fasting_hours: r.fasting_hours,
    morning_draw: !!r.morning_draw,
    stop_biotin_hours: r.stop_biotin_hours,
    preparation: prep
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    sample_type: r.sample_type,
    turnaround_hours: r.turnaround_hours ?? null,
  };
}

/** The address in one line, in the reader's words and language: the order page, the reminder, the visits list. */
export function addressLine(json: string, lang: Lang): string {
  return storedAddressLine(JSON.parse(json) as Record<string, unknown>, lang);
}

export async function orderRows(db: D1Database, id: number, userId: number): Promise<OrderRows | null> {
  const [o, p, i, r] = await db.batch([
    db
      .prepare(
        'SELECT o.*, n.name AS nurse_name FROM blood_test_orders o LEFT JOIN nurses n ON n.id = o.nurse_id WHERE o.id = ? AND o.user_id = ?',
      )
      .bind(id, userId),
    db
      .prepare(
        'SELECT p.* FROM blood_test_patients p JOIN blood_test_orders o ON o.patient_id = p.id WHERE o.id = ? AND o.user_id = ?',
      )
      .bind(id, userId),
    db
      .prepare(
        // Turnaround is the lab's current figure (not kept with the order): what the shopper waits for now.
        'SELECT i.*, t.turnaround_hours FROM blood_test_order_items i JOIN blood_test_orders o ON o.id = i.order_id LEFT JOIN blood_tests t ON t.id = i.blood_test_id WHERE o.id = ? AND o.user_id = ? ORDER BY i.sku_id',
      )
      .bind(id, userId),
    // Results only once approved and released with the order (results_ready): never a draft.
    db
      .prepare(
        `SELECT r.biomarker_id, r.value, r.unit, r.ref_low, r.ref_high, r.comment, b.name_en, b.name_ar
         FROM blood_test_results r JOIN blood_test_orders o ON o.id = r.order_id JOIN biomarkers b ON b.id = r.biomarker_id
         WHERE o.id = ? AND o.user_id = ? AND o.status = 'results_ready' AND r.approved_at IS NOT NULL
         ORDER BY r.biomarker_id`,
      )
      .bind(id, userId),
  ]);
  const order = o!.results[0] as BloodTestOrderRow | undefined;
  if (!order) return null;
  return {
    order,
    patient: p!.results[0] as unknown as PatientRow,
    items: i!.results as unknown as BloodTestItemRow[],
    results: r!.results as unknown as ReleasedResultRow[],
  };
}

interface ReleasedResultRow {
  biomarker_id: number;
  value: string;
  unit: string;
  ref_low: string | null;
  ref_high: string | null;
  comment: string;
  name_en: string;
  name_ar: string;
}

export interface OrderRows {
  order: BloodTestOrderRow;
  patient: PatientRow;
  items: BloodTestItemRow[];
  /** Approved results of a results_ready order; absent or empty before. */
  results?: ReleasedResultRow[];
}

function toResultLine(r: ReleasedResultRow, lang: Lang): BloodTestResultLine {
  return {
    biomarker_id: r.biomarker_id,
    name: lang === 'ar' ? r.name_ar : r.name_en,
    value: r.value,
    unit: r.unit,
    ref_low: r.ref_low,
    ref_high: r.ref_high,
    flag: resultFlag(r.value, r.ref_low, r.ref_high),
    comment: r.comment,
  };
}

export function toDetail(r: OrderRows, lang: Lang, now = Date.now()): BloodTestOrderDetail {
  const o = r.order;
  const at: Record<string, number | null> = {
    booked: o.booked_at,
    sample_collected: o.sample_collected_at,
    at_lab: o.at_lab_at,
    results_ready: o.results_ready_at,
  };
  const timeline = BLOOD_TEST_TIMELINE.map((status) => ({
    status,
    at: iso(at[status] ?? null),
    done: at[status] !== null,
  }));
  if (o.status === 'cancelled') timeline.push({ status: 'cancelled', at: iso(o.cancelled_at), done: true } as never);
  const until = changeableUntil(o.visit_at);
  const changeable = (o.status === 'booked' || o.status === 'pending_payment') && now < until;
  return {
    ...toSummary({ ...o, patient_name: r.patient.name, tests_count: r.items.length }),
    country: o.country,
    timeline,
    patient: toPatient(r.patient),
    address: {
      id: o.address_id,
      text: addressLine(o.address, lang),
      area_id: (JSON.parse(o.address) as { area_id?: number | null }).area_id ?? null,
      city_id: (JSON.parse(o.address) as { city_id?: number | null }).city_id ?? null,
    },
    items: r.items.map((i) => toItem(i, lang)),
    totals: {
      subtotal: o.subtotal,
      discount: o.discount,
      vat: o.vat,
      wallet_used: o.wallet_used,
      total: o.total,
      coupon: o.coupon_code,
    },
    payment: {
      method: o.payment_method,
      state: o.payment_state,
      can_pay_again: o.payment_method === 'card' && o.payment_state === 'failed' && now < until,
    },
    changeable_until: new Date(until).toISOString(),
    can_reschedule: changeable && o.status === 'booked',
    can_cancel: changeable && o.status === 'booked',
    // The nurse is named once the lab confirmed the visit, as the confirmation mail does.
    visit_confirmation: o.status === 'booked' && o.visit_confirmed_at !== null ? { nurse: o.nurse_name ?? '' } : null,
    results: o.status === 'results_ready' ? (r.results ?? []).map((x) => toResultLine(x, lang)) : [],
  };
}

type SummaryRow = Pick<
  BloodTestOrderRow,
  'id' | 'status' | 'created_at' | 'currency' | 'total' | 'slot_date' | 'slot_window'
> & { patient_name: string; tests_count: number };

function toSummary(r: SummaryRow): BloodTestOrderSummary {
  return {
    id: r.id,
    status: r.status,
    created_at: new Date(r.created_at).toISOString(),
    currency: r.currency,
    total: r.total,
    patient_name: r.patient_name,
    tests_count: r.tests_count,
    slot: slotOf(r),
  };
}

const ORDERS_PER_PAGE = 10;

export async function orderPage(db: D1Database, userId: number, page: number, perPage = ORDERS_PER_PAGE) {
  const [list, count] = await db.batch([
    db
      .prepare(
        `SELECT o.id, o.status, o.created_at, o.currency, o.total, o.slot_date, o.slot_window, p.name AS patient_name,
           (SELECT COUNT(*) FROM blood_test_order_items i WHERE i.order_id = o.id) AS tests_count
         FROM blood_test_orders o JOIN blood_test_patients p ON p.id = o.patient_id
         WHERE o.user_id = ? ORDER BY o.created_at DESC, o.id DESC LIMIT ? OFFSET ?`,
      )
      .bind(userId, perPage, (page - 1) * perPage),
    db.prepare('SELECT COUNT(*) AS n FROM blood_test_orders WHERE user_id = ?').bind(userId),
  ]);
  return {
    items: (list!.results as unknown as SummaryRow[]).map(toSummary),
    total: (count!.results[0] as { n: number }).n,
    per_page: perPage,
  };
}
