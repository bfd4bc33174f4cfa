// Points for a shopper whose points are in another order shard than the core (decision 61), when what
// earns them is the core's: a blood test's results, a consultation's completion, and her tier, which sums her bookings (core) beside her orders (her shard). In shard 0 all of
// this is SQL inside the batch that records the event (earn.ts, reverse.ts, tiers.ts); across two
// databases the amount is computed in the core and written in her shard after the core's batch, once
// per event (the ledger's event keys), and her tier is then computed from both and stored in her shard.
// A failure between the two batches is logged with the event: the points are missing, never doubled,
// and the nightly tier run (jobs.ts) still refreshes her tier.
import type { CountryCode } from '#shared/locale';
import { expiryOf, tierFor } from '#shared/loyalty/rules';
import type { TierCode } from '#shared/loyalty/types';
import { countryDate } from '#shared/country-days';
import type { DatabaseEnv, Route } from '../db/databases';
import { queueMail } from '../mail/outbox';
import { type EarnSource, earnSql, recipientOf, type Recipient } from './earn';
import { pointsMove } from './ledger';
import { loyaltyRules } from './rules-read';
import { tierUpMail } from './texts';
import { orderSpendOf, orderSpendStatement, SPEND_WINDOW_MS, spendSql } from './tiers';

const RANK: Record<TierCode, number> = { bronze: 0, silver: 1, gold: 2 };

/**
 * Her tier in each country she has points in, from her spending now (her orders' part read in her
 * shard, the bookings and the conversion in the core), stored on her shard's accounts; a move up mails
 * her in her language, once a day per tier (the same dedupe key as tierAfterStatements').
 */
export async function tierAcross(
  env: DatabaseEnv,
  shard: D1Database,
  userId: number,
  now: number,
  siteOrigin: string,
  /** Her address and language when the caller has them (the nightly run reads them in bulk). */
  known?: Recipient | null,
): Promise<void> {
  const core = env.DB;
  const cutoff = now - SPEND_WINDOW_MS;
  const [accounts, orders] = await shard.batch([
    shard.prepare('SELECT country, tier FROM points_accounts WHERE user_id = ?').bind(userId),
    orderSpendStatement(shard, userId, cutoff),
  ]);
  const mine = accounts!.results as { country: CountryCode; tier: TierCode }[];
  if (mine.length === 0) return;
  const json = orderSpendOf(orders!);
  const spends = await core.batch(
    mine.map((a) => {
      const spend = spendSql(userId, cutoff, '?', [a.country], json);
      return core.prepare(`SELECT ${spend.sql} AS spend`).bind(...spend.binds);
    }),
  );
  const fresh = await Promise.all(
    mine.map(async (a, i) => {
      const spend = (spends[i]!.results[0] as { spend: number } | undefined)?.spend ?? 0;
      const { tiers } = await loyaltyRules(core, a.country);
      return { ...a, spend, next: tierFor(spend, tiers).tier };
    }),
  );
  await shard.batch(
    fresh.map((a) =>
      shard
        .prepare(
          'UPDATE points_accounts SET spend_12m = ?, tier = ?, tier_updated_at = ? WHERE user_id = ? AND country = ?',
        )
        .bind(a.spend, a.next, now, userId, a.country),
    ),
  );
  const up = fresh.filter((a) => RANK[a.next] > RANK[a.tier]);
  if (up.length === 0) return;
  const recipient = known === undefined ? await recipientOf(core, userId) : known;
  if (!recipient?.email) return;
  await core.batch(
    up.map((a) =>
      queueMail(
        core,
        {
          to: recipient.email!,
          ...tierUpMail(recipient.lang, a.next, siteOrigin),
          lang: recipient.lang,
          kind: 'points_tier_up',
          dedupeKey: `points:tier:${userId}:${a.country}:${a.next}:${countryDate(a.country, now)}`,
        },
        now,
      ),
    ),
  );
}

/**
 * A booking's points (earnStatements' for a blood test or consultation) when her points are in `route`,
 * another shard: the core's batch has stored the booking in its earning status; the amount is computed
 * there with the multiplier of her stored tier, then written in her shard once, then her tier refreshed.
 */
export async function earnAcross(
  env: DatabaseEnv,
  route: Route,
  e: { source: Exclude<EarnSource, 'order'>; id: number; userId: number; country: CountryCode; now: number },
  siteOrigin: string,
): Promise<void> {
  const core = env.DB;
  const { rules, tiers } = await loyaltyRules(core, e.country);
  if (rules.is_active) {
    const perUnit = e.source === 'blood_test' ? rules.blood_test_points_per_unit : rules.consultation_points_per_unit;
    const account = await route.db
      .prepare('SELECT spend_12m FROM points_accounts WHERE user_id = ? AND country = ?')
      .bind(e.userId, e.country)
      .first<{ spend_12m: number }>();
    const tier = tierFor(account?.spend_12m ?? 0, tiers);
    const earn = earnSql(e.source, e.id, e.country, perUnit, tier.earn_multiplier_bp);
    const points = await core
      .prepare(`SELECT ${earn.sql} AS points`)
      .bind(...earn.binds)
      .first<number | null>('points');
    if (points && points > 0)
      await route.db.batch(
        pointsMove(route.db, {
          userId: e.userId,
          country: e.country,
          amount: points,
          eventKey: `earn:${e.source === 'blood_test' ? 'blood-test' : 'consultation'}:${e.id}`,
          expiresAt: expiryOf(e.now, rules.expiry_months),
          now: e.now,
          ...(e.source === 'blood_test'
            ? { bloodTestOrderId: e.id, kind: 'earn_blood_test' as const }
            : { consultationId: e.id, kind: 'earn_consultation' as const }),
        }),
      );
  }
  await tierAcross(env, route.db, e.userId, e.now, siteOrigin);
}
