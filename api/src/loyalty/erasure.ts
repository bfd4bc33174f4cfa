// An erased shopper's points (decision 58, docs/data-fates.md): her ledger is folded into
// points_erased_sums (per country, Gulf month and kind, without the person) so the monthly report of
// points issued, spent and expired stays true, her balance left counted as 'forfeited' (negative, like
// the debit it is: the sums of an erased shopper net to zero); then her ledger rows go (the trigger
// lets them go only once users.deleted_at is set, so these statements come AFTER the one that sets it
// in the erasure's batch), with her accounts, expiry notices, referral code and devices. Referrals keep
// their rows: a friend's referral names her anonymised account id, and the referrer's points stay hers.
import { GULF_OFFSET_MS, gulfDate } from '#shared/gulf-days';

const MONTH_OF = `strftime('%Y-%m', (created_at + ${GULF_OFFSET_MS}) / 1000, 'unixepoch')`;

export function pointsErasureStatements(db: D1Database, userId: number, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO points_erased_sums (country, month, kind, points)
         SELECT country, ${MONTH_OF}, kind, sum(amount) FROM points_ledger WHERE user_id = ? GROUP BY 1, 2, 3
         ON CONFLICT (country, month, kind) DO UPDATE SET points = points + excluded.points`,
      )
      .bind(userId),
    db
      .prepare(
        `INSERT INTO points_erased_sums (country, month, kind, points)
         SELECT country, ?, 'forfeited', -balance FROM points_accounts WHERE user_id = ? AND balance > 0
         ON CONFLICT (country, month, kind) DO UPDATE SET points = points + excluded.points`,
      )
      .bind(gulfDate(now).slice(0, 7), userId),
    db.prepare('DELETE FROM points_ledger WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM points_accounts WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM points_expiry_notices WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM referral_codes WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM account_devices WHERE user_id = ?').bind(userId),
  ];
}
