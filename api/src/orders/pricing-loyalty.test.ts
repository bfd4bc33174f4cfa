// Points and a friend's discount in an order's price (issue 47): they come off after free units and the
// coupon, lower the total and so the VAT included in it, never take it below the minimum payable, and
// leave delivery to the subtotal. Kuwaiti numbers to the fils, Saudi numbers to the halala.
import { describe, expect, it } from 'vitest';
import { currencyInfoFor, RATE_SCALE } from '#shared/money';
import { priceOrder } from './pricing';

const KW = currencyInfoFor('KW', RATE_SCALE);
const SA = currencyInfoFor('SA', 122_000); // 1 KWD = 12.2 SAR
const KW_SETTINGS = { free_delivery_minor: 15_000, delivery_fee: 1_000, vat_basis_points: 0 };
const SA_SETTINGS = { free_delivery_minor: 20_000, delivery_fee: 2_500, vat_basis_points: 1_500 };
// The seeded rules (migration 0060): 100 points = KWD 0.200 / SAR 2.00, at least 1.000 / 10.00 to pay.
const RULES = { redeem_step_points: 100, redeem_step_value: 200, min_payable: 1_000, is_active: true };

describe('points and a friend’s discount in the price', () => {
  it('takes a friend’s discount and then points off a Kuwaiti total, to the fils', () => {
    const t = priceOrder({
      lines: [{ sku_id: 1, count: 2, price: 12_500, old_price: null }],
      currency: KW,
      settings: KW_SETTINGS,
      coupon: { kind: 'percent', value: 1_000 },
      referralDiscount: 2_000,
      points: { asked: 1_200, balance: 1_250, rules: RULES },
    });
    // 25.000 − 10 % coupon 2.500 − friend 2.000 − 12 steps × 0.200 = 18.100; free delivery from 15.000.
    expect(t).toMatchObject({
      subtotal: 25_000,
      discount: 2_500,
      referral_discount: 2_000,
      points_used: 1_200,
      points_discount: 2_400,
      delivery: 0,
      total: 18_100,
      vat: 0,
      due: 18_100,
      points_problem: null,
    });
    // At most what leaves 1.000 to pay, and her balance: 12 steps (1,250 points).
    expect(t.points_max).toBe(1_200);
  });

  it('lowers the VAT of a Saudi total with the discounts, to the halala', () => {
    const plain = priceOrder({
      lines: [{ sku_id: 1, count: 2, price: 3_500, old_price: null }],
      currency: SA,
      settings: SA_SETTINGS,
    });
    // 2 × 49.11 + delivery 25.00 = 123.22, VAT 15/115 of it = 16.07.
    expect(plain).toMatchObject({ subtotal: 9_822, delivery: 2_500, total: 12_322, vat: 1_607 });
    const t = priceOrder({
      lines: [{ sku_id: 1, count: 2, price: 3_500, old_price: null }],
      currency: SA,
      settings: SA_SETTINGS,
      referralDiscount: 2_000,
      points: { asked: 500, balance: 800, rules: RULES },
      walletAvailable: 1_000,
    });
    // 123.22 − friend 20.00 − 5 steps × 2.00 = 93.22; VAT included 93.22 × 15 / 115 = 12.159… → 12.16.
    expect(t).toMatchObject({
      referral_discount: 2_000,
      points_discount: 1_000,
      total: 9_322,
      vat: 1_216,
      wallet_used: 1_000,
      due: 8_322,
    });
  });

  it('keeps free delivery from the subtotal when the discounts take the total below the threshold', () => {
    const t = priceOrder({
      lines: [{ sku_id: 1, count: 2, price: 8_500, old_price: null }],
      currency: SA,
      settings: SA_SETTINGS,
      points: { asked: 2_000, balance: 5_000, rules: RULES },
    });
    // 2 × 119.26 = 238.52 ≥ 200.00: free; − 20 steps × 2.00 = 198.52, VAT 25.89.
    expect(t).toMatchObject({ subtotal: 23_852, delivery: 0, points_discount: 4_000, total: 19_852, vat: 2_589 });
  });

  it('never takes what is left to pay below the minimum payable', () => {
    // 3.000 + delivery 1.000 = 4.000; the friend's 2.000 leaves 2.000; points may take 1.000 more: 5 steps.
    const base = {
      lines: [{ sku_id: 1, count: 2, price: 1_500, old_price: null }],
      currency: KW,
      settings: KW_SETTINGS,
      referralDiscount: 2_000,
    };
    const most = priceOrder({ ...base, points: { asked: 500, balance: 10_000, rules: RULES } });
    expect(most).toMatchObject({ points_max: 500, points_used: 500, points_discount: 1_000, total: 1_000 });
    // A friend's discount larger than the room left is cut to it.
    const small = priceOrder({
      lines: [{ sku_id: 1, count: 1, price: 1_500, old_price: null }],
      currency: KW,
      settings: KW_SETTINGS,
      referralDiscount: 2_000,
      minPayable: 1_000,
    });
    expect(small).toMatchObject({ referral_discount: 1_500, total: 1_000 });
  });

  it('refuses points that are not whole steps or more than the order may take, spending none', () => {
    const base = {
      lines: [{ sku_id: 1, count: 2, price: 1_500, old_price: null }],
      currency: KW,
      settings: KW_SETTINGS,
    };
    const over = priceOrder({ ...base, points: { asked: 1_600, balance: 10_000, rules: RULES } });
    // 4.000 − 1.000 = 3.000 of room: 15 steps.
    expect(over).toMatchObject({
      points_max: 1_500,
      points_problem: 'points_over_limit',
      points_used: 0,
      total: 4_000,
    });
    const steps = priceOrder({ ...base, points: { asked: 150, balance: 10_000, rules: RULES } });
    expect(steps).toMatchObject({ points_problem: 'points_not_in_steps', points_used: 0, points_discount: 0 });
    // More than her balance is over the limit too.
    const poor = priceOrder({ ...base, points: { asked: 300, balance: 250, rules: RULES } });
    expect(poor).toMatchObject({ points_max: 200, points_problem: 'points_over_limit' });
    // Rules switched off: nothing may be spent.
    const off = priceOrder({ ...base, points: { asked: 100, balance: 10_000, rules: { ...RULES, is_active: false } } });
    expect(off).toMatchObject({ points_max: 0, points_problem: 'points_over_limit', total: 4_000 });
  });

  it('prices an order without points or a friend as before', () => {
    const t = priceOrder({
      lines: [{ sku_id: 1, count: 2, price: 3_500, old_price: null }],
      currency: KW,
      settings: KW_SETTINGS,
    });
    expect(t).toMatchObject({ referral_discount: 0, points_used: 0, points_discount: 0, points_max: 0, total: 8_000 });
  });
});
