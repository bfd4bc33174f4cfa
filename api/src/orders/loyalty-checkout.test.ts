// The checks a friend's referral code goes through at checkout (issue 47), one refusal each, and the
// tier's free-delivery threshold. The reads behind them are tested against D1 in
// tests/integration/api/referrals.test.ts.
import { describe, expect, it } from 'vitest';
import type { LoyaltyRules } from '#shared/loyalty/types';
import {
  addressKey,
  freeDeliveryFor,
  phoneKey,
  referralProblem,
  type Friend,
  type ReferralReads,
} from './loyalty-checkout';

const RULES: LoyaltyRules = {
  country: 'KW',
  points_per_unit: 10,
  blood_test_points_per_unit: 5,
  consultation_points_per_unit: 5,
  review_points: 50,
  birthday_points: 100,
  redeem_step_points: 100,
  redeem_step_value: 200,
  min_payable: 1_000,
  expiry_months: 12,
  expiry_notice_days: 30,
  referral_discount: 2_000,
  referral_min_subtotal: 10_000,
  referrer_points: 500,
  referral_monthly_cap: 5,
  is_active: true,
};
const HOME = {
  country: 'KW',
  phone: '+96550000001',
  area_id: 26,
  block: '4',
  street: 'Salem Al-Mubarak',
  avenue: null,
  building: '12',
  floor: '3',
  apartment: '7',
};
const friend = (over: Partial<Friend> = {}): Friend => ({
  userId: 2,
  email: 'friend@example.com',
  phone: '+96560000002',
  deviceId: 'device-friend',
  address: { ...HOME, phone: '+96560000002', block: '9', building: '40' },
  ...over,
});
const reads = (
  over: Partial<NonNullable<ReferralReads['referrer']>> = {},
  rest: Partial<ReferralReads> = {},
): ReferralReads => ({
  referrer: {
    referrer_id: 1,
    email: 'referrer@gmail.com',
    phone: '+96550000001',
    month_count: 0,
    same_device: 0,
    addresses: JSON.stringify([HOME]),
    order_addresses: JSON.stringify([]),
    ...over,
  },
  referred: false,
  ordered: null,
  ...rest,
});
const check = (f: Friend | null, r: ReferralReads | null, subtotal = 12_000, rules: LoyaltyRules | null = RULES) =>
  referralProblem({ friend: f, reads: r, rules, subtotal });

describe('a friend’s referral code at checkout', () => {
  it('applies to a signed-in friend’s first order above the minimum', () => {
    expect(check(friend(), reads())).toBeNull();
  });

  it('refuses each kind of abuse with its own message key', () => {
    expect(check(null, null)).toBe('referral_sign_in');
    expect(check(friend(), { referrer: null, referred: false, ordered: null })).toBe('referral_code_unknown');
    expect(check(friend(), reads(), 12_000, { ...RULES, is_active: false })).toBe('referral_paused');
    expect(check(friend({ userId: 1 }), reads())).toBe('referral_own_code');
    // Her account phone is the referrer's, in another format and Arabic-Indic digits.
    expect(check(friend({ phone: '٥٠٠٠٠٠٠١' }), reads())).toBe('referral_same_phone');
    // The delivery phone of one of the referrer's past orders.
    expect(
      check(
        friend({ address: { ...friend().address, phone: '+96570000003' } }),
        reads({ order_addresses: JSON.stringify([{ ...HOME, phone: '+96570000003', block: '1' }]) }),
      ),
    ).toBe('referral_same_phone');
    expect(check(friend(), reads({ same_device: 1 }))).toBe('referral_same_device');
    // The referrer's saved address, typed differently.
    expect(
      check(
        friend({ address: { ...HOME, phone: '+96560000002', block: 'Block ٤', street: 'salem al mubarak' } }),
        reads(),
      ),
    ).toBe('referral_same_address');
    // Gmail's dots and plus part: one inbox.
    expect(check(friend({ email: 'Re.Fer.Rer+friend@googlemail.com' }), reads())).toBe('referral_same_email');
    // Two accounts made with a phone have no e-mail: that is not one inbox.
    expect(check(friend({ email: '' }), reads({ email: '' }))).toBeNull();
    expect(check(friend(), reads({}, { ordered: 'account' }))).toBe('referral_not_first_order');
    // An earlier order from her phone number or with her e-mail address says so (issue 61), never whose.
    expect(check(friend(), reads({}, { ordered: 'phone' }))).toBe('referral_phone_ordered_before');
    expect(check(friend(), reads({}, { ordered: 'email' }))).toBe('referral_email_ordered_before');
    expect(check(friend(), reads({}, { referred: true }))).toBe('referral_not_first_order');
    expect(check(friend(), reads({ month_count: 5 }))).toBe('referral_monthly_cap');
    expect(check(friend(), reads(), 9_999)).toBe('referral_min_subtotal');
  });

  it('compares phones by their national number and addresses by the fields that find the door', () => {
    expect(phoneKey('+966 55 123 4567')).toBe(phoneKey('0551234567'));
    expect(phoneKey('12')).toBeNull();
    expect(addressKey({ ...HOME, building: ' 12 ' })).toBe(addressKey(HOME));
    expect(addressKey({ ...HOME, apartment: '8' })).not.toBe(addressKey(HOME));
    // A Saudi national short address alone finds the door.
    expect(addressKey({ country: 'SA', short_address: 'RRRD2929' })).toBe(
      addressKey({ country: 'SA', short_address: 'rrrd 2929', city_id: 1 }),
    );
    // Too little to compare: never a match.
    expect(addressKey({ country: 'KW', area_id: 1 })).toBeNull();
  });
});

describe('the tier’s free delivery', () => {
  it('replaces the country’s threshold when lower, and never raises it', () => {
    const tier = { tier: 'gold' as const, min_spend: 0, earn_multiplier_bp: 15_000, early_access_hours: 48 };
    expect(freeDeliveryFor(15_000, { ...tier, free_delivery_minor: 5_000 })).toBe(5_000);
    expect(freeDeliveryFor(15_000, { ...tier, free_delivery_minor: null })).toBe(15_000);
    expect(freeDeliveryFor(15_000, { ...tier, free_delivery_minor: 20_000 })).toBe(15_000);
    expect(freeDeliveryFor(15_000, null)).toBe(15_000);
  });
});
