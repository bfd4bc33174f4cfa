import { describe, expect, it } from 'vitest';
import {
  earnBase,
  expiringBy,
  expiryOf,
  maxRedeemable,
  nextTier,
  pointsFor,
  pointsForPrice,
  pointsReversed,
  redeemProblem,
  tierFor,
} from './rules';
import type { TierRule } from './types';

const SA = { redeem_step_points: 100, redeem_step_value: 200, min_payable: 1000, is_active: true };
const tiers: TierRule[] = [
  { tier: 'gold', min_spend: 360000, earn_multiplier_bp: 15000, free_delivery_minor: 10000, early_access_hours: 48 },
  { tier: 'bronze', min_spend: 0, earn_multiplier_bp: 10000, free_delivery_minor: null, early_access_hours: 0 },
  { tier: 'silver', min_spend: 120000, earn_multiplier_bp: 12500, free_delivery_minor: 15000, early_access_hours: 24 },
];

describe('points arithmetic', () => {
  it('earns on goods paid in money, without delivery, VAT or the wallet', () => {
    // SAR 230.00 with SAR 25.00 delivery, VAT 15 % included: goods SAR 205.00 → SAR 178.26 net.
    expect(earnBase({ total: 23000, delivery: 2500, wallet_used: 0, vat_basis_points: 1500 })).toBe(17826);
    // Half paid from the wallet: half the base.
    expect(earnBase({ total: 23000, delivery: 2500, wallet_used: 11500, vat_basis_points: 1500 })).toBe(8913);
    expect(earnBase({ total: 0, delivery: 0, wallet_used: 0, vat_basis_points: 0 })).toBe(0);
    // Kuwait (3 decimals, no VAT): KWD 12.345 at 10 points per KWD, gold ×1.5 → 185.
    expect(pointsFor(12345, 3, 10, 15000)).toBe(185);
    expect(pointsFor(17826, 2, 1)).toBe(178);
  });

  it('takes back a refund’s share of what was earned, never more than is left', () => {
    expect(pointsReversed(178, 0, 11500, 23000)).toBe(89);
    expect(pointsReversed(178, 170, 23000, 23000)).toBe(8);
    expect(pointsReversed(0, 0, 100, 100)).toBe(0);
  });

  it('spends whole steps, never below the minimum payable', () => {
    expect(maxRedeemable(1250, 100000, SA)).toBe(1200);
    // SAR 15.00 to pay, SAR 10.00 minimum: SAR 5.00 = two steps (SAR 4.00).
    expect(maxRedeemable(5000, 1500, SA)).toBe(200);
    expect(maxRedeemable(5000, 900, SA)).toBe(0);
    expect(maxRedeemable(5000, 100000, { ...SA, is_active: false })).toBe(0);
    expect(redeemProblem(150, 1200, SA)).toBe('points_not_in_steps');
    expect(redeemProblem(1300, 1200, SA)).toBe('points_over_limit');
    expect(redeemProblem(1200, 1200, SA)).toBeNull();
  });

  it('finds the tier a spending reaches and what the next needs', () => {
    expect(tierFor(0, tiers).tier).toBe('bronze');
    expect(tierFor(120000, tiers).tier).toBe('silver');
    expect(tierFor(999999, tiers).tier).toBe('gold');
    expect(nextTier(100000, 'bronze', tiers)).toMatchObject({ tier: 'silver', missing: 20000 });
    expect(nextTier(999999, 'gold', tiers)).toBeNull();
  });

  it('expires first in, first out', () => {
    const jan = Date.UTC(2026, 0, 1);
    const mar = Date.UTC(2026, 2, 1);
    const credits = [
      { amount: 100, expires_at: jan },
      { amount: 100, expires_at: mar },
    ];
    expect(expiringBy(credits, 50, 150, jan)).toBe(50);
    // After that expiry (50) and a spend of 100, nothing of March's lot is left.
    expect(expiringBy(credits, 200, 0, mar)).toBe(0);
    expect(expiringBy(credits, 0, 120, mar)).toBe(120);
  });

  it('dates expiry whole months later, at the month’s end when the day does not exist', () => {
    expect(new Date(expiryOf(Date.UTC(2026, 0, 31, 10), 1)).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(new Date(expiryOf(Date.UTC(2026, 10, 25), 12)).toISOString()).toBe('2027-11-25T00:00:00.000Z');
  });
});

describe('pointsForPrice', () => {
  it("earns on a price as shown, VAT taken out, in each country's decimals", () => {
    // KWD 3.500 at 10 points per KWD (no VAT): 35.
    expect(pointsForPrice(3500, { vat_basis_points: 0, decimals: 3, perUnit: 10 })).toBe(35);
    // SAR 46.00 with 15 % VAT in it: SAR 40.00 of goods at 1 point per SAR: 40; twice at gold's ×1.5: 120.
    expect(pointsForPrice(4600, { vat_basis_points: 1500, decimals: 2, perUnit: 1 })).toBe(40);
    expect(pointsForPrice(9200, { vat_basis_points: 1500, decimals: 2, perUnit: 1, multiplierBp: 15000 })).toBe(120);
    expect(pointsForPrice(0, { vat_basis_points: 0, decimals: 3, perUnit: 10 })).toBe(0);
  });
});
