import { describe, expect, it } from 'vitest';
import { BIOMARKER_REFERENCE_BY_SLUG } from '#shared/blood-tests/biomarker-reference-data';
import { findUnit } from '#shared/blood-tests/biomarker-units';
import { BIOMARKERS } from './data/blood-test-biomarkers';
import { BLOOD_TESTS } from './data/blood-tests';
import { resolvedTest } from './blood-tests';

describe('biomarker reference against the seeded catalogue', () => {
  it('covers every seeded biomarker and no other', () => {
    expect([...BIOMARKER_REFERENCE_BY_SLUG.keys()].sort()).toEqual(BIOMARKERS.map((b) => b.slug).sort());
  });

  it('knows the unit the catalogue reports each biomarker in', () => {
    for (const b of BIOMARKERS) {
      expect(findUnit(BIOMARKER_REFERENCE_BY_SLUG.get(b.slug)!, b.unit), `${b.slug} ${b.unit}`).toBeDefined();
    }
  });

  it('has a range for every adult of each sex a test of the biomarker is sold to', () => {
    for (const b of BIOMARKERS) {
      const sexes = new Set(
        BLOOD_TESTS.filter((t) => resolvedTest(t).biomarkers.includes(b.slug)).flatMap((t) => {
          const sex = resolvedTest(t).sex;
          return sex === 'any' ? ['male', 'female'] : [sex];
        }),
      );
      const ranges = BIOMARKER_REFERENCE_BY_SLUG.get(b.slug)!.ranges;
      for (const sex of sexes) {
        const covering = ranges.filter(
          (r) => (r.sex === 'any' || r.sex === sex) && r.ageMin <= 18 && r.ageMax === null,
        );
        const banded = ranges.filter((r) => r.sex === 'any' || r.sex === sex);
        // Either one range covers every adult, or the age bands join up from 18 with no gap.
        const ages = banded.map((r) => [r.ageMin, r.ageMax ?? 200] as const).sort((x, y) => x[0] - y[0]);
        let reach = 17;
        for (const [min, max] of ages) if (min <= reach + 1) reach = Math.max(reach, max);
        expect(covering.length > 0 || reach >= 200, `${b.slug} ${sex}`).toBe(true);
      }
    }
  });
});
