// The arithmetic of points (decision 58), pure so each rule is unit-tested and both sides agree:
// what an order earns, how many points a checkout may spend, which tier a spending reaches, and
// which points expire first.
import type { LoyaltyRules, TierCode, TierRule } from './types';

/**
 * The money an order paid for goods, without VAT, delivery or the wallet's part: the base points are
 * earned on. All amounts VAT-inclusive minor units as stored on the order (decision 9); the wallet
 * pays its share of everything, so only the rest of the goods counts.
 */
export function earnBase(o: {
  total: number;
  delivery: number;
  wallet_used: number;
  vat_basis_points: number;
}): number {
  if (o.total <= 0) return 0;
  const goods = Math.max(0, o.total - o.delivery);
  const paid = Math.max(0, o.total - o.wallet_used);
  return Math.floor((goods * paid * 10_000) / (o.total * (10_000 + o.vat_basis_points)));
}

/** Points for `baseMinor` paid at `perUnit` points per whole KWD or SAR, times the tier's multiplier. */
export function pointsFor(baseMinor: number, decimals: number, perUnit: number, multiplierBp = 10_000): number {
  if (baseMinor <= 0 || perUnit <= 0) return 0;
  return Math.floor((baseMinor * perUnit * multiplierBp) / (10 ** decimals * 10_000));
}

/**
 * Points a price earns (a product's size on its page, a guest's cart): `earnBase` of that price alone,
 * with no delivery or wallet, at `perUnit` times the multiplier (the lowest tier's ×1 unless given).
 * `payableMinor` is VAT-inclusive, in the country's currency, as the shopper sees it.
 */
export function pointsForPrice(
  payableMinor: number,
  c: { vat_basis_points: number; decimals: number; perUnit: number; multiplierBp?: number },
): number {
  const base = earnBase({ total: payableMinor, delivery: 0, wallet_used: 0, vat_basis_points: c.vat_basis_points });
  return pointsFor(base, c.decimals, c.perUnit, c.multiplierBp ?? 10_000);
}

/**
 * Points taken back for a refund: the share of what was earned that the refund is of the order's
 * total, rounded up (a refund never leaves a fraction of a point behind), never more than is left.
 */
export function pointsReversed(earned: number, reversedSoFar: number, refund: number, total: number): number {
  if (earned <= 0 || refund <= 0 || total <= 0) return 0;
  return Math.min(earned - reversedSoFar, Math.ceil((earned * refund) / total));
}

/** What `points` are worth (whole steps only). */
export function pointsValue(
  points: number,
  rules: Pick<LoyaltyRules, 'redeem_step_points' | 'redeem_step_value'>,
): number {
  return Math.floor(points / rules.redeem_step_points) * rules.redeem_step_value;
}

/**
 * The most points a checkout may spend: whole steps of her balance, as many as keep what is left to pay
 * at or above the minimum payable.
 */
export function maxRedeemable(
  balance: number,
  totalBeforePoints: number,
  rules: Pick<LoyaltyRules, 'redeem_step_points' | 'redeem_step_value' | 'min_payable' | 'is_active'>,
): number {
  if (!rules.is_active || balance <= 0) return 0;
  const byBalance = Math.floor(balance / rules.redeem_step_points);
  const byTotal = Math.floor(Math.max(0, totalBeforePoints - rules.min_payable) / rules.redeem_step_value);
  return Math.max(0, Math.min(byBalance, byTotal)) * rules.redeem_step_points;
}

export type RedeemProblem = 'points_not_in_steps' | 'points_over_limit';

/** Points asked for at checkout: null when they are fine, else why not (a message key). */
export function redeemProblem(
  asked: number,
  max: number,
  rules: Pick<LoyaltyRules, 'redeem_step_points'>,
): RedeemProblem | null {
  if (asked % rules.redeem_step_points !== 0) return 'points_not_in_steps';
  if (asked > max) return 'points_over_limit';
  return null;
}

/** The tier a spending reaches: the highest whose minimum it meets (the lowest tier needs 0). */
export function tierFor(spend: number, tiers: readonly TierRule[]): TierRule {
  const sorted = [...tiers].sort((a, b) => a.min_spend - b.min_spend);
  let reached = sorted[0]!;
  for (const t of sorted) if (spend >= t.min_spend) reached = t;
  return reached;
}

/** The tier after `tier` and what is missing to reach it; null at the top. */
export function nextTier(
  spend: number,
  tier: TierCode,
  tiers: readonly TierRule[],
): { tier: TierCode; missing: number; rule: TierRule } | null {
  const sorted = [...tiers].sort((a, b) => a.min_spend - b.min_spend);
  const at = sorted.findIndex((t) => t.tier === tier);
  const next = sorted[at + 1];
  return next ? { tier: next.tier, missing: Math.max(0, next.min_spend - spend), rule: next } : null;
}

/**
 * Points expiring by `until`, first in first out: credits are consumed in the order they expire, so
 * what expires by then is the credits expiring by then less everything already taken out of the
 * account (spent, reversed, adjusted down, expired before). Never more than the balance.
 */
export function expiringBy(
  credits: readonly { amount: number; expires_at: number }[],
  debitedSoFar: number,
  balance: number,
  until: number,
): number {
  const due = credits.filter((c) => c.expires_at <= until).reduce((sum, c) => sum + c.amount, 0);
  return Math.max(0, Math.min(balance, due - debitedSoFar));
}

/** When points credited at `at` expire: `months` calendar months later (UTC). */
export function expiryOf(at: number, months: number): number {
  const d = new Date(at);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  target.setUTCHours(d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
  return target.getTime();
}
