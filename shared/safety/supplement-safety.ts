// The shop's supplement safety rules: what may be suggested to whom, whatever suggests it (the quiz
// today; the blood-test results keep the stricter rule of never offering a dose above the UL at all).
// Data with its sources, applied after any content's own gates, so no quiz version can switch it off:
//
// 1. Pregnancy, breastfeeding and trying to conceive: a product is suggested only when everything it is
//    known to contain has established safety then: a dose of a nutrient whose DRIs set pregnancy and
//    lactation limits, at most that limit, or a kind of product made for pregnancy (prenatal formulas,
//    fish-oil or algae DHA). Anything else (MSM, herbs, collagen …) is left out, with the reason.
// 2. Everyone else: a daily dose above the nutrient's tolerable upper intake level (UL) for the shopper's
//    ages is suggested only with a visible caution saying so.
//
// The back office lists these rules with their sources (the quiz page), for review beside the content.
import type { Bi } from '../quiz/schema';
import { bloodTestResultsAr } from '../i18n/blood-test-results.ar';
import { bloodTestResultsEn } from '../i18n/blood-test-results.en';
import { compareFractions, formatFraction } from '../blood-tests/biomarker-units';
import {
  type Dose,
  type DoseUnit,
  doseIn,
  type Nutrient,
  strictestUpperLimit,
  UPPER_LIMIT_BY_NUTRIENT,
} from '../blood-tests/upper-limits';

export interface SafetySource {
  name: string;
  url: string;
}

/** The facts (quiz answers) under which only products of established safety are suggested. */
export const PREGNANCY_FACTS: readonly string[] = ['pregnant', 'breastfeeding', 'trying-to-conceive'];

/** The fact of shoppers aged 50 or more (their calcium UL is lower). */
export const AGE_50_PLUS_FACT = 'age-50-plus';

/**
 * Nutrients the DRIs give pregnancy and lactation ULs for, equal to the adult ones, so a dose up to the
 * UL is established as safe then. Vitamin A is not here: preformed vitamin A (retinol) supplements are
 * left out in pregnancy (teratogenic at high intakes; WHO does not recommend them in pregnancy).
 */
export const ESTABLISHED_NUTRIENTS_IN_PREGNANCY: readonly Nutrient[] = [
  'folic-acid',
  'iron',
  'iodine',
  'vitamin-d',
  'calcium',
  'vitamin-b12',
  'vitamin-b6',
  'vitamin-c',
  'vitamin-e',
  'zinc',
  'magnesium',
  'selenium',
];

export interface SafetyTerm {
  /** Lower-case words of a product's English name or ingredient list. */
  term: string;
  source: SafetySource;
}

const ACOG_NUTRITION: SafetySource = {
  name: 'American College of Obstetricians and Gynecologists, Nutrition During Pregnancy (FAQ001)',
  url: 'https://www.acog.org/womens-health/faqs/nutrition-during-pregnancy',
};
const ODS_PREGNANCY: SafetySource = {
  name: 'NIH Office of Dietary Supplements, fact sheets for health professionals: Tolerable Upper Intake Levels for pregnancy and lactation',
  url: 'https://ods.od.nih.gov/factsheets/list-all/',
};
const NCCIH_PREGNANCY: SafetySource = {
  name: 'NIH National Center for Complementary and Integrative Health, Herbs at a Glance (safety in pregnancy and breastfeeding)',
  url: 'https://www.nccih.nih.gov/health/herbsataglance',
};
const WHO_VITAMIN_A: SafetySource = {
  name: 'World Health Organization, Vitamin A supplementation in pregnant women (e-Library of Evidence for Nutrition Actions)',
  url: 'https://www.who.int/tools/elena/interventions/vitamina-pregnancy',
};

/** Kinds of product made for pregnancy, established as safe then at their labelled dose. */
export const ESTABLISHED_TERMS_IN_PREGNANCY: readonly SafetyTerm[] = [
  { term: 'prenatal', source: ACOG_NUTRITION },
  { term: 'fish oil', source: ACOG_NUTRITION },
  { term: 'algae', source: ACOG_NUTRITION },
];

/**
 * What is not established as safe in pregnancy or breastfeeding, found in a product's name or
 * ingredient list: it outweighs anything established the product also contains.
 */
export const NOT_ESTABLISHED_TERMS_IN_PREGNANCY: readonly SafetyTerm[] = [
  ...['retinol', 'cod liver oil'].map((term) => ({ term, source: WHO_VITAMIN_A })),
  ...[
    'ashwagandha',
    'withania',
    'ginkgo',
    'green tea',
    'milk thistle',
    "st john's wort",
    'st john’s wort',
    'black seed',
    'turmeric',
    'curcumin',
    'elderberry',
  ].map((term) => ({ term, source: NCCIH_PREGNANCY })),
  ...[
    'methylsulfonylmethane',
    'msm',
    'glucosamine',
    'chondroitin',
    'collagen',
    'hyaluronic',
    'melatonin',
    'creatine',
    'caffeine',
    'krill',
    'carnitine',
    'coq10',
  ].map((term) => ({ term, source: ODS_PREGNANCY })),
];

/** What the rules need to know of a product: its daily doses (its card's size) and its words. */
export interface SafetyProduct {
  doses: Dose[];
  /** The English name and ingredient list, lower-case. */
  ingredients: string;
}

export interface SafetyVerdict {
  /** Non-empty: the product is not suggested, for these reasons. */
  remove: Bi[];
  /** Shown with the product when it is suggested. */
  cautions: Bi[];
}

