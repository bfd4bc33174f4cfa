// A shopper's referral card (issue 47): her code (made on her first ask), its share link and her
// friends this month (each referral's month on its country's clocks), read as statements for the caller's batch (GET /loyalty/referral alone, or
// with the rest of the points page: GET /loyalty/page).
import type { Context } from 'hono';
import { COUNTRY_CODES } from '#shared/countries';
import { datesJson } from '#shared/country-days';
import { localizePath } from '#shared/locale';
import type { LoyaltyRules, ReferralInfo } from '#shared/loyalty/types';
import type { AppEnv } from '../app-env';
import type { ReferralCodeRow } from '../db/rows';
import { siteOrigin } from '../lib/site-origin';
import { makeReferralCode } from './referral-code';

/** Her code (if made) and her referrals this month (a referral's country's) and pending, for the caller's batch. */
export function referralStatements(db: D1Database, userId: number, now: number): D1PreparedStatement[] {
  return [
    db.prepare('SELECT code FROM referral_codes WHERE user_id = ?').bind(userId),
    db
      .prepare(
        `SELECT COALESCE(SUM(status = 'rewarded' AND month = substr(json_extract(?, '$.' || country), 1, 7)), 0) AS rewarded,
              COALESCE(SUM(status = 'pending'), 0) AS pending
       FROM referrals WHERE referrer_id = ?`,
      )
      .bind(datesJson(COUNTRY_CODES, now), userId),
  ];
}

/** ReferralInfo from referralStatements' results; her code is made here on her first ask. */
export async function referralFrom(
  c: Context<AppEnv>,
  userId: number,
  [codeRes, countRes]: D1Result[],
  offer: LoyaltyRules,
): Promise<ReferralInfo> {
  const code =
    (codeRes!.results as Pick<ReferralCodeRow, 'code'>[])[0]?.code ?? (await makeReferralCode(c.env.DB, userId));
  const counts = (countRes!.results as { rewarded: number; pending: number }[])[0]!;
  return {
    code,
    link: `${siteOrigin(c)}${localizePath(`/invite/${code}`, c.var.lang)}`,
    friend_discount: offer.referral_discount,
    friend_min_subtotal: offer.referral_min_subtotal,
    referrer_points: offer.referrer_points,
    rewarded_this_month: counts.rewarded,
    monthly_cap: offer.referral_monthly_cap,
    pending: counts.pending,
  };
}
