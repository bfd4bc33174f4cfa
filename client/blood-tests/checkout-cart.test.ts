import { describe, expect, it } from 'vitest';
import type { BloodTestCartEntry } from './cart-store';
import { bookingLines } from './checkout-cart';

const entry = (sku: number, slug: string, name: string, fasting_hours: number): BloodTestCartEntry => ({
  count: 1,
  bloodTest: {
    id: sku - 40,
    slug,
    name,
    kind: 'test',
    fasting_hours,
    price: { price: 9000, old_price: null },
    currency: 'KWD',
    default_sku: { id: sku },
  },
  sku: { id: sku },
});

describe('bookingLines', () => {
  it("reads the blood-test cart's tests with their fasting hours and pages", () => {
    expect(
      bookingLines({
        '41': entry(41, 'vitamin-d-test', 'Vitamin D (25-OH) test', 0),
        '52': entry(52, 'lipid-profile-test', 'Lipid profile', 12),
      }),
    ).toEqual([
      {
        sku_id: 41,
        name: 'Vitamin D (25-OH) test',
        slug: 'vitamin-d-test',
        fasting_hours: 0,
        stop_biotin_hours: 0,
        morning_draw: false,
      },
      {
        sku_id: 52,
        name: 'Lipid profile',
        slug: 'lipid-profile-test',
        fasting_hours: 12,
        stop_biotin_hours: 0,
        morning_draw: false,
      },
    ]);
  });

  it('is empty for an empty cart', () => {
    expect(bookingLines({})).toEqual([]);
  });
});
