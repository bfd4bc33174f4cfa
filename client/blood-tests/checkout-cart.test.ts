import { describe, expect, it } from 'vitest';
import { readBookingLines } from './checkout-cart';

describe('readBookingLines', () => {
  it('reads the stored blood-test cart (keyed by default SKU id) with each test preparation', () => {
    const stored = {
      '41': {
        count: 1,
        bloodTest: { id: 7, name: 'Vitamin D (25-OH)', fasting_hours: 0, stop_biotin_hours: 0, morning_draw: false },
        sku: { id: 41 },
      },
      '52': {
        count: 1,
        bloodTest: { id: 9, slug: 'lipid-profile', name: 'Lipid profile', fasting_hours: 12 },
        sku: { id: 52 },
      },
    };
    expect(readBookingLines(JSON.stringify(stored))).toEqual([
      { sku_id: 41, name: 'Vitamin D (25-OH)', fasting_hours: 0, stop_biotin_hours: 0, morning_draw: false },
      {
        sku_id: 52,
        name: 'Lipid profile',
        slug: 'lipid-profile',
        fasting_hours: 12,
        stop_biotin_hours: 0,
        morning_draw: false,
      },
    ]);
  });

  it('leaves out what it cannot read, and reads nothing from no cart or a broken one', () => {
    expect(readBookingLines(JSON.stringify({ x: { bloodTest: { name: 'a' } }, '3': { count: 1 } }))).toEqual([]);
    expect(readBookingLines(null)).toEqual([]);
    expect(readBookingLines('{oops')).toEqual([]);
  });
});
