import { describe, expect, it } from 'vitest';
import { currencyInfoFor, RATE_SCALE } from '../../../shared/money';
import { priceOrder } from './pricing';

const KW = currencyInfoFor('KW', RATE_SCALE);
const SA = currencyInfoFor('SA', 122_000); // 1 KWD = 12.2 SAR
const KW_SETTINGS = { free_shipping_fils: 15_000, delivery_fee: 1_000, vat_basis_points: 0 };
const SA_SETTINGS = { free_shipping_fils: 16_000, delivery_fee: 2_500, vat_basis_points: 1_500 };

describe('order pricing', () => {
  it('adds delivery below the free-shipping threshold and no VAT in Kuwait', () => {
    const t = priceOrder({ lines: [{ sku_id: 1, count: 2, price: 3_500, old_price: null }], currency: KW, settings: KW_SETTINGS });
    expect(t).toMatchObject({ currency: 'KWD', subtotal: 7_000, delivery: 1_000, vat: 0, total: 8_000, due: 8_000, free_delivery: false });
  });

  it('delivers free from the threshold on, compared in base fils', () => {
    const t = priceOrder({ lines: [{ sku_id: 1, count: 3, price: 5_000, old_price: null }], currency: KW, settings: KW_SETTINGS });
    expect(t).toMatchObject({ subtotal: 15_000, delivery: 0, total: 15_000, free_delivery: true });
  });

  it('converts unit prices to SAR, then adds 15 % VAT on goods after discount plus delivery', () => {
    const t = priceOrder({ lines: [{ sku_id: 1, count: 2, price: 3_500, old_price: null }], currency: SA, settings: SA_SETTINGS, coupon: { kind: 'percent', value: 1_000 } });
    // 3.500 KWD = 42.70 SAR each.
    expect(t.lines[0]).toMatchObject({ unit_price: 4_270, line_total: 8_540 });
    expect(t).toMatchObject({ currency: 'SAR', decimals: 2, subtotal: 8_540, discount: 854, delivery: 2_500 });
    expect(t.vat).toBe(Math.round((8_540 - 854 + 2_500) * 0.15));
    expect(t.total).toBe(8_540 - 854 + 2_500 + t.vat);
  });

  it('counts old prices in the price before discount (spec §9)', () => {
    const t = priceOrder({
      lines: [
        { sku_id: 1, count: 1, price: 7_500, old_price: 9_500 },
        { sku_id: 2, count: 2, price: 1_000, old_price: null },
      ],
      currency: KW,
      settings: KW_SETTINGS,
    });
    expect(t.before_discount).toBe(9_500 + 2_000);
    expect(t.subtotal).toBe(9_500);
  });

  it('caps a fixed coupon at the subtotal and the wallet at the total', () => {
    const t = priceOrder({ lines: [{ sku_id: 1, count: 1, price: 1_500, old_price: null }], currency: KW, settings: KW_SETTINGS, coupon: { kind: 'fixed', value: 2_000 }, walletAvailable: 99_999 });
    expect(t).toMatchObject({ discount: 1_500, delivery: 1_000, total: 1_000, wallet_used: 1_000, due: 0 });
    const partial = priceOrder({ lines: [{ sku_id: 1, count: 1, price: 1_500, old_price: null }], currency: KW, settings: KW_SETTINGS, walletAvailable: 700 });
    expect(partial).toMatchObject({ total: 2_500, wallet_used: 700, due: 1_800 });
  });
});
