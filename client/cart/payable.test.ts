import { describe, expect, it } from 'vitest';
import { currencyInfoFor, payableMinor, RATE_SCALE } from '#shared/money';
import type { CartEntry } from './cart-store';
import { cartPayableMinor } from './payable';

const KW = currencyInfoFor('KW', RATE_SCALE, 0);
const SA = currencyInfoFor('SA', 122_000, 1_500);

const entry = (id: number, price: number, count: number, in_stock = true): CartEntry =>
  ({
    count,
    sku: { id, name: 's', price: { price, old_price: null }, buy_limit: null, in_stock },
    product: { id, slug: 'p', name: 'P', brand: { id: 1, name: 'B' } },
    origin: { source: 'Product' },
  }) as unknown as CartEntry;

describe('the cart as the shopper pays it', () => {
  it('adds each payable unit price times its count, like the order lines (not the sum converted once)', () => {
    const items = { a: entry(1, 2_500, 3), b: entry(2, 3, 7), c: entry(3, 9_000, 1, false) };
    // SAR 35.08 × 3 + 0.04 × 7; the sold-out line is left out.
    expect(cartPayableMinor(items, SA)).toBe(3 * 3_508 + 7 * 4);
    // Converting the summed fils once would give SAR 105.23 for three at 35.08, not 105.24.
    expect(cartPayableMinor({ a: entry(1, 2_500, 3) }, SA)).toBe(10_524);
    expect(payableMinor(7_500, SA)).toBe(10_523);
    expect(cartPayableMinor(items, KW)).toBe(7_500 + 21);
  });
});
