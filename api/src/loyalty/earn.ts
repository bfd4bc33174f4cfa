// Earning points (decision 58): a shop order when it is delivered, a blood-test order when its results
// are ready, a consultation when it is completed, each in the batch that records the event. The amount
// is SQL over the rows the batch sees (the order's money and its refunds so far), so a refund racing a
// delivery ends as one of the two orders would: refunded first, the delivery earns on what is left;
// delivered first, the refund takes its share back (reverse.ts). Guests earn nothing; nothing is
// earned in a country whose rules are inactive. Every earning refreshes the shopper's tier in the same
// batch (and mails her when she moves up); a delivered friend's first order rewards her referrer.
import type { CountryCode, Lang } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { expiryOf, tierFor } from '#shared/loyalty/rules';
import { type DatabaseEnv, orderShardForWrite, userOwner } from '../db/databases';
import { TIERS, type TierCode } from '#shared/loyalty/types';
import { countryDate } from '#shared/country-days';
import { queueMailWhen } from '../mail/outbox';
import { pointsMove } from './ledger';
import { loyaltyRules } from './rules-read';
import { tierOf, tierRefreshStatements } from './tiers';
import { tierUpMail } from './texts';

/** Where each kind of purchase keeps its money, its earning status and its refunds. */
const SOURCES = {
  order: {
    table: 'orders',
    status: 'delivered',
    delivery: 't.delivery',
    refunded: "coalesce((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = t.id AND r.status <> 'failed'), 0)",
  },
  blood_test: {
    table: 'blood_test_orders',
    status: 'results_ready',
    delivery: '0',
    refunded: "CASE WHEN t.payment_state = 'refunded' THEN t.total ELSE 0 END",
  },
  consultation: {
    table: 'consultations',
    status: 'completed',
    delivery: '0',
    refunded: 't.refunded',
  },
} as const;
export type EarnSource = keyof typeof SOURCES;

/**
 * SQL: the base points are earned on (shared/loyalty/rules.ts earnBase: goods without VAT, delivery or
 * the wallet's share) less the refunded goods, only while the row is in its earning status. Refunds
 * count against the goods first (what earns), so refunding every item leaves nothing (issue 61). A row
 * paid with the wallet (payment_method 'wallet') earns nothing whatever its wallet_used says: the rule is
 * the payment's, and a row written with the method but not the amount (the local call tool's booking,
 * issue 61) must not earn on money the wallet paid.
 */
function earnBaseSql(source: EarnSource, id: number) {
  const s = SOURCES[source];
  const goods = `max(0, t.total - ${s.delivery})`;
  return {
    sql: `(SELECT CASE WHEN t.status = '${s.status}' AND t.total > 0 AND ${goods} > 0 THEN
        (${goods} * max(0, t.total - CASE WHEN t.payment_method = 'wallet' THEN t.total ELSE t.wallet_used END) * 10000
          / (t.total * (10000 + t.vat_basis_points)))
          * max(0, ${goods} - ${s.refunded}) / ${goods}
      END FROM ${s.table} t WHERE t.id = ?)`,
    binds: [id],
  };
}

/** SQL: pointsFor(base, decimals, perUnit, multiplier) over earnBaseSql. */
export function earnSql(source: EarnSource, id: number, country: CountryCode, perUnit: number, multiplierBp: number) {
  const base = earnBaseSql(source, id);
  return {
    sql: `(${base.sql} * CAST(? AS INTEGER) * CAST(? AS INTEGER) / CAST(? AS INTEGER))`,
    binds: [...base.binds, perUnit, multiplierBp, 10 ** COUNTRY_FACTS[country].decimals * 10_000],
  };
}

export interface Recipient {
  email: string | null;
  lang: Lang;
}

/** Her address and language for the loyalty mails; null when the account is gone (erased). */
export async function recipientOf(db: D1Database, userId: number): Promise<Recipient | null> {
  const row = await db
    .prepare('SELECT email, lang FROM users WHERE id = ? AND deleted_at IS NULL')
    .bind(userId)
    .first<{ email: string | null; lang: Lang }>();
  return row ? { email: row.email, lang: row.lang } : null;
}

const rankSql = (col: string) => `(CASE ${col} WHEN 'gold' THEN 2 WHEN 'silver' THEN 1 ELSE 0 END)`;

/**
 * Her tier refreshed after an earning or a reversal, with a mail in her language when it moves up in
 * `country` (queued between the spending's update and the tier's, where the old tier is still stored).
 */
