import { describe, expect, it } from 'vitest';
import {
  gatewayMethodsFor,
  splitInstallments,
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
