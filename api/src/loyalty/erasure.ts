// An erased shopper's points (decision 58, docs/data-fates.md): her ledger is folded into
// points_erased_sums (per country, month of that country's own clocks (issue 77) and kind, without the person) so the monthly report of
// points issued, spent and expired stays true, her balance left counted as 'forfeited' (negative, like
// the debit it is: the sums of an erased shopper net to zero); then her ledger rows go (the trigger
// lets them go only once users.deleted_at is set, so these statements come AFTER the one that sets it
// in the erasure's batch), with her accounts, expiry notices, referral code and devices. Referrals keep
// their rows: a friend's referral names her anonymised account id, and the referrer's points stay hers.
//
// A shopper in another order shard (decision 61): her ledger is in her shard, whose append-only guard
// cannot see users.deleted_at (users are the core's). There her shard's batch reads the sums and
// balances, then lifts the guard for her alone with a shard_departures row that lives only inside that
// batch (the marker the move uses, under an owner key of its own), deletes, and drops the marker; the
// core's batch then folds the sums it read into points_erased_sums.
import { TIME_ZONES } from '#shared/countries/delivery';
import type { CountryCode } from '#shared/countries';
import { countryDate, offsetsJson } from '#shared/country-days';

/** A row's month on its country's clocks; `?1` is offsetsJson (one offset a country: the Gulf keeps no summer time). */
const MONTH_OF = `strftime('%Y-%m', (created_at + json_extract(?1, '$.' || country)) / 1000, 'unixepoch')`;

/** Each country's month at `now`, keyed by country (the month a balance is forfeited in). */
const monthsJson = (now: number) =>
  JSON.stringify(
    Object.fromEntries((Object.keys(TIME_ZONES) as CountryCode[]).map((c) => [c, countryDate(c, now).slice(0, 7)])),
  );

export function pointsErasureStatements(db: D1Database, userId: number, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO points_erased_sums (country, month, kind, points)
         SELECT country, ${MONTH_OF}, kind, sum(amount) FROM points_ledger WHERE user_id = ?2 GROUP BY 1, 2, 3
         ON CONFLICT (country, month, kind) DO UPDATE SET points = points + excluded.points`,
      )
      .bind(offsetsJson(TIME_ZONES, now), userId),
    db
      .prepare(
        `INSERT INTO points_erased_sums (country, month, kind, points)
         SELECT country, json_extract(?1, '$.' || country), 'forfeited', -balance FROM points_accounts WHERE user_id = ?2 AND balance > 0
         ON CONFLICT (country, month, kind) DO UPDATE SET points = points + excluded.points`,
      )
      .bind(monthsJson(now), userId),
    db.prepare('DELETE FROM points_ledger WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM points_accounts WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM points_expiry_notices WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM referral_codes WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM account_devices WHERE user_id = ?').bind(userId),
  ];
}

/** Her shard's part (another shard): the sums and balances read first (the two SELECTs' results are the
 * first two of these statements'), then her points rows go under a marker of this batch alone. */
export function pointsErasureShardStatements(shard: D1Database, userId: number, now: number): D1PreparedStatement[] {
  const marker = `erasure:user:${userId}`;
  return [
    shard
      .prepare(
        `SELECT country, ${MONTH_OF} AS month, kind, sum(amount) AS points FROM points_ledger WHERE user_id = ?2 GROUP BY 1, 2, 3`,
      )
      .bind(offsetsJson(TIME_ZONES, now), userId),
    shard.prepare('SELECT country, balance FROM points_accounts WHERE user_id = ? AND balance > 0').bind(userId),
    shard
      .prepare('INSERT INTO shard_departures (owner_key, user_id, started_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
      .bind(marker, userId, now),
    shard.prepare('DELETE FROM points_ledger WHERE user_id = ?').bind(userId),
    shard.prepare('DELETE FROM shard_departures WHERE owner_key = ?').bind(marker),
    shard.prepare('DELETE FROM points_accounts WHERE user_id = ?').bind(userId),
    shard.prepare('DELETE FROM points_expiry_notices WHERE user_id = ?').bind(userId),
  ];
}

export interface ErasedPoints {
  sums: { country: string; month: string; kind: string; points: number }[];
  balances: { country: string; balance: number }[];
}

/** The core's part (another shard): what her shard's batch read, folded in as shard 0 folds it. */
export function pointsErasureCoreStatements(
  db: D1Database,
  userId: number,
  now: number,
  read: ErasedPoints,
): D1PreparedStatement[] {
  const rows = [
    ...read.sums,
    ...read.balances.map((b) => ({
      country: b.country,
      month: countryDate(b.country as CountryCode, now).slice(0, 7),
      kind: 'forfeited',
      points: -b.balance,
    })),
  ];
  return [
    ...(rows.length
      ? [
          db
            .prepare(
              `INSERT INTO points_erased_sums (country, month, kind, points)
               SELECT value ->> 'country', value ->> 'month', value ->> 'kind', value ->> 'points' FROM json_each(?) WHERE 1
               ON CONFLICT (country, month, kind) DO UPDATE SET points = points + excluded.points`,
            )
            .bind(JSON.stringify(rows)),
        ]
      : []),
    db.prepare('DELETE FROM referral_codes WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM account_devices WHERE user_id = ?').bind(userId),
  ];
}
