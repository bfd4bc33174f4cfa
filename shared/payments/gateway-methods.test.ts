import { describe, expect, it } from 'vitest';
import {
  gatewayMethodsFor,
  installmentSchedule,
  splitInstallments,
  isPayLater,
  isRedirectMethod,
  payLaterOffered,
  unavailableReason,
} from './gateway-methods';

describe('the gateway methods a country offers for an amount', () => {
  it('offers Tabby in Kuwait from 1 KWD, and STC Pay and Tamara in Saudi Arabia only', () => {
    expect(gatewayMethodsFor('KW', 1_000).offered).toEqual(['knet', 'card', 'apple_pay', 'tabby']);
    expect(gatewayMethodsFor('SA', 1_000).offered).toEqual(['mada', 'card', 'apple_pay', 'stc_pay', 'tabby', 'tamara']);
  });

  it('keeps a pay-later provider out below its minimum and above its maximum, with the limit passed', () => {
    expect(gatewayMethodsFor('KW', 999)).toEqual({
      offered: ['knet', 'card', 'apple_pay'],
      unavailable: [{ method: 'tabby', reason: 'below_minimum', limit: 1_000 }],
    });
    // SAR 9.99: below Tabby's documented SAR 10, and the shop's Tamara minimum; STC Pay takes any amount.
    expect(gatewayMethodsFor('SA', 999).offered).toEqual(['mada', 'card', 'apple_pay', 'stc_pay']);
    expect(unavailableReason('tabby', 'SA', 500_001)).toEqual({
      method: 'tabby',
      reason: 'above_maximum',
      limit: 500_000,
    });
    expect(unavailableReason('tabby', 'SA', 500_000)).toBeNull();
    expect(unavailableReason('card', 'SA', 10_000_000)).toBeNull();
  });

  it('names the pay-later provider of the product and cart notes, none when the amount is out of range', () => {
    expect(payLaterOffered('KW', 37_500)).toBe('tabby');
    expect(payLaterOffered('SA', 999)).toBeNull();
    expect(payLaterOffered('KW', 600_000)).toBeNull();
  });

  it('leads back to the review step from the providers’ own pages only', () => {
    expect(['stc_pay', 'tabby', 'tamara'].every(isRedirectMethod)).toBe(true);
    expect(['knet', 'mada', 'card', 'apple_pay', null].some(isRedirectMethod)).toBe(false);
  });
});

describe('a pay-later plan’s payments', () => {
  it('are equal when the amount divides, else the first carries the few minor units left over', () => {
    expect(splitInstallments(15_000, 4)).toEqual([3_750, 3_750, 3_750, 3_750]);
    expect(splitInstallments(12_322, 4)).toEqual([3_082, 3_080, 3_080, 3_080]);
    for (const total of [1, 7, 1_000, 12_322, 99_999]) {
      const parts = splitInstallments(total, 4);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThan(4);
    }
  });

  it('refuses money that is not integer minor units', () => {
    expect(() => splitInstallments(10.5, 4)).toThrow(TypeError);
    expect(() => splitInstallments(-4, 4)).toThrow(TypeError);
  });
});

describe('a pay-later plan’s schedule (issue 44, finding 12)', () => {
  // 25 Nov 2026, 23:30 in Riyadh and Kuwait City (20:30 UTC): still the 25th there.
  const lateEvening = Date.parse('2026-11-25T20:30:00Z');
  // 26 Nov 2026, 01:00 in the Gulf, but still the 25th in UTC.
  const afterMidnight = Date.parse('2026-11-25T22:00:00Z');

  it('splits KWD (3 decimals) into four parts that add up, the remainder on the first, one a month', () => {
    const plan = installmentSchedule('tabby', 10_001, lateEvening, 'KW');
    expect(plan.map((p) => p.amount)).toEqual([2_501, 2_500, 2_500, 2_500]);
    expect(plan.map((p) => p.day)).toEqual(['2026-11-25', '2026-12-25', '2027-01-25', '2027-02-25']);
  });

  it('splits SAR (2 decimals) of an uneven total exactly: SAR 100.03 is 25.03 then 3 × 25.00', () => {
    const plan = installmentSchedule('tamara', 10_003, lateEvening, 'KW');
    expect(plan.map((p) => p.amount)).toEqual([2_503, 2_500, 2_500, 2_500]);
    expect(plan.reduce((sum, p) => sum + p.amount, 0)).toBe(10_003);
    for (const total of [1_000, 1_001, 1_002, 1_003, 45_999, 500_000])
      expect(installmentSchedule('tabby', total, lateEvening, 'KW').reduce((sum, p) => sum + p.amount, 0)).toBe(total);
  });

  it('dates by the country’s calendar, not the server’s: in Dubai 20:30 UTC is already the next day (issue 77)', () => {
    expect(installmentSchedule('tabby', 4_000, lateEvening, 'AE').map((p) => p.day)).toEqual([
      '2026-11-26',
      '2026-12-26',
      '2027-01-26',
      '2027-02-26',
    ]);
    expect(new Date(installmentSchedule('tabby', 4_000, lateEvening, 'AE')[0]!.at).toISOString()).toBe(
      '2026-11-26T08:00:00.000Z',
    );
  });

  it('dates by the Gulf calendar (UTC+3) in Kuwait, not the server’s', () => {
    expect(installmentSchedule('tabby', 4_000, afterMidnight, 'KW')[0]!.day).toBe('2026-11-26');
    // Noon in the Gulf of each day, so the shop's formatter prints that day.
    const [first] = installmentSchedule('tabby', 4_000, afterMidnight, 'KW');
    expect(new Date(first!.at).toISOString()).toBe('2026-11-26T09:00:00.000Z');
  });

  it('keeps the day of the month, or the month’s last day when it has none', () => {
    const jan31 = Date.parse('2027-01-31T09:00:00Z');
    expect(installmentSchedule('tabby', 4_000, jan31, 'KW').map((p) => p.day)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
  });
});

describe('one eligibility rule for the cart’s note and the review step (issue 44, finding 12)', () => {
  it('offers no pay-later plan, STC Pay or KNET for an order that starts a subscription, and says why', () => {
    const sa = gatewayMethodsFor('SA', 20_000, { subscribing: true });
    expect(sa.offered).toEqual(['mada', 'card', 'apple_pay']);
    expect(sa.unavailable).toEqual([
      { method: 'stc_pay', reason: 'subscription', limit: 0 },
      { method: 'tabby', reason: 'subscription', limit: 0 },
      { method: 'tamara', reason: 'subscription', limit: 0 },
    ]);
    expect(gatewayMethodsFor('KW', 20_000, { subscribing: true }).offered).toEqual(['card', 'apple_pay']);
  });

  it('advertises a provider in the cart exactly when the review step offers it', () => {
    for (const country of ['KW', 'SA'] as const)
      for (const due of [500, 1_000, 37_500, 500_000, 600_000])
        for (const subscribing of [false, true]) {
          const plans = gatewayMethodsFor(country, due, { subscribing }).offered.filter(isPayLater);
          expect(payLaterOffered(country, due, { subscribing })).toBe(plans[0] ?? null);
        }
    expect(payLaterOffered('SA', 37_500, { subscribing: true })).toBeNull();
    expect(payLaterOffered('SA', 37_500)).toBe('tabby');
  });
});
