// The shopper's consultations: the list and one consultation with its rules and their times, the join
// window, the payment, her intake (opened), and once the nutritionist shared them the summary and the
// recommendations (opened with seal.ts, product cards joined) and her rating. Owner only: another
// shopper's consultation answers 404 like one that does not exist.
import { countryDate } from '#shared/country-days';
import type { Intake } from '#shared/consultations/intake';
import type {
  ConsultationMode,
  ConsultationOutcome,
  ConsultationStatus,
  ServiceKind,
} from '#shared/consultations/facts';
import {
  cancelFreeUntil,
  canJoin,
  CONSULTATION_RULES,
  joinWindow,
  rescheduleRefusal,
  rescheduleUntil,
} from '#shared/consultations/rules';
import type {
  ConsultationDetail,
  ConsultationListItem,
  ConsultationPaymentAnswer,
  ConsultationRecommendation,
  ConsultationSharedResults,
} from '#shared/consultations/types';
import type { CountryCode, Lang } from '#shared/locale';
import type { GatewayMethod } from '#shared/payments/gateway-methods';
import { cardFrom, cardColumns, type CardRow, toCard } from '../catalogue/cards';
import { col } from '../lib/lang';
import { portrait } from '../media/refs';
import type { Keyring } from '../lib/keyring';
import type { WrappedDataKey } from '../lib/keyring';
import { type HealthSealer, healthSealer, openText, primeKey } from './seal';

export const PER_PAGE = 20;

export interface ConsultationRow {
  id: number;
  user_id: number;
  nutritionist_id: number;
  service_id: number;
  country: CountryCode;
  currency: string;
  lang: Lang;
  status: ConsultationStatus;
  mode: ConsultationMode;
  starts_at: number;
  ends_at: number;
  payment_method: ConsultationPaymentAnswer['method'];
  card_method: GatewayMethod | null;
  payment_state: ConsultationPaymentAnswer['state'];
  credit_id: number | null;
  price: number;
  vat: number;
  vat_basis_points: number;
  total: number;
  wallet_used: number;
  refunded: number;
  follow_up_of: number | null;
  outcome: ConsultationOutcome | null;
  rescheduled_count: number;
  // Joined.
  service_kind: ServiceKind;
  service_name: string;
  service_minutes: number;
  n_slug: string;
  n_name: string;
  n_title: string;
  n_photo: string;
  shared_at: number | null;
  /** The package's sessions left, when a package's session paid it. */
  package_left: number | null;
}

const SELECT = (
  lang: Lang,
) => `SELECT c.id, c.user_id, c.nutritionist_id, c.service_id, c.country, c.currency, c.lang, c.status, c.mode,
    c.starts_at, c.ends_at, c.payment_method, c.card_method, c.payment_state, c.credit_id, c.price, c.vat, c.vat_basis_points,
    c.total, c.wallet_used, c.refunded, c.follow_up_of, c.outcome, c.rescheduled_count,
    s.kind AS service_kind, s.${col('name', lang)} AS service_name, s.minutes AS service_minutes,
    n.slug AS n_slug, n.${col('name', lang)} AS n_name, n.${col('title', lang)} AS n_title, n.photo_key AS n_photo,
    nt.shared_at, cc.sessions_left AS package_left
  FROM consultations c JOIN consultation_services s ON s.id = c.service_id JOIN nutritionists n ON n.id = c.nutritionist_id
  LEFT JOIN consultation_notes nt ON nt.consultation_id = c.id
  LEFT JOIN consultation_credits cc ON cc.id = c.credit_id AND c.payment_method = 'package'`;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toListItem(r: ConsultationRow): ConsultationListItem {
  return {
    id: r.id,
    status: r.status,
    mode: r.mode,
    starts_at: new Date(r.starts_at).toISOString(),
    ends_at: new Date(r.ends_at).toISOString(),
    // The day on the clocks of the country she booked in (in Dubai a 23:30 Kuwait start is the next day).
    date: countryDate(r.country, r.starts_at),
    service: { id: r.service_id, kind: r.service_kind, name: r.service_name, minutes: r.service_minutes },
    nutritionist: {
      id: r.nutritionist_id,
      slug: r.n_slug,
      name: r.n_name,
      title: r.n_title,
      photo: portrait(r.n_photo, r.n_name),
    },
    total: r.total,
    currency: r.currency,
    package_sessions_left: r.payment_method === 'package' ? (r.package_left ?? 0) : null,
    summary_shared: r.shared_at !== null,
  };
}

