import { describe, expect, it } from 'vitest';
import { currencyInfoFor, payableMinor, RATE_SCALE, vatIncluded } from '#shared/money';
import { splitTotal } from '../e-invoices/amounts';
import { deliveryFeeFor, priceOrder } from './pricing';

const KW = currencyInfoFor('KW', RATE_SCALE);
const SA = currencyInfoFor('SA', 122_000); // 1 KWD = 12.2 SAR
const KW_SETTINGS = { free_delivery_minor: 15_000, delivery_fee: 1_000, vat_basis_points: 0 };
// The Saudi owner's own threshold, SAR 200.00 (decision 52), not KWD 16 converted (SAR 224.48).
const SA_SETTINGS = { free_delivery_minor: 20_000, delivery_fee: 2_500, vat_basis_points: 1_500 };

describe('order pricing', () => {
  it('charges a faster speed its own fee, and above the free-delivery threshold only what it costs beyond it', () => {
    const line = { sku_id: 1, count: 2, price: 3_500, old_price: null };
    // Saudi next day in Riyadh, SAR 35.00 of its own: below the threshold in full, with VAT included.
    const below = priceOrder({ lines: [line], currency: SA, settings: SA_SETTINGS, speedFee: 3_500 });
    expect(below).toMatchObject({ delivery: 3_500, free_delivery: false, total: 9_822 + 3_500 });
    // Above SAR 200: the country's SAR 25.00 is waived, SAR 10.00 of the upgrade is left.
    const above = priceOrder({ lines: [{ ...line, count: 5 }], currency: SA, settings: SA_SETTINGS, speedFee: 3_500 });
    expect(above).toMatchObject({ free_delivery: true, delivery: 1_000 });
    // A speed without a fee of its own is the country's delivery, free above the threshold.
    expect(priceOrder({ lines: [line], currency: KW, settings: KW_SETTINGS, speedFee: null }).delivery).toBe(1_000);
    expect(deliveryFeeFor(15_000, true, 1_000, null)).toBe(0);
    // A speed cheaper than the country's fee is free above the threshold, never negative.
    expect(deliveryFeeFor(15_000, true, 1_000, 500)).toBe(0);
    expect(deliveryFeeFor(0, false, 1_000, 3_500)).toBe(0);
  });

  it('adds delivery below the free-shipping threshold and no VAT in Kuwait', () => {
    const t = priceOrder({
      lines: [{ sku_id: 1, count: 2, price: 3_500, old_price: null }],
      currency: KW,
      settings: KW_SETTINGS,
    });
    expect(t).toMatchObject({
      currency: 'KWD',
      subtotal: 7_000,
      delivery: 1_000,
      vat: 0,
      total: 8_000,
      due: 8_000,
      free_delivery: false,
    });
  });

  it("stores the Saudi e-invoice's VAT, ZATCA's round(X × 15 %), where it is a halala off the total's (decision 75)", () => {
    // SAR 39.14: the VAT rounded from the inclusive total is 5.11; the document's taxable 34.04 gives 5.10.
    const t = priceOrder({
      lines: [{ sku_id: 1, count: 1, price: 1_008, old_price: null }],
      currency: SA,
      settings: SA_SETTINGS,
    });
    expect(t).toMatchObject({ total: 3_914, vat: 510 });
    expect(t.vat).toBe(splitTotal(t.total, 1_500).vat);
    expect(vatIncluded(t.total, 1_500)).toBe(511);
  });

  it('delivers free from the threshold on, compared in base fils', () => {
    const t = priceOrder({
      lines: [{ sku_id: 1, count: 3, price: 5_000, old_price: null }],
      currency: KW,
      settings: KW_SETTINGS,
    });
    expect(t).toMatchObject({ subtotal: 15_000, delivery: 0, total: 15_000, free_delivery: true });
  });

  it('prices Saudi lines VAT-inclusive and shows the VAT included in the total, not added on top', () => {
    const t = priceOrder({
      lines: [{ sku_id: 1, count: 2, price: 3_500, old_price: null }],
      currency: SA,
      settings: SA_SETTINGS,
      coupon: { kind: 'percent', value: 1_000 },
    });
    // 3.500 KWD = 42.70 SAR net = 49.105 SAR with 15 % VAT → 49.11 each, rounded once per unit.
    expect(t.lines[0]).toMatchObject({ unit_price: 4_911, line_total: 9_822 });
    expect(t).toMatchObject({ currency: 'SAR', decimals: 2, subtotal: 9_822, discount: 982, delivery: 2_500 });
    // total = subtotal − discount + delivery; nothing is added on top.
    expect(t.total).toBe(9_822 - 982 + 2_500);
    // VAT included = 113.40 × 15 / 115 = 14.7913… → 14.79.
    expect(t.vat).toBe(1_479);
    expect(t.due).toBe(11_340);
  });

  it('prices a Saudi line as the card shows it: unit price × count equals the line', () => {
    const t = priceOrder({
      lines: [{ sku_id: 1, count: 3, price: 2_500, old_price: 3_000 }],
      currency: SA,
      settings: SA_SETTINGS,
    });
    expect(t.lines[0]).toMatchObject({
      unit_price: payableMinor(2_500, { ...SA, vatBasisPoints: 1_500 }),
      old_unit_price: 4_209,
      line_total: 3 * 3_508,
    });
    expect(t.before_discount).toBe(3 * 4_209);
  });

  it('delivers free in Saudi Arabia from the country’s own round threshold, SAR 200.00, as the shopper pays', () => {
    // 14.254 KWD net is SAR 199.98 with VAT at 12.2; 14.255 is SAR 200.00.
    const below = priceOrder({
      lines: [{ sku_id: 1, count: 1, price: 14_254, old_price: null }],
      currency: SA,
      settings: SA_SETTINGS,
    });
    expect(below).toMatchObject({ subtotal: 19_998, free_shipping: 20_000, free_delivery: false, delivery: 2_500 });
    const at = priceOrder({
      lines: [{ sku_id: 1, count: 1, price: 14_255, old_price: null }],
      currency: SA,
      settings: SA_SETTINGS,
    });
    expect(at).toMatchObject({ subtotal: 20_000, free_shipping: 20_000, free_delivery: true, delivery: 0 });
  });

  it('keeps Kuwait free of VAT whatever the currency info says', () => {
    const t = priceOrder({
      lines: [{ sku_id: 1, count: 1, price: 3_500, old_price: null }],
      currency: { ...KW, vatBasisPoints: 1_500 },
      settings: KW_SETTINGS,
    });
    expect(t).toMatchObject({ subtotal: 3_500, vat: 0, total: 4_500 });
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
    const t = priceOrder({
      lines: [{ sku_id: 1, count: 1, price: 1_500, old_price: null }],
      currency: KW,
      settings: KW_SETTINGS,
      coupon: { kind: 'fixed', value: 2_000 },
      walletAvailable: 99_999,
    });
    expect(t).toMatchObject({ discount: 1_500, delivery: 1_000, total: 1_000, wallet_used: 1_000, due: 0 });
    const partial = priceOrder({
      lines: [{ sku_id: 1, count: 1, price: 1_500, old_price: null }],
      currency: KW,
      settings: KW_SETTINGS,
      walletAvailable: 700,
    });
    expect(partial).toMatchObject({ total: 2_500, wallet_used: 700, due: 1_800 });
  });

  it('takes a fixed coupon in the order’s own currency as typed, and converts a base one', () => {
    const line = [{ sku_id: 1, count: 2, price: 3_500, old_price: null }];
    const typed = priceOrder({
      lines: line,
      currency: SA,
      settings: SA_SETTINGS,
      coupon: { kind: 'fixed', value: 1_550, currency: 'SAR' },
    });
    expect(typed.discount).toBe(1_550);
    // 1.550 KWD of a coupon for both countries: 18.91 SAR at 12.2.
    const base = priceOrder({
      lines: line,
      currency: SA,
      settings: SA_SETTINGS,
      coupon: { kind: 'fixed', value: 1_550, currency: null },
    });
    expect(base.discount).toBe(1_891);
  });
});
