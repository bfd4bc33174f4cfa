// Referrals, the shopper's side (issue 47, decision 58): her own code and share link with this month's
// friends (GET /loyalty/referral, mounted beside the ledger's /loyalty routes), and the public landing
// page's read of a code (GET /invite/:code: the referrer's first name and the friend's offer in the
// request's country). The code is made on her first ask (loyalty/referral-code.ts).
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { InviteInfo } from '#shared/loyalty/invite';
import { currencyFor } from '../lib/currency';
import { firstName } from '../consultations/practice/schedule';
import { ApiError } from '../lib/errors';
import { contract } from '../contract/validate';
import { isReferralCodeShape } from '../loyalty/referral-code';
import { referralFrom, referralStatements } from '../loyalty/referral-info';
import { loyaltyRules } from '../loyalty/rules-read';
import { requireUser } from '../middleware/user';
import type { AppEnv } from '../app-env';
import { inviteParams } from '#shared/api/referral-schemas';
import { inviteInfoSchema, referralInfoSchema } from '#shared/loyalty/answer-schemas';

export const referralRoutes = new Hono<AppEnv>().get(
  '/referral',
  contract({
    tag: 'loyalty',
    summary:
      "The shopper's referral code (made on her first ask), her share link in the request's language, the friend's offer and her points per friend in the request's country, friends rewarded this Gulf month against the cap, and friends still pending",
    user: true,
    response: referralInfoSchema,
    messages: [],
  }),
  async (c) => {
    const user = await requireUser(c);
    const db = c.env.DB;
    // One trip besides the rules (kept per isolate): her code (if made), her referrals this month and pending.
    const [{ rules: offer }, results] = await Promise.all([
      loyaltyRules(db, c.var.country),
      db.batch(referralStatements(db, user.id, Date.now())),
    ]);
    return c.json(ok(await referralFrom(c, user.id, results, offer)));
  },
);

export const inviteRoutes = new Hono<AppEnv>().get(
  '/:code',
  contract({
    tag: 'loyalty',
    summary:
      "A referral link's landing: the referrer's first name and the friend's first-order discount and minimum subtotal in the request's country; 404 referral_code_unknown for a code that is no shopper's",
    params: inviteParams,
    badParams: 'not_found',
    response: inviteInfoSchema,
    messages: ['referral_code_unknown'],
  }),
  async (c) => {
    const raw = c.req.valid('param').code;
    if (!isReferralCodeShape(raw)) throw new ApiError(404, 'referral_code_unknown');
    const db = c.env.DB;
    const [owner, { rules: offer }, { currency }] = await Promise.all([
      db
        .prepare(
          `SELECT r.code, u.name FROM referral_codes r JOIN users u ON u.id = r.user_id
         WHERE r.code = ? AND u.deleted_at IS NULL`,
        )
        .bind(raw.toUpperCase())
        .first<{ code: string; name: string }>(),
      loyaltyRules(db, c.var.country),
      currencyFor(db, c.var.country),
    ]);
    if (!owner) throw new ApiError(404, 'referral_code_unknown');
    const info: InviteInfo = {
      code: owner.code,
      first_name: firstName(owner.name),
      country: c.var.country,
      currency,
      discount: offer.referral_discount,
      min_subtotal: offer.referral_min_subtotal,
      active: offer.is_active,
    };
    return c.json(ok(info));
  },
);
