import { describe, expect, it } from 'vitest';
import type { Dose } from '../blood-tests/upper-limits';
import {
  ESTABLISHED_TERMS_IN_PREGNANCY,
  NOT_ESTABLISHED_TERMS_IN_PREGNANCY,
  PREGNANCY_FACTS,
  supplementSafety,
} from './supplement-safety';

const d = (nutrient: Dose['nutrient'], amount: string, unit: Dose['unit']): Dose => ({ nutrient, amount, unit });

describe('supplement safety', () => {
  it('leaves out, in pregnancy, breastfeeding or trying to conceive, any dose above its UL, saying which and why', () => {
    for (const fact of PREGNANCY_FACTS) {
      const verdict = supplementSafety({ doses: [d('vitamin-d', '5000', 'IU')], ingredients: 'vitamin d3 + k2' }, [
        fact,
      ]);
      expect(verdict.remove[0]!.en).toBe(
        'Its daily dose of vitamin D (5000 IU) is above the safe upper limit in pregnancy and breastfeeding (4000 IU a day), so we left it out.',
      );
      expect(verdict.remove[0]!.ar).toContain('5000 وحدة دولية');
    }
  });

  it('keeps, in pregnancy, doses at or under their UL of nutrients with pregnancy limits, and prenatal or fish-oil products', () => {
    const keep = [
      { doses: [d('vitamin-d', '4000', 'IU')], ingredients: 'vitamin d3' },
      { doses: [d('folic-acid', '400', 'mcg')], ingredients: 'folic acid' },
      { doses: [d('calcium', '600', 'mg'), d('vitamin-d', '400', 'IU')], ingredients: 'calcium carbonate' },
      { doses: [], ingredients: 'prenatal multivitamin folate 800 mcg, iron 27 mg' },
      { doses: [], ingredients: 'omega-3 fish oil concentrate' },
    ];
    for (const product of keep) expect(supplementSafety(product, ['pregnant'])).toEqual({ remove: [], cautions: [] });
  });

  it('leaves out, in pregnancy, what has no established safety then: MSM, herbs, retinol, unknown products', () => {
    for (const product of [
      { doses: [], ingredients: 'msm methylsulfonylmethane (msm) 1000 mg' },
      { doses: [], ingredients: 'ashwagandha root extract' },
      { doses: [], ingredients: 'collagen peptides' },
      { doses: [d('vitamin-a', '750', 'mcg')], ingredients: 'cod liver oil' },
      // Established nutrients do not vouch for an unestablished herb beside them.
      { doses: [d('vitamin-c', '500', 'mg')], ingredients: 'vitamin c with black elderberry' },
      // Nothing known about it at all.
      { doses: [], ingredients: 'a new formula' },
    ]) {
      const verdict = supplementSafety(product, ['breastfeeding']);
      expect(
        verdict.remove.map((r) => r.en),
        product.ingredients,
      ).toContain('It is not established as safe in pregnancy or while breastfeeding, so we left it out.');
    }
  });

  it('cautions other adults about a dose above the UL for their age, and nothing else', () => {
    const d5000 = { doses: [d('vitamin-d', '5000', 'IU')], ingredients: 'vitamin d3' };
    expect(supplementSafety(d5000, []).cautions.map((c) => c.en)).toEqual([
      'Its daily dose of vitamin D (5000 IU) is above the safe upper limit for your age (4000 IU a day). Take it only if your doctor advises it.',
    ]);
    expect(supplementSafety(d5000, []).remove).toEqual([]);
    // Calcium: 2,500 mg a day to 50, 2,000 mg from 51: 2,200 mg is cautioned only for the 50+.
    const calcium = { doses: [d('calcium', '2200', 'mg')], ingredients: 'calcium' };
    expect(supplementSafety(calcium, ['age-50-plus']).cautions).toHaveLength(1);
    expect(supplementSafety(calcium, ['age-50-plus']).cautions[0]!.en).toContain('(2000 mg a day)');
    // MSM or herbs are for the content's own gates, not this rule, outside pregnancy.
    expect(supplementSafety({ doses: [], ingredients: 'msm' }, [])).toEqual({ remove: [], cautions: [] });
    // A dose exactly at the UL is within it: zinc 40 mg from 19 on. An 18-year-old's UL is 34 mg, and
    // the youngest answer band starts at 18, so it is cautioned there.
    const zinc = { doses: [d('zinc', '40', 'mg')], ingredients: 'zinc' };
    expect(supplementSafety(zinc, ['age-50-plus'])).toEqual({ remove: [], cautions: [] });
    expect(supplementSafety(zinc, [])).toMatchObject({ cautions: [{ en: expect.stringContaining('(34 mg a day)') }] });
  });

  it('matches words, not parts of words, and names a source for every term', () => {
    expect(supplementSafety({ doses: [], ingredients: 'coenzyme q10' }, ['pregnant']).remove).toHaveLength(1);
    // "msm" inside another word is not MSM; the product is still unknown, so still left out, once.
    expect(supplementSafety({ doses: [d('zinc', '25', 'mg')], ingredients: 'zinc gmsmx' }, ['pregnant'])).toEqual({
      remove: [],
      cautions: [],
    });
    for (const t of [...ESTABLISHED_TERMS_IN_PREGNANCY, ...NOT_ESTABLISHED_TERMS_IN_PREGNANCY]) {
      expect(t.term).toBe(t.term.toLowerCase());
      expect(t.source.url).toMatch(/^https:\/\//);
    }
  });
});
