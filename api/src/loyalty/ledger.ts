// The points ledger's one way in (migration 0060, decision 58). A movement is three statements for
// the caller's own batch, so it lands with the order, refund or delivery it belongs to or not at all:
//   1. the account row exists (a first movement makes it, at balance 0);
//   2. the ledger row, written only if its event was not recorded before, with the balance after it;
//      a debit that would take that below zero breaks points_ledger_not_negative and fails the batch;
//   3. the account's balance set to the newest row's balance_after: idempotent, so an event applied a
//      second time (its row skipped in 2) leaves everything as it was.
// D1 runs a batch as one transaction and one batch at a time, so two checkouts spending the same points
// cannot both read the old balance: the second sees the first's row and fails its CHECK.
import type { PointsKind } from '#shared/loyalty/types';
import type { LoyaltyCountry } from '../db/rows';

/** An amount known now, or one SQL computes inside the batch (e.g. a share of what an order earned). */
type PointsAmount = number | { sql: string; binds: unknown[] };

export interface PointsMove {
  userId: number;
  country: LoyaltyCountry;
  /** Positive credits, negative debits. A computed amount of 0 or NULL writes nothing. */
  amount: PointsAmount;
  kind: PointsKind;
  /** Once per event: see the migration for the keys in use. SQL when the id is made in the batch (a refund's). */
  eventKey: string | { sql: string; binds: unknown[] };
  /**
   * Credits: when they expire (ms since the epoch), or SQL computing it in the batch (points given back
   * keep the expiry of what they replace). Ignored for debits.
   */
  expiresAt?: number | { sql: string; binds: unknown[] } | null;
  orderId?: number | null;
  bloodTestOrderId?: number | null;
  consultationId?: number | null;
  /** A number, or SQL naming the refund the batch inserted. */
  refundId?: number | { sql: string; binds: unknown[] } | null;
  /** A number, or SQL naming the review the batch wrote. */
  reviewId?: number | { sql: string; binds: unknown[] } | null;
  referralId?: number | null;
  /** Adjustments only: who and why. */
  staffId?: number | null;
  reason?: string | null;
  now?: number;
}

type Sql = { sql: string; binds: unknown[] };
const sqlOf = (v: number | string | Sql | null | undefined): Sql =>
  v !== null && typeof v === 'object' ? v : { sql: '?', binds: [v ?? null] };

export function pointsMove(db: D1Database, m: PointsMove): D1PreparedStatement[] {
  const now = m.now ?? Date.now();
  const amount = sqlOf(m.amount);
  const expires = sqlOf(m.expiresAt);
  const key = sqlOf(m.eventKey);
  const refund = sqlOf(m.refundId);
  const review = sqlOf(m.reviewId);
  return [
    db
      .prepare(
        'INSERT INTO points_accounts (user_id, country, balance) VALUES (?, ?, 0) ON CONFLICT (user_id, country) DO NOTHING',
      )
      .bind(m.userId, m.country),
    db
      .prepare(
        `INSERT INTO points_ledger (user_id, country, amount, balance_after, kind, expires_at, order_id, blood_test_order_id,
           consultation_id, refund_id, review_id, referral_id, staff_id, reason, event_key, created_at)
         SELECT a.user_id, a.country, m.amount, a.balance + m.amount, ?, CASE WHEN m.amount > 0 THEN (${expires.sql}) END, ?, ?, ?, m.refund_id, m.review_id, ?, ?, ?, m.event_key, ?
         FROM (SELECT (${amount.sql}) AS amount, (${key.sql}) AS event_key, (${refund.sql}) AS refund_id, (${review.sql}) AS review_id) m
         JOIN points_accounts a ON a.user_id = ? AND a.country = ?
         WHERE m.amount IS NOT NULL AND m.amount <> 0 AND m.event_key IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM points_ledger WHERE event_key = m.event_key)`,
      )
      .bind(
        m.kind,
        ...expires.binds,
        m.orderId ?? null,
        m.bloodTestOrderId ?? null,
        m.consultationId ?? null,
        m.referralId ?? null,
        m.staffId ?? null,
        m.reason ?? null,
        now,
        ...amount.binds,
        ...key.binds,
        ...refund.binds,
        ...review.binds,
        m.userId,
        m.country,
      ),
    db
      .prepare(
        `UPDATE points_accounts SET balance = coalesce((SELECT balance_after FROM points_ledger
           WHERE user_id = ?1 AND country = ?2 ORDER BY id DESC LIMIT 1), 0) WHERE user_id = ?1 AND country = ?2`,
      )
      .bind(m.userId, m.country),
  ];
}

/** A batch failed because a debit would have taken the points below zero. */
export const isPointsShort = (error: unknown) =>
  /points_ledger_not_negative|points_not_negative|CHECK constraint failed: (points_ledger|points_accounts)/.test(
    String(error),
  );
