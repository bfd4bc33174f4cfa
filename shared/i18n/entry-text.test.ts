// A dictionary's texts outside a translator say what the translator says: the plural form of the count
// in each language (Arabic's six, 103 taking the 3–10 form), the count with its grouping, the parameters.
import { describe, expect, it } from 'vitest';
import { ar } from './ar';
import { en } from './en';
import { entryText, textsOf } from './entry-text';
import { createTranslator } from './index';
import { pointsAr } from './points.ar';
import { pointsEn } from './points.en';

describe('entryText', () => {
  const points = textsOf(pointsEn, pointsAr);

  it('gives the counted form of each language', () => {
    expect([1, 2, 1250].map((count) => points('en', 'points_count', { count }))).toEqual([
      '1 point',
      '2 points',
      '1,250 points',
    ]);
    expect([0, 1, 2, 3, 11, 100, 103].map((count) => points('ar', 'points_count', { count }))).toEqual([
      'لا نقاط',
      'نقطة واحدة',
      'نقطتان',
      '3 نقاط',
      '11 نقطة',
      '100 نقطة',
      '103 نقاط',
    ]);
  });

  it('says what the translator says, parameters filled', () => {
    for (const [lang, dict] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      const { t } = createTranslator(lang, dict);
      for (const count of [1, 2, 3, 11, 100, 103])
        expect(entryText(lang, dict.points_expiring, { count, date: '2027-06-01' })).toBe(
          t('points_expiring', { count, date: '2027-06-01' }),
        );
    }
  });

  it('takes the other form of a counted entry given no count, and leaves a plain text as it is', () => {
    expect(entryText('en', { one: '{{count}} point', other: 'points' })).toBe('points');
    expect(entryText('en', 'Order {{id}}', { id: 7 })).toBe('Order 7');
  });
});
