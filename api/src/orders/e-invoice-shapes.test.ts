// The checkout's Saudi shapes (pricing.test.ts, pricing-loyalty.test.ts: lines and old prices, delivery
// and its speeds, free delivery, percent and fixed coupons, promotions, a friend's discount, points,
// the minimum payable, wallet) and a seeded run of random carts, priced by the shop's own pricing and
// turned into e-invoices: every document keeps ZATCA's amount rules and charges exactly what was paid.
import { describe, expect, it } from 'vitest';
import { currencyInfoFor, minorToDecimal } from '#shared/money';
import { type CouponRule, type PricedLine, priceOrder } from './pricing';
import { amountRuleFailures, buildDocument, type DocumentInput, FIRST_PIH, saleFigures } from '../e-invoices/index';

const SA = currencyInfoFor('SA', 122_000);
const SA_SETTINGS = { free_delivery_minor: 20_000, delivery_fee: 2_500, vat_basis_points: 1_500 };
const RULES = { redeem_step_points: 100, redeem_step_value: 200, min_payable: 1_000, is_active: true };
const texts = (count: number) => ({
  lineNames: Array.from({ length: count }, (_, i) => `Item ${i + 1}`),
  delivery: 'Delivery',
  promotion: 'Promotion',
  coupon: 'Coupon',
  referral: 'Referral',
  points: 'Points',
});

function documentOf(order: Parameters<typeof priceOrder>[0]) {
  const totals = priceOrder(order);
  const input: DocumentInput = {
    kind: 'invoice',
    number: '1',
    uuid: '00000000-0000-4000-8000-000000000001',
    issuedAt: Date.UTC(2026, 10, 28),
    icv: 1,
    pih: FIRST_PIH,
    currency: 'SAR',
    decimals: 2,
    vatBasisPoints: 1_500,
    seller: {
      name: 'شركة',
      vatNumber: '399999999900003',
      crNumber: '1010010000',
      address: { street: 's', building: '1234', district: 'd', city: 'Riyadh', postalCode: '12345' },
    },
    ...saleFigures(totals, texts(totals.lines.length)),
    paymentMeans: '48',
  };
  return { totals, built: buildDocument(input) };
}

const line = (price: number, count = 1, old: number | null = null): PricedLine => ({
  sku_id: price,
  count,
  price,
  old_price: old,
});

const shapes: { name: string; order: Omit<Parameters<typeof priceOrder>[0], 'currency' | 'settings'> }[] = [
  { name: 'one line below free delivery', order: { lines: [line(3_500, 2)] } },
  {
    name: 'lines with old prices and a percent coupon',
    order: { lines: [line(3_500, 2, 4_000), line(1_234, 3)], coupon: { kind: 'percent', value: 1_000 } },
  },
  {
    name: 'a fixed coupon in SAR',
    order: { lines: [line(2_750, 1)], coupon: { kind: 'fixed', value: 1_550, currency: 'SAR' } },
  },
  {
    name: 'a fixed base coupon converted',
    order: { lines: [line(9_999, 2)], coupon: { kind: 'fixed', value: 1_550 } satisfies CouponRule },
  },
  { name: 'free delivery and next day in Riyadh', order: { lines: [line(16_000, 1)], speedFee: 3_500 } },
  {
    name: 'a promotion and a coupon',
    order: { lines: [line(1_999, 4), line(777, 1)], promotionDiscount: 2_453, coupon: { kind: 'percent', value: 500 } },
  },
  {
    name: 'a friend, points and wallet',
    order: {
      lines: [line(5_000, 2)],
      referralDiscount: 2_000,
      points: { asked: 500, balance: 800, rules: RULES },
      walletAvailable: 1_000,
    },
  },
  {
    name: 'points down to the minimum payable',
    order: { lines: [line(1_500, 1)], points: { asked: 2_000, balance: 5_000, rules: RULES } },
  },
];

describe('the checkout’s Saudi shapes as e-invoices', () => {
  it.each(shapes)('$name keeps ZATCA’s amount rules and the total paid', ({ order }) => {
    const { totals, built } = documentOf({ ...order, currency: SA, settings: SA_SETTINGS });
    expect(amountRuleFailures(built.xml)).toEqual([]);
    expect(built.xml).toContain(
      `<cbc:PayableAmount currencyID="SAR">${minorToDecimal(totals.total, 2)}</cbc:PayableAmount>`,
    );
  });

  it('holds for a seeded run of random carts, coupons, promotions, friends and points', () => {
    let seed = 75;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const failing: string[] = [];
    for (let run = 0; run < 100; run++) {
      const lines = Array.from({ length: 1 + random(4) }, () =>
        line(100 + random(20_000), 1 + random(5), random(3) ? null : 25_000),
      );
      const coupon: CouponRule | null =
        [
          null,
          { kind: 'percent' as const, value: 100 * (1 + random(50)) },
          { kind: 'fixed' as const, value: random(5_000), currency: 'SAR' },
        ][random(3)] ?? null;
      const { built } = documentOf({
        lines,
        currency: SA,
        settings: SA_SETTINGS,
        coupon,
        promotionDiscount: random(2) ? random(3_000) : 0,
        referralDiscount: random(2) ? random(3_000) : 0,
        points: random(2) ? { asked: 100 * random(30), balance: 5_000, rules: RULES } : null,
        speedFee: random(4) ? null : 3_500,
      });
      const failures = amountRuleFailures(built.xml);
      if (failures.length) failing.push(`${run}: ${failures.join(' ')}`);
    }
    expect(failing).toEqual([]);
  });

  it('finds a changed line VAT, line net or total', () => {
    const { built } = documentOf({ lines: [line(3_500, 2)], currency: SA, settings: SA_SETTINGS });
    const vat = /<cac:InvoiceLine>[\s\S]*?<cbc:TaxAmount currencyID="SAR">([\d.]+)</.exec(built.xml)?.[1] ?? '';
    const bumped = (text: string) => minorToDecimal(Math.round(Number(text) * 100) + 1, 2);
    expect(
      amountRuleFailures(
        built.xml.replace(
          `<cbc:TaxAmount currencyID="SAR">${vat}</cbc:TaxAmount>\n            <cbc:RoundingAmount`,
          `<cbc:TaxAmount currencyID="SAR">${bumped(vat)}</cbc:TaxAmount>\n            <cbc:RoundingAmount`,
        ),
      ),
    ).toEqual(['BR-KSA-50', 'BR-KSA-51']);
    const payable = /<cbc:PayableAmount currencyID="SAR">([\d.]+)</.exec(built.xml)?.[1] ?? '';
    expect(
      amountRuleFailures(
        built.xml.replace(
          `<cbc:PayableAmount currencyID="SAR">${payable}`,
          `<cbc:PayableAmount currencyID="SAR">${bumped(payable)}`,
        ),
      ),
    ).toEqual(['BR-CO-16']);
    expect(
      amountRuleFailures(
        built.xml.replace('<cbc:TaxExclusiveAmount currencyID="SAR">', '<cbc:TaxExclusiveAmount currencyID="SAR">1'),
      ),
    ).toEqual(expect.arrayContaining(['BR-CO-13', 'BR-CO-15', 'BR-S-08']));
  });
});