export async function listConsultations(db: D1Database, userId: number, lang: Lang, page: number) {
  const [count, rows] = await db.batch([
    db.prepare("SELECT count(*) AS n FROM consultations WHERE user_id = ? AND status <> 'payment_failed'").bind(userId),
    db
      .prepare(
        `${SELECT(lang)} WHERE c.user_id = ? AND c.status <> 'payment_failed' ORDER BY c.starts_at DESC LIMIT ? OFFSET ?`,
      )
      .bind(userId, PER_PAGE, (page - 1) * PER_PAGE),
  ]);
  return {
    items: (rows!.results as unknown as ConsultationRow[]).map(toListItem),
    total: (count!.results[0] as { n: number }).n,
  };
}

export async function ownedConsultation(db: D1Database, id: number, userId: number, lang: Lang) {
  return db
    .prepare(`${SELECT(lang)} WHERE c.id = ? AND c.user_id = ?`)
    .bind(id, userId)
    .first<ConsultationRow>();
}

export function rulesOf(
  r: Pick<ConsultationRow, 'starts_at' | 'ends_at' | 'status' | 'rescheduled_count'>,
  now: number,
) {
  const w = joinWindow(r.starts_at, r.ends_at);
  const booked = r.status === 'booked';
  return {
    cancel_free_until: new Date(cancelFreeUntil(r.starts_at)).toISOString(),
    reschedule_until: new Date(rescheduleUntil(r.starts_at)).toISOString(),
    reschedules_left: Math.max(0, CONSULTATION_RULES.maxReschedules - r.rescheduled_count),
    join_opens_at: new Date(w.opens).toISOString(),
    join_closes_at: new Date(w.closes).toISOString(),
    can_cancel: booked && now < r.starts_at,
    can_reschedule: booked && rescheduleRefusal(r, now) === null,
    can_join: canJoin(r, now),
  };
}

/**
 * One consultation as its owner reads it, in ONE D1 batch: the row (hers only), its intake, the
 * summary and list once shared, her rating and the data key; health text opened. Null: not hers, or
 * no such consultation.
 */
export async function ownedDetail(
  db: D1Database,
  ring: Keyring | null,
  id: number,
  userId: number,
  lang: Lang,
  /** The request's country: the recommended products' cards in its prices, those it sells. */
  country: CountryCode,
  now = Date.now(),
): Promise<ConsultationDetail | null> {
  // Every statement but the row's own names her too, so nothing of another shopper's is read.
  const hers = 'EXISTS (SELECT 1 FROM consultations WHERE id = ?1 AND user_id = ?2)';
  // The intake's shared ids, as JSON lists for json_each.
  const shared = (kind: 'uploads' | 'orders') =>
    `SELECT value FROM json_each(coalesce((SELECT json_extract(shared_results, '$.${kind}') FROM consultation_intakes WHERE consultation_id = ?1), '[]'))`;
  const [rowRes, intakeRes, notesRes, recsRes, ratingRes, keyRes, uploadsRes, ordersRes, paymentRes] = await db.batch([
    db.prepare(`${SELECT(lang)} WHERE c.id = ? AND c.user_id = ?`).bind(id, userId),
    db.prepare(`SELECT sealed FROM consultation_intakes WHERE consultation_id = ?1 AND ${hers}`).bind(id, userId),
    db
      .prepare(`SELECT summary_sealed, shared_at FROM consultation_notes WHERE consultation_id = ?1 AND ${hers}`)
      .bind(id, userId),
    db
      .prepare(
        `SELECT cr.sku_id AS rec_sku_id, cr.quantity, cr.servings_per_day, cr.dose_sealed, cr.reason_sealed, ${cardColumns(lang)}
         FROM ${cardFrom(country)} JOIN consultation_recommendations cr ON cr.product_id = p.id
         WHERE cr.consultation_id = ?1 AND ${hers}
           AND EXISTS (SELECT 1 FROM consultation_notes WHERE consultation_id = cr.consultation_id AND shared_at IS NOT NULL)
         ORDER BY cr.sort_order, cr.product_id`,
      )
      .bind(id, userId),
    db
      .prepare(`SELECT rating, body, status FROM consultation_ratings WHERE consultation_id = ?1 AND ${hers}`)
      .bind(id, userId),
    db
      .prepare(`SELECT wrapped_key, key_version FROM consultation_keys WHERE consultation_id = ?1 AND ${hers}`)
      .bind(id, userId),
    db
      .prepare(
        `SELECT id, lab_name, sample_date FROM blood_test_uploads
         WHERE user_id = ?2 AND id IN (${shared('uploads')}) AND ${hers} ORDER BY sample_date DESC, id DESC`,
      )
      .bind(id, userId),
    db
      .prepare(
        `SELECT id, created_at FROM blood_test_orders
         WHERE user_id = ?2 AND id IN (${shared('orders')}) AND ${hers} ORDER BY created_at DESC, id DESC`,
      )
      .bind(id, userId),
    db
      .prepare(`SELECT status FROM payments WHERE consultation_id = ?1 AND ${hers} ORDER BY id DESC LIMIT 1`)
      .bind(id, userId),
  ]);
  const r = rowRes!.results[0] as ConsultationRow | undefined;
  if (!r) return null;
  const sealer = ring ? healthSealer(db, ring) : null;
  if (sealer) primeKey(sealer, r.id, keyRes!.results[0] as WrappedDataKey | undefined);
  const detail = await detailOf(sealer, r, now, { intakeRes, notesRes, recsRes, ratingRes });
  const payment = paymentRes!.results[0] as { status: string } | undefined;
  return {
    ...detail,
    payment: { ...detail.payment, cancelled: r.status === 'payment_failed' && payment?.status === 'cancelled' },
    shared_results: {
      uploads: uploadsRes!.results as ConsultationSharedResults['uploads'],
      orders: (ordersRes!.results as Array<{ id: number; created_at: number }>).map((o) => ({
        id: o.id,
        created_at: new Date(o.created_at).toISOString(),
      })),
    },
  };
}

