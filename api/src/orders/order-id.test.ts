import { describe, expect, it } from 'vitest';
import { newOrderId } from './order-id';

describe('order ids', () => {
  const ids = Array.from({ length: 20_000 }, () => newOrderId());

  it('are 10-digit safe integers', () => {
    for (const id of ids) {
      expect(Number.isSafeInteger(id)).toBe(true);
      expect(String(id)).toMatch(/^[1-9][0-9]{9}$/);
    }
  });

  it('use every low bit, not just multiples of 512', () => {
    const offsets = ids.map((id) => id - 1_000_000_000);
    // About 1 in 512 by chance; the old generator made every one of them a multiple.
    expect(offsets.filter((o) => o % 512 === 0).length).toBeLessThan(ids.length / 100);
    // Each of the low 9 bits is set in about half the ids.
    for (let bit = 0; bit < 9; bit++) {
      const share = offsets.filter((o) => (o >> bit) & 1).length / ids.length;
      expect(share, `bit ${bit}`).toBeGreaterThan(0.45);
      expect(share, `bit ${bit}`).toBeLessThan(0.55);
    }
  });

  it('spread over the whole range, almost never twice', () => {
    const tenths = new Array<number>(9).fill(0);
    for (const id of ids) tenths[Math.floor((id - 1_000_000_000) / 1_000_000_000)]!++;
    // Each billion of the nine holds about 1/9 of the ids.
    for (const n of tenths) expect(n / ids.length).toBeGreaterThan(0.1);
    expect(new Set(ids).size).toBeGreaterThan(ids.length - 3);
  });

  it('reject draws past the range instead of folding them onto low numbers', () => {
    // The first draw is 2^34 - 1 (out of range), the second the highest valid one.
    const draws = [
      [0xffffffff, 0xffffffff],
      [2, 410_065_407],
    ];
    const id = newOrderId((into) => {
      into.set(draws.shift()!);
      return into;
    });
    expect(id).toBe(9_999_999_999);
    expect(draws).toHaveLength(0);
  });
});
