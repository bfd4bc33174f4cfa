// The e-invoice's amounts against ZATCA's rounding rules (BR-S-09, BR-CO-10/13/15, BR-KSA-50/51) and
// against what the shopper was charged, for every total up to 1 000 SAR and the shapes of the
// checkout's cases: lines, delivery, coupon, promotion, referral and points, a total paid all in points.
import { describe, expect, it } from 'vitest';
import { vatIncluded } from '../../../shared/money';
import { netAmounts, splitTotal } from './amounts';

const BP = 1500;
const round15 = (net: number) => Math.round((net * 15) / 100);

describe('splitTotal', () => {
  it('splits every total so that the VAT is the rounded 15 % of the taxable amount and the payable is the total', () => {
    let rounded = 0;
    let offPrinted = 0;
    const wrong: number[] = [];
    for (let total = 0; total <= 100_000; total++) {
      const s = splitTotal(total, BP);
      if (s.vat !== round15(s.taxable) || s.taxable + s.vat + s.rounding !== total) wrong.push(total);
      // A rounding only where no taxable amount reaches the total exactly.
      if (s.rounding) {
        rounded++;
        for (let x = s.taxable - 2; x <= s.taxable + 2; x++) if (x + round15(x) === total) wrong.push(total);
      }
      if (s.vat !== vatIncluded(total, BP)) offPrinted++;
    }
    expect(wrong).toEqual([]);
    // The shares decision 75 states: about 13 % carry a halala of rounding, about 4 % differ by a
    // halala from the VAT the order stores today (the next part prints the e-invoice's).
    expect(rounded / 100_001).toBeCloseTo(0.1304, 3);
    expect(offPrinted / 100_001).toBeCloseTo(0.0435, 3);
  });

  it('refuses what is not whole minor units', () => {
    expect(() => splitTotal(10.5, BP)).toThrow(RangeError);
    expect(() => splitTotal(-1, BP)).toThrow(RangeError);
  });
});

describe('netAmounts', () => {
  const cases = [
    { name: 'one line', lines: [8_970], allowances: [] },
    { name: 'lines and delivery', lines: [8_970, 12_450, 2_500], allowances: [] },
    { name: 'a coupon', lines: [8_970, 12_450], allowances: [2_142] },
    {
      name: 'coupon, promotion, referral and points',
      lines: [3_333, 7_777, 1_999, 2_500],
      allowances: [1_111, 999, 500, 1_234],
    },
    { name: 'all paid with points', lines: [4_600, 2_500], allowances: [7_100] },
    { name: 'a free line', lines: [0, 5_750], allowances: [] },
  ];
  it.each(cases)(
    '$name: nets add up to the taxable amount and each line follows BR-KSA-50/51',
    ({ lines, allowances }) => {
      const total = lines.reduce((a, b) => a + b, 0) - allowances.reduce((a, b) => a + b, 0);
      const n = netAmounts(
        lines.map((gross) => ({ gross })),
        allowances.map((gross) => ({ gross })),
        total,
        BP,
      );
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      expect(sum(n.lineNets) - sum(n.allowanceNets)).toBe(n.split.taxable);
      expect(n.split.taxable + n.split.vat + n.split.rounding).toBe(total);
      n.lineNets.forEach((net, i) => {
        expect(n.lineVats[i]).toBe(round15(net));
        // Each net is within a halala of its gross without VAT.
        expect(Math.abs(net - ((lines[i] ?? 0) * 100) / 115)).toBeLessThan(total > 0 ? 2 : 1);
      });
      for (const net of n.allowanceNets) expect(net).toBeGreaterThanOrEqual(0);
    },
  );

  it('refuses lines and allowances that do not make the total', () => {
    expect(() => netAmounts([{ gross: 1_000 }], [{ gross: 100 }], 1_000, BP)).toThrow(RangeError);
  });
});
