import { describe, expect, it } from 'vitest';
import { fieldErrors, loyaltyRulesInputSchema, loyaltyRulesValues, pointsAdjustSchema } from './staff-loyalty-schemas';

const KW = {
  country: 'KW',
  points_per_unit: '10',
  blood_test_points_per_unit: '5',
  consultation_points_per_unit: '5',
  review_points: '50',
  birthday_points: '100',
  redeem_step_points: '100',
  redeem_step_value: '0.2',
  min_payable: '1',
  expiry_months: '12',
  expiry_notice_days: '30',
  referral_discount: '2',
  referral_min_subtotal: '10',
  referrer_points: '500',
  referral_monthly_cap: '5',
  bronze_min_spend: '0',
  bronze_multiplier: '1',
  bronze_free_delivery: '',
  bronze_early_access_hours: '0',
  silver_min_spend: '١٠٠',
  silver_multiplier: '1.25',
  silver_free_delivery: '10',
  silver_early_access_hours: '24',
  gold_min_spend: '300',
  gold_multiplier: '1.5',
  gold_free_delivery: '5.000',
  gold_early_access_hours: '48',
};

describe('the loyalty rules form', () => {
  it('stores money as the country’s minor units, multipliers as basis points, an empty threshold as none', () => {
    const { rules, tiers } = loyaltyRulesValues(loyaltyRulesInputSchema.parse(KW));
    expect(rules).toMatchObject({
      redeem_step_value: 200,
      min_payable: 1000,
      referral_discount: 2000,
      is_active: false,
    });
    expect(tiers).toEqual([
      { tier: 'bronze', min_spend: 0, earn_multiplier_bp: 10_000, free_delivery_minor: null, early_access_hours: 0 },
      {
        tier: 'silver',
        min_spend: 100_000,
        earn_multiplier_bp: 12_500,
        free_delivery_minor: 10_000,
        early_access_hours: 24,
      },
      {
        tier: 'gold',
        min_spend: 300_000,
        earn_multiplier_bp: 15_000,
        free_delivery_minor: 5_000,
        early_access_hours: 48,
      },
    ]);
    const sa = loyaltyRulesValues(
      loyaltyRulesInputSchema.parse({ ...KW, country: 'SA', gold_free_delivery: '5', is_active: 'on' }),
    );
    expect(sa.rules).toMatchObject({ redeem_step_value: 20, is_active: true });
  });

  it('names each refused field once, with its message key', () => {
    const result = loyaltyRulesInputSchema.safeParse({
      ...KW,
      points_per_unit: '1001',
      bronze_multiplier: '0.5',
      silver_multiplier: '6',
      expiry_months: '',
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!.issues)).toMatchObject({
      points_per_unit: 'points_rules_whole_number',
      bronze_multiplier: 'points_rules_multiplier_range',
      silver_multiplier: 'points_rules_multiplier_range',
      expiry_months: 'mandatory-field',
    });
  });
});

describe('the points adjustment form', () => {
  const base = { country: 'KW', direction: 'add', reason: 'Late parcel', event_key: crypto.randomUUID() };
  it('takes whole points from 1 to 1,000,000 and a reason of 3 to 300 characters', () => {
    expect(pointsAdjustSchema.parse({ ...base, points: '٢٥٠' }).points).toBe(250);
    for (const points of ['0', '1.5', '-5', '1000001', ''])
      expect(pointsAdjustSchema.safeParse({ ...base, points }).error?.issues[0]?.message).toBe(
        'points_adjust_points_invalid',
      );
    expect(pointsAdjustSchema.safeParse({ ...base, points: '5', reason: 'ok' }).error?.issues[0]?.message).toBe(
      'points_adjust_reason_required',
    );
    expect(pointsAdjustSchema.safeParse({ ...base, points: '5', event_key: 'again' }).success).toBe(false);
  });
});