export function tierAfterStatements(
  db: D1Database,
  userId: number,
  country: CountryCode,
  recipient: Recipient | null,
  now: number,
  siteOrigin: string,
): D1PreparedStatement[] {
  const mails = recipient?.email
    ? (TIERS.filter((t) => t !== 'bronze') as TierCode[]).map((tier) =>
        queueMailWhen(
          db,
          {
            to: recipient.email!,
            ...tierUpMail(recipient.lang, tier, siteOrigin),
            lang: recipient.lang,
            kind: 'points_tier_up',
            dedupeKey: `points:tier:${userId}:${country}:${tier}:${countryDate(country, now)}`,
          },
          now,
          {
            sql: `EXISTS (SELECT 1 FROM points_accounts a WHERE a.user_id = ? AND a.country = ?
                AND ${rankSql('a.tier')} < ${rankSql(`'${tier}'`)}
                AND (SELECT t.tier FROM loyalty_tiers t WHERE t.country = a.country AND t.min_spend <= a.spend_12m
                     ORDER BY t.min_spend DESC LIMIT 1) = ?)`,
            binds: [userId, country, tier],
          },
        ),
      )
    : [];
  return tierRefreshStatements(db, userId, now, { between: mails });
}

/** Points for a purchase reaching its earning status, with the tier refresh, for the batch that records it. */
export async function earnStatements(
  db: D1Database,
  e: {
    source: EarnSource;
    id: number;
    userId: number | null;
    country: CountryCode;
    now: number;
    siteOrigin: string;
  },
  /** The core, when `db` is an order shard other than it (decision 61): the rules are read there, the
   * tier from her stored spending, and the statements are her shard's alone (the tier refresh and its
   * mail, which sum the core's bookings beside her orders, are the tier's own helper's). */
  core?: D1Database,
): Promise<D1PreparedStatement[]> {
  if (e.userId === null) return [];
  const split = core !== undefined && core !== db;
  const { rules } = await loyaltyRules(core ?? db, e.country);
  if (!rules.is_active) return [];
  const perUnit =
    e.source === 'order'
      ? rules.points_per_unit
      : e.source === 'blood_test'
        ? rules.blood_test_points_per_unit
        : rules.consultation_points_per_unit;
  const [{ tier }, recipient] = split
    ? [await storedTier(db, core!, e.userId, e.country), null]
    : await Promise.all([tierOf(db, e.userId, e.country, e.now), recipientOf(db, e.userId)]);
  const link =
    e.source === 'order'
      ? {
          orderId: e.id,
          kind: 'earn_order' as const,
          // The refunds this earning already counted (reverse.ts takes later ones in proportion).
          refundId: { sql: 'SELECT max(id) FROM refunds WHERE order_id = ?', binds: [e.id] },
        }
      : e.source === 'blood_test'
        ? { bloodTestOrderId: e.id, kind: 'earn_blood_test' as const }
        : { consultationId: e.id, kind: 'earn_consultation' as const };
  return [
    ...pointsMove(db, {
      userId: e.userId,
      country: e.country,
      amount: earnSql(e.source, e.id, e.country, perUnit, tier.earn_multiplier_bp),
      eventKey: `earn:${e.source === 'order' ? 'order' : e.source === 'blood_test' ? 'blood-test' : 'consultation'}:${e.id}`,
      expiresAt: expiryOf(e.now, rules.expiry_months),
      now: e.now,
      ...link,
    }),
    ...(split ? [] : tierAfterStatements(db, e.userId, e.country, recipient, e.now, e.siteOrigin)),
  ];
}

/** Her tier from the spending her shard's points account stores, against the core's tiers. */
async function storedTier(db: D1Database, core: D1Database, userId: number, country: CountryCode) {
  const [{ tiers }, account] = await Promise.all([
    loyaltyRules(core, country),
    db
      .prepare('SELECT spend_12m FROM points_accounts WHERE user_id = ? AND country = ?')
      .bind(userId, country)
      .first<{ spend_12m: number }>(),
  ]);
  return { tier: tierFor(account?.spend_12m ?? 0, tiers) };
}

/**
 * The referrer's reward for an order in another shard than the core, after its delivery's batch: the
 * referral is the core's, her points are in the referrer's own shard (decision 61). The conditions of
 * referralRewardStatements are read (the order delivered in its shard, the referrer's account and her
 * month's count in the core), then her points are written in her shard (once: the event key) and only
 * then the referral marked, so a failure between leaves it pending, never rewarded without points.
 */
