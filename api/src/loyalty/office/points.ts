// A shopper's points in the back office (issue 47): per country her balance, tier and last 12 months'
// spending, the ledger a page at a time (newest first), and the manual adjustment. An adjustment goes
// through the ledger's one way in (pointsMove, kind 'adjustment') with the staff member and the reason
// the shopper reads in her history; its event key `adjust:<uuid>` comes from the form, so a double
// submit writes one row and one audit row 'points.adjust'. A removal past her balance fails its batch
// (409 points_insufficient). Added points expire like earned ones, the country's expiry_months later.
import type { CountryCode } from '#shared/locale';
import type { PointsAdjustInput } from '#shared/api/staff-loyalty-schemas';
import { expiryOf } from '#shared/loyalty/rules';
import type { PointsKind, TierCode } from '#shared/loyalty/types';
import { ApiError } from '#api/src/lib/errors';
import { auditStatement } from '#api/src/staff/audit';
import type { StaffMember } from '#api/src/staff/sessions';
import { isPointsShort, pointsMove } from '../ledger';
import { loyaltyRules } from '../rules-read';

export const POINTS_PAGE = 25;

export interface StaffPointsAccount {
  country: CountryCode;
  balance: number;
  tier: TierCode;
  spend_12m: number;
}

export interface StaffPointsLine {
  id: number;
  country: CountryCode;
  kind: PointsKind;
  amount: number;
  balance_after: number;
  expires_at: number | null;
  order_id: number | null;
  blood_test_order_id: number | null;
  consultation_id: number | null;
  refund_id: number | null;
  reason: string | null;
  staff_name: string | null;
  created_at: number;
}

export interface StaffPointsView {
  accounts: StaffPointsAccount[];
  lines: StaffPointsLine[];
  /** The id to pass as `before` for the next (older) page; null on the last. */
  next: number | null;
}

const marks = (n: number, from: number) => Array.from({ length: n }, (_, i) => `?${i + from}`).join(', ');

/** Her accounts and one page of her ledger in the countries the member may see. */
export async function pointsView(
  db: D1Database,
  userId: number,
  countries: readonly CountryCode[],
  before?: number,
): Promise<StaffPointsView> {
  if (countries.length === 0) return { accounts: [], lines: [], next: null };
  const m = marks(countries.length, 3);
  const [accounts, lines] = await db.batch([
    db
      .prepare(
        `SELECT country, balance, tier, spend_12m FROM points_accounts
         WHERE user_id = ?1 AND country IN (${marks(countries.length, 2)}) ORDER BY country`,
      )
      .bind(userId, ...countries),
    db
      .prepare(
        `SELECT l.id, l.country, l.kind, l.amount, l.balance_after, l.expires_at, l.order_id, l.blood_test_order_id,
           l.consultation_id, l.refund_id, l.reason, s.name AS staff_name, l.created_at
         FROM points_ledger l LEFT JOIN staff s ON s.id = l.staff_id
         WHERE l.user_id = ?1 AND l.id < ?2 AND l.country IN (${m})
         ORDER BY l.id DESC LIMIT ${POINTS_PAGE + 1}`,
      )
      .bind(userId, before ?? Number.MAX_SAFE_INTEGER, ...countries),
  ]);
  const rows = lines!.results as StaffPointsLine[];
  const more = rows.length > POINTS_PAGE;
  const page = more ? rows.slice(0, POINTS_PAGE) : rows;
  return {
    accounts: accounts!.results as StaffPointsAccount[],
    lines: page,
    next: more ? page.at(-1)!.id : null,
  };
}

export interface AdjustResult {
  country: CountryCode;
  balance: number;
  /** The event key was written before (a double submit): nothing new was written. */
  replayed: boolean;
}

/** The adjustment, its ledger row and its audit row in one batch; once per event key. */
export async function adjustPoints(
  db: D1Database,
  member: StaffMember,
  userId: number,
  input: PointsAdjustInput,
  now = Date.now(),
): Promise<AdjustResult> {
  const eventKey = `adjust:${input.event_key}`;
  const amount = input.direction === 'add' ? input.points : -input.points;
  const [{ rules }, account] = await Promise.all([
    loyaltyRules(db, input.country),
    db
      .prepare('SELECT balance FROM points_accounts WHERE user_id = ? AND country = ?')
      .bind(userId, input.country)
      .first<{ balance: number }>(),
  ]);
  const months = rules.expiry_months;
  const before = account?.balance ?? 0;
  const seen = { sql: 'SELECT 1 FROM points_ledger WHERE event_key = ?', binds: [eventKey] };
  let written = false;
  try {
    // The audit row first: its "not written before" sees the ledger as it was before this batch.
    const results = await db.batch([
      auditStatement(
        db,
        member,
        {
          action: 'points.adjust',
          resource: 'customer',
          resourceId: userId,
          country: input.country,
          before: { balance: before },
          after: { balance: before + amount, points: amount, event_key: eventKey },
          reason: input.reason,
        },
        seen,
      ),
      ...pointsMove(db, {
        userId,
        country: input.country,
        amount,
        kind: 'adjustment',
        eventKey,
        expiresAt: amount > 0 ? expiryOf(now, months) : null,
        staffId: member.id,
        reason: input.reason,
        now,
      }),
    ]);
    // [audit, account, ledger row, balance]: the ledger row's insert says whether this call wrote it.
    written = (results[2]?.meta.changes ?? 0) > 0;
  } catch (error) {
    if (isPointsShort(error)) throw new ApiError(409, 'points_insufficient', { balance: before });
    throw error;
  }
  const [row, after] = await db.batch([
    db.prepare('SELECT user_id, country FROM points_ledger WHERE event_key = ?').bind(eventKey),
    db.prepare('SELECT balance FROM points_accounts WHERE user_id = ? AND country = ?').bind(userId, input.country),
  ]);
  const recorded = row!.results[0] as { user_id: number; country: string } | undefined;
  // A key the form gave for another shopper or country: refused rather than reported as this one.
  if (!recorded || recorded.user_id !== userId || recorded.country !== input.country)
    throw new ApiError(409, 'points_adjust_key_used');
  return {
    country: input.country,
    balance: (after!.results[0] as { balance: number } | undefined)?.balance ?? 0,
    replayed: !written,
  };
}