async function detailOf(
  sealer: HealthSealer | null,
  r: ConsultationRow,
  now: number,
  res: { intakeRes?: D1Result; notesRes?: D1Result; recsRes?: D1Result; ratingRes?: D1Result },
): Promise<ConsultationDetail> {
  const { intakeRes, notesRes, recsRes, ratingRes } = res;
  const open = async (text: string | null | undefined) => (sealer ? openText(sealer, r.id, text) : null);
  const intakeRow = intakeRes!.results[0] as { sealed: string } | undefined;
  const intakeText = await open(intakeRow?.sealed);
  const notes = notesRes!.results[0] as { summary_sealed: string | null; shared_at: number | null } | undefined;
  const shared = notes?.shared_at ?? null;
  const recommendations: ConsultationRecommendation[] = [];
  for (const rec of recsRes!.results as unknown as Array<
    CardRow & {
      rec_sku_id: number;
      quantity: number;
      servings_per_day: number;
      dose_sealed: string;
      reason_sealed: string;
    }
  >) {
    recommendations.push({
      product: toCard(rec),
      sku_id: rec.rec_sku_id,
      quantity: rec.quantity,
      servings_per_day: rec.servings_per_day,
      dose: (await open(rec.dose_sealed)) ?? '',
      reason: (await open(rec.reason_sealed)) ?? '',
    });
  }
  const rating = ratingRes!.results[0] as
    | { rating: number; body: string; status: 'pending' | 'approved' | 'rejected' }
    | undefined;
  return {
    ...toListItem(r),
    country: r.country,
    lang: r.lang,
    rules: rulesOf(r, now),
    payment: {
      method: r.payment_method,
      card_method: r.card_method,
      state: r.payment_state,
      price: r.price,
      vat: r.vat,
      vat_basis_points: r.vat_basis_points,
      total: r.total,
      wallet_used: r.wallet_used,
      refunded: r.refunded,
      currency: r.currency,
      credit_id: r.credit_id,
      cancelled: false,
    },
    outcome: r.outcome,
    follow_up_of: r.follow_up_of,
    rescheduled_count: r.rescheduled_count,
    intake: intakeText ? (JSON.parse(intakeText) as Intake) : null,
    shared_results: { uploads: [], orders: [] },
    summary: shared ? await open(notes?.summary_sealed) : null,
    shared_at: iso(shared),
    recommendations,
    rating: rating ?? null,
    can_rate: !rating && r.status === 'completed',
  };
}
