import { describe, expect, it } from 'vitest';
import { liabilityOf, monthsEnding } from './report';

describe('the points report’s arithmetic', () => {
  it('lists the 12 Gulf months up to the chosen one, across a new year', () => {
    expect(monthsEnding('2025-02')).toEqual([
      '2024-03',
      '2024-04',
      '2024-05',
      '2024-06',
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
    ]);
    expect(monthsEnding('2025-12', 2)).toEqual(['2025-11', '2025-12']);
  });

  it('values outstanding points at the redeem rate, rounded half up to the minor unit', () => {
    // Kuwait's seed: 100 points = 200 fils.
    expect(liabilityOf(1040, 100, 200)).toBe(2080);
    // 3 points at 2 points = 1 halala: 1.5 → 2; 1 point at 3 points = 1: 0.33 → 0.
    expect(liabilityOf(3, 2, 1)).toBe(2);
    expect(liabilityOf(1, 3, 1)).toBe(0);
    expect(liabilityOf(0, 100, 200)).toBe(0);
  });
});
