// A cart shown in another country than before (issue 77): the old country's checkout choices go, its
// coupon leaves once the new country's quote refuses it as the old country's, and what the syncs
// dropped is kept for the notice.
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkout, clearCheckout } from '../stores/checkout';
import { countryMove, forgetCartCountry, noteCartCountry, noteCouponOfOldCountry, noteDropped } from './country-move';

const storage = () => {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
};

afterAll(() => {
  vi.unstubAllGlobals();
});

beforeEach(() => {
  vi.stubGlobal('localStorage', storage());
  vi.stubGlobal('sessionStorage', storage());
  Object.assign(countryMove, { from: null, dropped: [], coupon: null });
  Object.assign(checkout, {
    coupon: 'TEN',
    points: 500,
    useWallet: true,
    paymentMethod: 'wallet',
    addressId: 7,
    speed: 'express',
    idempotencyKey: 'k-0123456789abcdef',
  });
});

describe('a cart moved between countries', () => {
  it('first seen in a country: nothing moves, the country is remembered', () => {
    expect(noteCartCountry('KW')).toBe(false);
    expect(noteCartCountry('KW')).toBe(false);
    expect(checkout).toMatchObject({ points: 500, useWallet: true, addressId: 7 });
    expect(countryMove.from).toBeNull();
  });

  it("shown in another country: the old country's points, wallet, speed, address and attempt go", () => {
    noteCartCountry('KW');
    expect(noteCartCountry('SA')).toBe(true);
    expect(countryMove.from).toBe('KW');
    expect(checkout).toMatchObject({
      points: 0,
      useWallet: false,
      paymentMethod: 'cod',
      addressId: null,
      speed: null,
      idempotencyKey: null,
    });
    // A coupon of both countries may still apply: it waits for the new country's quote.
    expect(checkout.coupon).toBe('TEN');
  });

  it('an emptied cart, or one that was ordered, starts again in no country: nothing moves', () => {
    noteCartCountry('KW');
    forgetCartCountry();
    expect(noteCartCountry('SA')).toBe(false);
    clearCheckout();
    expect(noteCartCountry('KW')).toBe(false);
    expect(checkout.points).toBe(500);
  });

  it("names the coupon only when the new country's quote refuses it as the old country's", () => {
    expect(noteCouponOfOldCountry({ code: 'TEN', problem: 'coupon_for_kw' })).toBe(false);
    noteCartCountry('KW');
    noteCartCountry('SA');
    expect(noteCouponOfOldCountry({ code: 'TEN', problem: 'coupon_expired' })).toBe(false);
    expect(noteCouponOfOldCountry({ code: 'TEN', problem: null })).toBe(false);
    expect(noteCouponOfOldCountry({ code: 'TEN', problem: 'coupon_for_sa' })).toBe(false);
    expect(countryMove.coupon).toBeNull();
    expect(noteCouponOfOldCountry({ code: 'TEN', problem: 'coupon_for_kw' })).toBe(true);
    expect(countryMove.coupon).toBe('TEN');
  });

  it('keeps each dropped line once, products and blood tests apart', () => {
    noteDropped('blood_test', [{ sku_id: 1036, name: 'Allergy panel' }]);
    noteDropped('blood_test', [{ sku_id: 1036, name: 'Allergy panel' }]);
    noteDropped('product', [{ sku_id: 1036, name: 'Same id, a product' }]);
    expect(countryMove.dropped).toEqual([
      { sku_id: 1036, name: 'Allergy panel', kind: 'blood_test' },
      { sku_id: 1036, name: 'Same id, a product', kind: 'product' },
    ]);
  });
});
