// Whose clock a consultation mail's time is on (issue 77): her country's, by name, in her language.
import { describe, expect, it } from 'vitest';
import { countryTimeText } from './package-text';

describe('a consultation mail’s clock', () => {
  it('names her country’s time, not the Gulf’s', () => {
    expect(countryTimeText('en', 'KW')).toBe('Kuwait time');
    expect(countryTimeText('en', 'AE')).toBe('Emirates time');
    expect(countryTimeText('ar', 'AE')).toBe('بتوقيت الإمارات');
    expect(countryTimeText('ar', 'SA')).toBe('بتوقيت السعودية');
  });
});
