// The second reminder's incentive (issue 64): when the owner set one for the cart's country, a code of
// that many basis points off, one use, for this shopper alone (coupons.holder: a forwarded code reads as
// not valid to anyone else), in that country, for a week. It is a coupon like any other at checkout:
// one coupon an order, the promotions' own rules, so it stacks with nothing the rules refuse.
import { shopperPart } from '../lib/shopper-part';
import type { CountryCode } from '#shared/countries';

const INCENTIVE_DAYS = 7;

/** Letters and digits a shopper cannot misread (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `CART-${[...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

export interface Incentive {
  code: string;
  basis_points: number;
  ends_at: number;
  statement: D1PreparedStatement;
}

/** The code and its INSERT (for the step's batch), or null when there is none to give. */
export function incentiveFor(
  db: D1Database,
  cart: { country: CountryCode; user_id: number | null; email: string | null },
  basisPoints: number,
  now: number,
): Incentive | null {
  const holder = shopperPart({ userId: cart.user_id, email: cart.email });
  if (!basisPoints || !holder) return null;
  const code = newCode();
  const endsAt = now + INCENTIVE_DAYS * 86_400_000;
  return {
    code,
    basis_points: basisPoints,
    ends_at: endsAt,
    statement: db
      .prepare(
        `INSERT INTO coupons (code, kind, value, min_subtotal_fils, max_uses, used, once_per_shopper, per_person_limit,
           starts_at, ends_at, is_active, country, currency, updated_at, holder)
         VALUES (?, 'percent', ?, 0, 1, 0, 1, 1, ?, ?, 1, ?, NULL, ?, ?)`,
      )
      .bind(code, basisPoints, now, endsAt, cart.country, now, holder),
  };
}
