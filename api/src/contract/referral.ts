// Referrals, the shopper's side (issue 47): merged into CONTRACTS (registry.ts).
import { inviteParams } from '#shared/api/referral-schemas';
import type { RouteContract } from './route-contract';

export const REFERRAL_CONTRACTS = {
  'GET /loyalty/referral': {
    tag: 'loyalty',
    summary:
      "The shopper's referral code (made on her first ask), her share link in the request's language, the friend's offer and her points per friend in the request's country, friends rewarded this Gulf month against the cap, and friends still pending",
    user: true,
  },
  'GET /invite/:code': {
    tag: 'loyalty',
    summary:
      "A referral link's landing: the referrer's first name and the friend's first-order discount and minimum subtotal in the request's country; 404 referral_code_unknown for a code that is no shopper's",
    params: inviteParams,
    badParams: 'not_found',
  },
} as const satisfies Record<string, RouteContract>;
