import { describe, expect, it } from 'vitest';
import { MEDICINE_CLASSES } from '../consultations/intake';
import { INTERACTION_RULES, interactionsFor, type InteractionProduct } from './drug-interactions';
import { recommendationWarnings, timesServings } from './recommendation-gates';

const product = (name: string, over: Partial<InteractionProduct> = {}): InteractionProduct => ({
  name,
  ingredients: '',
  doses: [],
  ...over,
});
const ids = (p: InteractionProduct, medicines: string[]) => interactionsFor(p, medicines).map((r) => r.id);

describe('drug interactions', () => {
  it('names a source at the NIH (ODS or NCCIH) for every rule, and only medicine classes the intake knows', () => {
    const seen = new Set<string>();
    for (const rule of INTERACTION_RULES) {
      expect(seen.has(rule.id), rule.id).toBe(false);
      seen.add(rule.id);
      expect(rule.sources.length, rule.id).toBeGreaterThan(0);
      for (const s of rule.sources) expect(s.url).toMatch(/^https:\/\/(ods\.od\.nih\.gov|www\.nccih\.nih\.gov)\//);
      for (const m of rule.medicines) expect(MEDICINE_CLASSES).toContain(m);
      expect(rule.medicines).not.toContain('other');
      expect(rule.effect.en.length).toBeGreaterThan(10);
      expect(rule.effect.ar).toMatch(/[\u0600-\u06ff]/);
      expect((rule.nutrients?.length ?? 0) + (rule.nameTerms?.length ?? 0) + (rule.terms?.length ?? 0)).toBeGreaterThan(
        0,
      );
    }
  });

  it('warns of vitamin K with an anticoagulant, not with a statin or no medicine', () => {
    const k2 = product('Vitamin D3 + K2 (MK-7)');
    expect(ids(k2, ['anticoagulant'])).toEqual(['vitamin-k-anticoagulants']);
    expect(ids(k2, ['statin'])).toEqual([]);
    expect(ids(k2, [])).toEqual([]);
  });

  it("warns of St John's wort with SSRIs/SNRIs and oral contraceptives", () => {
    const sjw = product('Mood Support', { ingredients: "St John's wort extract 300 mg" });
    expect(ids(sjw, ['ssri_or_snri'])).toEqual(['st-johns-wort-ssri-contraceptives']);
    expect(ids(sjw, ['oral_contraceptive'])).toEqual(['st-johns-wort-ssri-contraceptives']);
    expect(ids(sjw, ['thyroid_hormone'])).toEqual([]);
  });

  it('reads minerals from the dose or the name, never from a filler such as magnesium stearate', () => {
    const iron = product('Gentle Iron', { doses: [{ nutrient: 'iron' }] });
    expect(ids(iron, ['thyroid_hormone'])).toEqual(['minerals-thyroid-hormone']);
    expect(ids(iron, ['quinolone_or_tetracycline_antibiotic'])).toEqual(['minerals-chelating-antibiotics']);
    const byName = product('Calcium Citrate');
    expect(ids(byName, ['thyroid_hormone'])).toEqual(['minerals-thyroid-hormone']);
    const filler = product('Vitamin C 1000', {
      ingredients: 'ascorbic acid, magnesium stearate',
      doses: [{ nutrient: 'vitamin-c' }],
    });
    expect(ids(filler, ['thyroid_hormone', 'quinolone_or_tetracycline_antibiotic'])).toEqual([]);
    const zinc = product('Zinc Picolinate', { doses: [{ nutrient: 'zinc' }] });
    expect(ids(zinc, ['thyroid_hormone'])).toEqual([]);
    expect(ids(zinc, ['quinolone_or_tetracycline_antibiotic'])).toEqual(['minerals-chelating-antibiotics']);
  });

  it('warns of potassium with ACE inhibitors/ARBs and potassium-sparing diuretics', () => {
    const k = product('Potassium Citrate 99 mg');
    expect(ids(k, ['ace_inhibitor_or_arb'])).toEqual(['potassium-raas-diuretics']);
    expect(ids(k, ['potassium_sparing_diuretic'])).toEqual(['potassium-raas-diuretics']);
  });

  it('warns of fish oil, ginkgo, garlic and vitamin E with anticoagulants and antiplatelets', () => {
    expect(ids(product('Omega-3 Fish Oil 1000 mg'), ['antiplatelet'])).toEqual(['fish-oil-bleeding']);
    expect(ids(product('Ginkgo Biloba 120 mg'), ['anticoagulant'])).toEqual(['ginkgo-bleeding']);
    expect(ids(product('Odourless Garlic'), ['antiplatelet'])).toEqual(['garlic-bleeding']);
    expect(ids(product('Vitamin E 400 IU', { doses: [{ nutrient: 'vitamin-e' }] }), ['anticoagulant'])).toEqual([
      'vitamin-e-bleeding',
    ]);
    expect(ids(product('Omega-3 Fish Oil 1000 mg'), ['statin'])).toEqual([]);
  });

  it('warns of chromium and berberine with diabetes medicines, red yeast rice with statins, echinacea with immunosuppressants', () => {
    expect(ids(product('Chromium Picolinate'), ['diabetes_medicine'])).toEqual(['chromium-berberine-diabetes']);
    expect(ids(product('Berberine 500'), ['diabetes_medicine'])).toEqual(['chromium-berberine-diabetes']);
    expect(ids(product('Red Yeast Rice'), ['statin'])).toEqual(['red-yeast-rice-statins']);
    expect(ids(product('Echinacea Complex'), ['immunosuppressant'])).toEqual(['echinacea-immunosuppressants']);
    expect(ids(product('Echinacea Complex'), ['diabetes_medicine'])).toEqual([]);
  });

  it('matches whole words only', () => {
    expect(ids(product('Ironman Protein'), ['thyroid_hormone'])).toEqual([]);
    expect(ids(product('Garlicky Snacks'), ['anticoagulant'])).toEqual([]);
  });
});

describe('recommendation gates', () => {
  const vitaminD = {
    name: 'Vitamin D3 2000 IU',
    ingredients: 'cholecalciferol',
    doses: [{ nutrient: 'vitamin-d' as const, amount: '2000', unit: 'IU' as const }],
  };
  const adult = { pregnancy: 'none' as const, age: 35, medicines: [] };

  it('multiplies a dose by the servings a day exactly', () => {
    expect(timesServings('2000', 3)).toBe('6000');
    expect(timesServings('12.5', 3)).toBe('37.5');
    expect(timesServings('0.25', 4)).toBe('1');
    expect(timesServings('0.05', 2)).toBe('0.1');
  });

  it('warns of an upper limit only when the servings a day pass it', () => {
    expect(recommendationWarnings(vitaminD, 2, adult)).toEqual([]);
    const over = recommendationWarnings(vitaminD, 3, adult);
    expect(over.map((w) => w.rule)).toEqual(['upper_limit:vitamin-d']);
    expect(over[0]!.text.en).toBe(
      '3 a day gives 6000 IU of vitamin D, above the upper limit for her age (4000 IU a day).',
    );
    expect(over[0]!.text.ar).toContain('فيتامين د');
  });

  it('uses her own age band when known (calcium: 2500 mg to 50, 2000 mg after), the strictest adult one when not', () => {
    const calcium = {
      name: 'Calcium 1200',
      ingredients: '',
      doses: [{ nutrient: 'calcium' as const, amount: '1200', unit: 'mg' as const }],
    };
    expect(recommendationWarnings(calcium, 2, { ...adult, age: 40 })).toEqual([]);
    expect(recommendationWarnings(calcium, 2, { ...adult, age: 55 }).map((w) => w.rule)).toEqual([
      'upper_limit:calcium',
    ]);
    expect(recommendationWarnings(calcium, 2, { ...adult, age: null }).map((w) => w.rule)).toEqual([
      'upper_limit:calcium',
    ]);
  });

  it('warns of a product not established in pregnancy or breastfeeding, and not of a prenatal one', () => {
    const ashwagandha = { name: 'Ashwagandha', ingredients: 'withania somnifera', doses: [] };
    expect(recommendationWarnings(ashwagandha, 1, adult)).toEqual([]);
    const pregnant = recommendationWarnings(ashwagandha, 1, { ...adult, pregnancy: 'pregnant' });
    expect(pregnant.map((w) => w.rule)).toEqual(['pregnancy']);
    expect(pregnant[0]!.text.en).toContain('pregnant');
    const breastfeeding = recommendationWarnings(ashwagandha, 1, { ...adult, pregnancy: 'breastfeeding' });
    expect(breastfeeding[0]!.text.en).toContain('breastfeeding');
    const prenatal = { name: 'Prenatal Multi', ingredients: 'folate', doses: [] };
    expect(recommendationWarnings(prenatal, 1, { ...adult, pregnancy: 'pregnant' })).toEqual([]);
  });

  it('adds the interactions of her medicines after the dose gates', () => {
    const k2 = { ...vitaminD, name: 'Vitamin D3 + K2' };
    expect(recommendationWarnings(k2, 3, { ...adult, medicines: ['anticoagulant'] }).map((w) => w.rule)).toEqual([
      'upper_limit:vitamin-d',
      'interaction:vitamin-k-anticoagulants',
    ]);
  });
});
