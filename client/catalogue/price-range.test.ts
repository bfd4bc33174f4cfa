import { describe, expect, it } from 'vitest';
import { priceRangeOf } from './price-range';

describe('price filter inputs', () => {
  it('read Latin, Arabic-Indic and Persian digits with either decimal separator', () => {
    expect(priceRangeOf('5', '20')).toEqual({ min: 5, max: 20 });
    expect(priceRangeOf('٥', '٢٠٫٥')).toEqual({ min: 5, max: 20.5 });
    expect(priceRangeOf('۵', '')).toEqual({ min: 5 });
    expect(priceRangeOf('', '١٬٠٠٠')).toEqual({ max: 1000 });
  });

  it('clear the filter when empty, swap reversed bounds, refuse text', () => {
    expect(priceRangeOf(' ', '')).toBeNull();
    expect(priceRangeOf('٣٠', '١٠')).toEqual({ min: 10, max: 30 });
    expect(priceRangeOf('abc', '10')).toBe('invalid');
  });
});