/** A dose as the results hub writes it ("1000 IU", "1000 وحدة دولية"): the same dictionary entries. */
export function doseInWords(amount: string, unit: DoseUnit, lang: 'en' | 'ar'): string {
  const texts = lang === 'ar' ? bloodTestResultsAr : bloodTestResultsEn;
  return texts[`btr_dose_${unit}`].replace('{{amount}}', amount);
}

/** Nutrient names in running text, both languages. */
export const NUTRIENT_NAME: Record<Nutrient, Bi> = {
  'vitamin-d': { en: 'vitamin D', ar: 'فيتامين د' },
  iron: { en: 'iron', ar: 'الحديد' },
  zinc: { en: 'zinc', ar: 'الزنك' },
  magnesium: { en: 'magnesium', ar: 'المغنيسيوم' },
  'folic-acid': { en: 'folic acid', ar: 'حمض الفوليك' },
  'vitamin-b6': { en: 'vitamin B6', ar: 'فيتامين ب6' },
  'vitamin-a': { en: 'vitamin A', ar: 'فيتامين أ' },
  calcium: { en: 'calcium', ar: 'الكالسيوم' },
  'vitamin-e': { en: 'vitamin E', ar: 'فيتامين هـ' },
  'vitamin-c': { en: 'vitamin C', ar: 'فيتامين سي' },
  selenium: { en: 'selenium', ar: 'السيلينيوم' },
  iodine: { en: 'iodine', ar: 'اليود' },
  'vitamin-b12': { en: 'vitamin B12', ar: 'فيتامين ب12' },
};

const has = (text: string, term: string) => new RegExp(`(^|[^a-z0-9])${escapeRegExp(term)}([^a-z0-9]|$)`).test(text);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The doses above their UL for everyone from `ageMin` on (to `ageMax` when the age is known), with the
 * limit in the UL's unit.
 */
export function aboveUpperLimit(
  doses: Dose[],
  ageMin: number,
  ageMax: number | null = null,
): { dose: Dose; limit: Pick<Dose, 'amount' | 'unit'> }[] {
  const over: { dose: Dose; limit: Pick<Dose, 'amount' | 'unit'> }[] = [];
  for (const dose of doses) {
    const ul = UPPER_LIMIT_BY_NUTRIENT.get(dose.nutrient);
    if (!ul) continue;
    const limit = strictestUpperLimit(dose.nutrient, ageMin, ageMax);
    const amount = doseIn(dose.nutrient, dose.amount, dose.unit, ul.unit);
    if (!limit || !amount) continue;
    if (compareFractions(amount, limit) > 0)
      over.push({ dose, limit: { amount: formatFraction(limit, limit.n % limit.d === 0n ? 0 : 2), unit: ul.unit } });
  }
  return over;
}

export const doseWords = (d: Pick<Dose, 'amount' | 'unit'>, lang: 'en' | 'ar') => doseInWords(d.amount, d.unit, lang);

/**
 * The verdict on one product for a shopper whose answers state `facts`. Adults only (the quiz leaves
 * out under-18s before this): ages from 18, or from 50 with the 50-plus fact.
 */
export function supplementSafety(product: SafetyProduct, facts: readonly string[]): SafetyVerdict {
  const ageMin = facts.includes(AGE_50_PLUS_FACT) ? 50 : 18;
  const over = aboveUpperLimit(product.doses, ageMin);
  const words = product.ingredients.toLowerCase();
  if (facts.some((f) => PREGNANCY_FACTS.includes(f))) {
    const remove: Bi[] = over.map(({ dose, limit }) => ({
      en: `Its daily dose of ${NUTRIENT_NAME[dose.nutrient].en} (${doseWords(dose, 'en')}) is above the safe upper limit in pregnancy and breastfeeding (${doseWords(limit, 'en')} a day), so we left it out.`,
      ar: `جرعته اليومية من ${NUTRIENT_NAME[dose.nutrient].ar} (${doseWords(dose, 'ar')}) أعلى من الحد الأعلى الآمن أثناء الحمل والرضاعة (${doseWords(limit, 'ar')} يومياً)، لذا استبعدناه.`,
    }));
    const unknownNutrient = product.doses.some((d) => !ESTABLISHED_NUTRIENTS_IN_PREGNANCY.includes(d.nutrient));
    const notEstablished = NOT_ESTABLISHED_TERMS_IN_PREGNANCY.some((t) => has(words, t.term));
    const established =
      (product.doses.length > 0 && !unknownNutrient) || ESTABLISHED_TERMS_IN_PREGNANCY.some((t) => has(words, t.term));
    if (notEstablished || unknownNutrient || !established)
      remove.push({
        en: 'It is not established as safe in pregnancy or while breastfeeding, so we left it out.',
        ar: 'لم تثبت سلامته أثناء الحمل أو الرضاعة، لذا استبعدناه.',
      });
    return { remove, cautions: [] };
  }
  return {
    remove: [],
    cautions: over.map(({ dose, limit }) => ({
      en: `Its daily dose of ${NUTRIENT_NAME[dose.nutrient].en} (${doseWords(dose, 'en')}) is above the safe upper limit for your age (${doseWords(limit, 'en')} a day). Take it only if your doctor advises it.`,
      ar: `جرعته اليومية من ${NUTRIENT_NAME[dose.nutrient].ar} (${doseWords(dose, 'ar')}) أعلى من الحد الأعلى الآمن لعمرك (${doseWords(limit, 'ar')} يومياً). لا تتناوله إلا بنصيحة طبيبك.`,
    })),
  };
}
