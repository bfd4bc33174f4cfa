// A shopper's points in the back office (issue 47): per country her balance, tier and last 12 months'
// spending, the ledger a page at a time (newest first), and the manual adjustment. An adjustment goes
// through the ledger's one way in (pointsMove, kind 'adjustment') with the staff member and the reason
// the shopper reads in her history; its event key `adjust:<uuid>` comes from the form, so a double
// submit writes one row and one audit row 'points.adjust'. A removal past her balance fails its batch
// (409 points_insufficient). Added points expire like earned ones, the country's expiry_months later.
import type { CountryCode } from '#shared/locale';
import type { PointsAdjustInput, PointsAdjusted, StaffPointsView } from '#shared/api/staff-loyalty-schemas';
import { expiryOf } from '#shared/loyalty/rules';
import { ApiError } from '#api/src/lib/errors';
import { auditStatement } from '#api/src/staff/audit';
import type { StaffMember } from '#api/src/staff/sessions';
import { isPointsShort, pointsMove } from '../ledger';
import { loyaltyRules } from '../rules-read';

const POINTS_PAGE = 25;

type StaffPointsLine = StaffPointsView['lines'][number];

const marks = (n: number, from: number) => Array.from({ length: n }, (_, i) => `?${i + from}`).join(', ');

/** Her accounts and one page of her ledger in the countries the member may see. */
export async function pointsView(
  db: D1Database,
  userId: number,
  countries: readonly CountryCode[],
  before?: number,
  /** The core, when `db` is her order shard and not it (decision 61): staff names are read there. */
  core: D1Database = db,
): Promise<StaffPointsView> {
  if (countries.length === 0) return { accounts: [], lines: [], next: null };
  const split = core !== db;
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
           l.consultation_id, l.refund_id, l.reason, ${split ? 'l.staff_id' : 's.name AS staff_name'}, l.created_at
         FROM points_ledger l ${split ? '' : 'LEFT JOIN staff s ON s.id = l.staff_id'}
         WHERE l.user_id = ?1 AND l.id < ?2 AND l.country IN (${m})
         ORDER BY l.id DESC LIMIT ${POINTS_PAGE + 1}`,
      )
      .bind(userId, before ?? Number.MAX_SAFE_INTEGER, ...countries),
  ]);
  const rows = split
    ? await staffNamed(core, lines!.results as Array<Omit<StaffPointsLine, 'staff_name'> & { staff_id: number | null }>)
    : (lines!.results as StaffPointsLine[]);
  const more = rows.length > POINTS_PAGE;
  const page = more ? rows.slice(0, POINTS_PAGE) : rows;
  return {
    accounts: accounts!.results as StaffPointsView['accounts'],
    lines: page,
    next: more ? page.at(-1)!.id : null,
  };
}

/** A shard's ledger lines with the names of the staff who wrote them (the core's staff table). */
async function staffNamed(
  core: D1Database,
  rows: Array<Omit<StaffPointsLine, 'staff_name'> & { staff_id: number | null }>,
): Promise<StaffPointsLine[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.staff_id === null ? [] : [r.staff_id])))];
  const { results } = ids.length
    ? await core
        .prepare('SELECT id, name FROM staff WHERE id IN (SELECT value FROM json_each(?))')
        .bind(JSON.stringify(ids))
        .all<{ id: number; name: string }>()
    : { results: [] };
  const names = new Map(results.map((r) => [r.id, r.name]));
  return rows.map(({ staff_id, ...r }) => ({
    ...r,
    staff_name: staff_id === null ? null : (names.get(staff_id) ?? null),
  }));
}

/** The adjustment, its ledger row and its audit row in one batch; once per event key. */
export async function adjustPoints(
  db: D1Database,
  member: StaffMember,
  userId: number,
  input: PointsAdjustInput,
  now = Date.now(),
  /** The core, when `db` is her order shard and not it: the rules and the audit row are the core's;
   * her shard's batch goes first (once per event key), the audit row after it only when it wrote. */
  core: D1Database = db,
): Promise<PointsAdjusted> {
  const split = core !== db;
  const eventKey = `adjust:${input.event_key}`;
  const amount = input.direction === 'add' ? input.points : -input.points;
  const [{ rules }, account] = await Promise.all([
    loyaltyRules(core, input.country),
    db
      .prepare('SELECT balance FROM points_accounts WHERE user_id = ? AND country = ?')
      .bind(userId, input.country)
      .first<{ balance: number }>(),
  ]);
  const months = rules.expiry_months;
  const before = account?.balance ?? 0;
  const seen = { sql: 'SELECT 1 FROM points_ledger WHERE event_key = ?', binds: [eventKey] };
  let written = false;
  const audit = auditStatement(
    core,
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
    split ? undefined : seen,
  );
  try {
    // The audit row first: its "not written before" sees the ledger as it was before this batch. In
    // another shard than the core, her shard's batch alone, then the audit row once it wrote.
    const results = await db.batch([
      ...(split ? [] : [audit]),
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
    written = (results[split ? 1 : 2]?.meta.changes ?? 0) > 0;
    if (split && written) await audit.run();
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
