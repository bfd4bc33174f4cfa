import { describe, expect, it } from 'vitest';
import { resultFlag } from './results';

describe('resultFlag', () => {
  it('reads a value against its range, limits included in range', () => {
    expect(resultFlag('12', '30', '100')).toBe('low');
    expect(resultFlag('30', '30', '100')).toBe('in_range');
    expect(resultFlag('100.0', '30', '100')).toBe('in_range');
    expect(resultFlag('100.5', '30', '100')).toBe('high');
    expect(resultFlag('5', null, '10')).toBe('in_range');
    expect(resultFlag('5', '6', null)).toBe('low');
    expect(resultFlag('5', null, null)).toBeNull();
  });
});
