// The return rules' arithmetic (issue 62): the window and the 48 hours for damage, as the return
// policy says; a return's share of what she paid for goods, the last one taking the remainder.
import { describe, expect, it } from 'vitest';
import { RETURN_WINDOW_DAYS } from './merchant-policy';
import { reasonOpen, returnGoodsAmount, returnWindowEnd } from './returns';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const delivered = Date.UTC(2026, 10, 1, 9);

describe('the return window', () => {
  it('closes RETURN_WINDOW_DAYS after delivery; damage and wrong items within 48 hours', () => {
    expect(returnWindowEnd(delivered)).toBe(delivered + RETURN_WINDOW_DAYS * DAY);
    expect(returnWindowEnd(null)).toBeNull();
    expect(reasonOpen('changed_mind', delivered, delivered + 14 * DAY)).toBe(true);
    expect(reasonOpen('changed_mind', delivered, delivered + 14 * DAY + 1)).toBe(false);
    expect(reasonOpen('damaged', delivered, delivered + 48 * HOUR)).toBe(true);
    expect(reasonOpen('damaged', delivered, delivered + 48 * HOUR + 1)).toBe(false);
    expect(reasonOpen('wrong_item', delivered, delivered + 3 * DAY)).toBe(false);
  });
});

describe("a return's share of what she paid for goods", () => {
  // 2 × 3.500 + 1 × 6.000 = 13.000 list value; a coupon made the goods 11.700, delivery 1.000 on top.
  const order = { total: 12_700, delivery: 1_000 };
  const lines = [
    { sku_id: 101, unit_price: 3_500, count: 2 },
    { sku_id: 102, unit_price: 6_000, count: 1 },
    { sku_id: 900, unit_price: 0, count: 1 },
  ];
  const none = { counts: new Map<number, number>(), amount: 0 };

  it('is the lines’ list value share of the goods paid, rounded down', () => {
    expect(returnGoodsAmount(order, lines, [{ sku_id: 101, count: 1 }], none)).toBe(
      Math.floor((11_700 * 3_500) / 13_000),
    );
    expect(returnGoodsAmount(order, lines, [{ sku_id: 900, count: 1 }], none)).toBe(0);
  });

  it('gives the remainder to the refund that completes the order, so everything returned is everything paid', () => {
    const first = returnGoodsAmount(order, lines, [{ sku_id: 101, count: 2 }], none);
    const last = returnGoodsAmount(order, lines, [{ sku_id: 102, count: 1 }], {
      counts: new Map([[101, 2]]),
      amount: first,
    });
    expect(first + last).toBe(11_700);
  });
});