export async function referralRewardAcross(
  env: DatabaseEnv,
  db: D1Database,
  orderId: number,
  now: number,
): Promise<void> {
  const core = env.DB;
  const referral = await core
    .prepare("SELECT id, referrer_id, country, month FROM referrals WHERE order_id = ? AND status = 'pending'")
    .bind(orderId)
    .first<{ id: number; referrer_id: number; country: CountryCode; month: string }>();
  if (!referral) return;
  const { rules } = await loyaltyRules(core, referral.country);
  const [status, checks] = await Promise.all([
    db.prepare('SELECT status FROM orders WHERE id = ?').bind(orderId).first<string>('status'),
    core
      .prepare(
        `SELECT EXISTS (SELECT 1 FROM users WHERE id = ?1 AND deleted_at IS NULL) AS active,
           (SELECT count(*) FROM referrals WHERE referrer_id = ?1 AND month = ?2 AND status = 'rewarded') AS rewarded`,
      )
      .bind(referral.referrer_id, referral.month)
      .first<{ active: number; rewarded: number }>(),
  ]);
  if (status !== 'delivered') return;
  const due = rules.is_active && checks?.active === 1 && (checks?.rewarded ?? 0) < rules.referral_monthly_cap;
  if (due) {
    const theirs = await orderShardForWrite(env, userOwner(referral.referrer_id));
    await theirs.batch(
      pointsMove(theirs, {
        userId: referral.referrer_id,
        country: referral.country,
        amount: rules.referrer_points,
        kind: 'earn_referral',
        eventKey: `referral:${referral.id}`,
        expiresAt: expiryOf(now, rules.expiry_months),
        referralId: referral.id,
        now,
      }),
    );
  }
  await core
    .prepare(`UPDATE referrals SET status = ?, rewarded_at = ? WHERE id = ? AND status = 'pending'`)
    .bind(due ? 'rewarded' : 'void', due ? now : null, referral.id)
    .run();
}

/**
 * The referrer's reward when the friend's first order is delivered (in the delivery's batch): her
 * points unless she already has the month's cap of rewarded friends (then the referral is void), and
 * the referral marked. Nothing while the order is not delivered in the batch (a step that lost a race).
 */
async function referralRewardStatements(
  db: D1Database,
  orderId: number,
  now: number,
  /** Set when the referrer's points are in another order shard than the core (decision 61): nothing is
   * answered for the batch, and the caller rewards her after it (referralRewardAcross). */
  away?: { referrer: boolean },
): Promise<D1PreparedStatement[]> {
  const referral = await db
    .prepare(
      `SELECT id, referrer_id, country, month,
         EXISTS (SELECT 1 FROM shopper_shards r JOIN order_shards s ON s.id = r.shard_id
                 WHERE r.owner_key = 'user:' || referrals.referrer_id AND s.binding <> 'DB') AS referrer_away
       FROM referrals WHERE order_id = ? AND status = 'pending'`,
    )
    .bind(orderId)
    .first<{ id: number; referrer_id: number; country: CountryCode; month: string; referrer_away: number }>();
  if (!referral) return [];
  if (referral.referrer_away === 1) {
    if (away) away.referrer = true;
    return [];
  }
  const { rules } = await loyaltyRules(db, referral.country);
  const due = {
    sql: `(SELECT status FROM referrals WHERE id = ?) = 'pending'
      AND (SELECT status FROM orders WHERE id = ?) = 'delivered'
      AND ? = 1
      AND EXISTS (SELECT 1 FROM users WHERE id = ? AND deleted_at IS NULL)
      AND (SELECT count(*) FROM referrals WHERE referrer_id = ? AND month = ? AND status = 'rewarded') < CAST(? AS INTEGER)`,
    binds: [
      referral.id,
      orderId,
      rules.is_active ? 1 : 0,
      referral.referrer_id,
      referral.referrer_id,
      referral.month,
      rules.referral_monthly_cap,
    ],
  };
  return [
    ...pointsMove(db, {
      userId: referral.referrer_id,
      country: referral.country,
      amount: { sql: `CASE WHEN ${due.sql} THEN CAST(? AS INTEGER) END`, binds: [...due.binds, rules.referrer_points] },
      kind: 'earn_referral',
      eventKey: `referral:${referral.id}`,
      expiresAt: expiryOf(now, rules.expiry_months),
      referralId: referral.id,
      now,
    }),
    db
      .prepare(
        `UPDATE referrals SET status = CASE WHEN ${due.sql} THEN 'rewarded' ELSE 'void' END,
           rewarded_at = CASE WHEN ${due.sql} THEN ? END
         WHERE id = ? AND status = 'pending' AND (SELECT status FROM orders WHERE id = ?) = 'delivered'`,
      )
      .bind(...due.binds, ...due.binds, now, referral.id, orderId),
  ];
}

/** Everything a delivered shop order does to points, for the delivery's batch. */
export async function deliveryPointsStatements(
  db: D1Database,
  order: { id: number; user_id: number | null; country: CountryCode },
  now: number,
  siteOrigin: string,
  /** The core, for an order in another shard: her earning only (the referral: referralRewardAcross). */
  core?: D1Database,
  /** Set when the referrer is in another shard (referralRewardStatements): reward her after the batch. */
  away?: { referrer: boolean },
): Promise<D1PreparedStatement[]> {
  const split = core !== undefined && core !== db;
  return [
    ...(await earnStatements(
      db,
      {
        source: 'order',
        id: order.id,
        userId: order.user_id,
        country: order.country,
        now,
        siteOrigin,
      },
      core,
    )),
    ...(split ? [] : await referralRewardStatements(db, order.id, now, away)),
  ];
}
