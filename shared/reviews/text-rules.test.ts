import { describe, expect, it } from 'vitest';
import { namesCure, textFlags } from './text-rules';
import { averageRating, ratingScore } from './rules';

describe('the rules a shopper’s text passes', () => {
  it('passes an ordinary review in either language', () => {
    expect(textFlags('Great capsules, easy to swallow and the bottle lasts two months.')).toEqual([]);
    expect(textFlags('منتج ممتاز وسهل البلع، والعبوة تكفي شهرين.')).toEqual([]);
    // Whole words only: "class" and "Scunthorpe" are not insults; a dosage is not a link.
    expect(textFlags('First class quality from Scunthorpe, 1.5 mg a day.')).toEqual([]);
  });

  it('holds profanity in both languages, however it is spelt', () => {
    expect(textFlags('This is SHIT.')).toEqual(['profanity']);
    expect(textFlags('المنتج زبالة')).toEqual(['profanity']);
  });

  it('holds links, bare domains, e-mail addresses and handles', () => {
    for (const text of [
      'see https://x.io/a',
      'buy at cheap-pills.com today',
      'mail me at a.b@example.org',
      'follow @vitaminsdeals',
    ])
      expect(textFlags(text)).toEqual(['link']);
  });

  it('holds a disease named as cured, near the cure word, in English and Arabic', () => {
    expect(namesCure('It cured my diabetes')).toBe(true);
    expect(namesCure('I got rid of my eczema after a month')).toBe(true);
    expect(namesCure('هذا المكمل شفاني من السكّري')).toBe(true);
    expect(namesCure('تخلصت من فقر الدم بفضله')).toBe(true);
    // A disease without a claim, or a cure word far from any disease, is not a claim.
    expect(namesCure('My doctor checks my diabetes every year and suggested vitamin D.')).toBe(false);
    expect(namesCure('A treat to take, tastes of orange.')).toBe(false);
  });

  it('scores many good ratings above one perfect one, and no rating last', () => {
    expect(ratingScore(5, 1)).toBeLessThan(ratingScore(4.8 * 200, 200));
    expect(ratingScore(0, 0)).toBe(0);
    expect(ratingScore(3, 1)).toBeGreaterThan(0);
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(0, 0)).toBeNull();
  });
});
