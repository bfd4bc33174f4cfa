import { describe, expect, it } from 'vitest';
import { labelledPart } from './address-part';

describe('an address part with its word', () => {
  it('adds the word to a bare value, in the page’s language', () => {
    expect(labelledPart('street', 'شارع {{value}}', 'التحلية')).toBe('شارع التحلية');
    expect(labelledPart('street', 'Street {{value}}', '12')).toBe('Street 12');
    expect(labelledPart('block', 'قطعة {{value}}', '3')).toBe('قطعة 3');
  });

  it('shows a value typed with its word as typed, never the word twice, whichever language', () => {
    expect(labelledPart('street', 'شارع {{value}}', 'شارع التحلية')).toBe('شارع التحلية');
    expect(labelledPart('street', 'Street {{value}}', 'street 12')).toBe('street 12');
    expect(labelledPart('street', 'شارع {{value}}', 'Street 12')).toBe('Street 12');
    expect(labelledPart('building', 'Building {{value}}', 'Bldg 7')).toBe('Bldg 7');
    expect(labelledPart('block', 'Block {{value}}', 'قطعة 4')).toBe('قطعة 4');
  });

  it('does not mistake a word that only begins with the label for it', () => {
    expect(labelledPart('street', 'Street {{value}}', 'Stadium Road')).toBe('Street Stadium Road');
    expect(labelledPart('street', 'شارع {{value}}', 'شارعين')).toBe('شارع شارعين');
  });
});
