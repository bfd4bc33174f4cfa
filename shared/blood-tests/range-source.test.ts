import { describe, expect, it } from 'vitest';
import { BIOMARKER_REFERENCE, BIOMARKER_REFERENCE_BY_SLUG } from './biomarker-reference-data';
import { rangeSourceText } from './range-source';
import { REFERENCE_TEXTS_AR } from './reference-texts-ar';

const ranges = BIOMARKER_REFERENCE.flatMap((ref) => ref.ranges.map((range) => ({ slug: ref.slug, range })));

describe('a reference range’s source in the shopper’s language', () => {
  it('has Arabic for every citation and every note, in Arabic words', () => {
    for (const { slug, range } of ranges)
      for (const english of [range.citation, ...(range.note ? [range.note] : [])]) {
        const arabic = REFERENCE_TEXTS_AR[english];
        expect(arabic, `${slug}: ${english}`).toBeDefined();
        expect(arabic, english).toMatch(/[\u0600-\u06ff]{3}/);
      }
  });

  it('is the English citation and note in English, the Arabic in Arabic, numbers and units unchanged', () => {
    const vitaminD = BIOMARKER_REFERENCE_BY_SLUG.get('vitamin-d-25-oh')!.ranges[0]!;
    expect(rangeSourceText(vitaminD, 'en')).toBe(vitaminD.source);
    const ar = rangeSourceText(vitaminD, 'ar');
    expect(ar).not.toContain('fact sheet');
    expect(ar).toContain('؛ ');
    for (const kept of ['20 ng/mL', '50 ng/mL', '30 ng/mL', '150 ng/mL']) expect(ar).toContain(kept);
  });
});
