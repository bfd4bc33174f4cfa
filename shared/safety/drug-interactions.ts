// Known interactions between supplements and medicines, for the nutritionist's recommendation list
// (issue 46): a product that contains one side of a rule, for a shopper whose intake names a medicine
// class of the other side, gets a warning the nutritionist must acknowledge with a reason before the
// list saves (api/src/consultations/staff/recommendations.ts; the acknowledgement goes to the audit log).
//
// Keyed by the intake's medicine classes (shared/consultations/intake.ts: MEDICINE_CLASSES) on one side
// and, on the other, by what a product is known to contain: a nutrient dose of its SKU (sku_nutrients),
// a word of its English name (minerals: an ingredient list names "magnesium stearate" as a filler), or a
// word of its name or ingredient list (herbs and oils). Each rule names its sources: the NIH Office of
// Dietary Supplements (ODS) fact sheets for health professionals and NIH NCCIH's pages on herbs.
//
// A warning, not a ban: the nutritionist may know the dose is spaced from the medicine or that her
// doctor follows it; what the rules guarantee is that nobody recommends it without having seen it.
import type { Bi } from '../quiz/schema';
import type { MedicineClass } from '../consultations/intake';
import type { Dose, Nutrient } from '../blood-tests/upper-limits';
import type { SafetySource } from './supplement-safety';

export interface InteractionRule {
  /** Stable id: the audit log and consultation_recommendations.warnings keep it. */
  id: string;
  /** Any of these medicine classes in her intake. */
  medicines: readonly MedicineClass[];
  /** …and a product with a dose of one of these nutrients, */
  nutrients?: readonly Nutrient[];
  /** …or one of these words in its English name, */
  nameTerms?: readonly string[];
  /** …or one of these words in its English name or ingredient list. */
  terms?: readonly string[];
  /** What the interaction does, for the nutritionist. */
  effect: Bi;
  sources: readonly SafetySource[];
}

const odsSheet = (name: string, page: string): SafetySource => ({
  name: `NIH Office of Dietary Supplements, ${name} fact sheet for health professionals (Interactions with medications)`,
  url: `https://ods.od.nih.gov/factsheets/${page}-HealthProfessional/`,
});
const nccih = (name: string, page: string): SafetySource => ({
  name: `NIH National Center for Complementary and Integrative Health, ${name}`,
  url: `https://www.nccih.nih.gov/health/${page}`,
});

const ODS_VITAMIN_K = odsSheet('Vitamin K', 'VitaminK');
const ODS_VITAMIN_E = odsSheet('Vitamin E', 'VitaminE');
const ODS_CALCIUM = odsSheet('Calcium', 'Calcium');
const ODS_IRON = odsSheet('Iron', 'Iron');
const ODS_MAGNESIUM = odsSheet('Magnesium', 'Magnesium');
const ODS_ZINC = odsSheet('Zinc', 'Zinc');
const ODS_POTASSIUM = odsSheet('Potassium', 'Potassium');
const ODS_OMEGA3 = odsSheet('Omega-3 Fatty Acids', 'Omega3FattyAcids');
const ODS_CHROMIUM = odsSheet('Chromium', 'Chromium');
const NCCIH_ST_JOHNS_WORT = nccih("St. John's Wort", 'st-johns-wort');
const NCCIH_GINKGO = nccih('Ginkgo', 'ginkgo');
const NCCIH_GARLIC = nccih('Garlic', 'garlic');
const NCCIH_RED_YEAST_RICE = nccih('Red Yeast Rice', 'red-yeast-rice');
const NCCIH_ECHINACEA = nccih('Echinacea', 'echinacea');
const NCCIH_DIABETES = nccih(
  'Diabetes and Dietary Supplements: What You Need To Know',
  'diabetes-and-dietary-supplements',
);

const BLEEDING: readonly MedicineClass[] = ['anticoagulant', 'antiplatelet'];
const CHELATING_ANTIBIOTICS: readonly MedicineClass[] = ['quinolone_or_tetracycline_antibiotic'];

export const INTERACTION_RULES: readonly InteractionRule[] = [
  {
    id: 'vitamin-k-anticoagulants',
    medicines: ['anticoagulant'],
    terms: [
      'vitamin k',
      'vitamin k1',
      'vitamin k2',
      'k2',
      'mk-7',
      'mk-4',
      'menaquinone',
      'phylloquinone',
      'phytonadione',
    ],
    effect: {
      en: 'Vitamin K works against warfarin and other vitamin K antagonists: a change in its intake changes the INR.',
      ar: 'فيتامين ك يعاكس عمل الوارفارين ومضادات فيتامين ك الأخرى: أي تغيير في تناوله يغيّر قيمة INR.',
    },
    sources: [ODS_VITAMIN_K],
  },
  {
    id: 'st-johns-wort-ssri-contraceptives',
    medicines: ['ssri_or_snri', 'oral_contraceptive', 'immunosuppressant', 'anticoagulant'],
    terms: ["st john's wort", 'st john’s wort', 'st johns wort', 'hypericum'],
    effect: {
      en: "St John's wort with SSRIs or SNRIs can cause serotonin syndrome; it lowers the effect of birth-control pills, warfarin and ciclosporin.",
      ar: 'نبتة سانت جون مع مثبطات استرداد السيروتونين قد تسبب متلازمة السيروتونين، وتُضعف أثر حبوب منع الحمل والوارفارين والسيكلوسبورين.',
    },
    sources: [NCCIH_ST_JOHNS_WORT],
  },
  {
    id: 'minerals-thyroid-hormone',
    medicines: ['thyroid_hormone'],
    nutrients: ['calcium', 'iron', 'magnesium'],
    nameTerms: ['calcium', 'iron', 'magnesium'],
    effect: {
      en: 'Calcium, iron and magnesium reduce the absorption of levothyroxine: take them at least 4 hours apart.',
      ar: 'الكالسيوم والحديد والمغنيسيوم تقلل امتصاص الليفوثيروكسين: يُفصل بينهما 4 ساعات على الأقل.',
    },
    sources: [ODS_CALCIUM, ODS_IRON, ODS_MAGNESIUM],
  },
  {
    id: 'minerals-chelating-antibiotics',
    medicines: CHELATING_ANTIBIOTICS,
    nutrients: ['calcium', 'iron', 'magnesium', 'zinc'],
    nameTerms: ['calcium', 'iron', 'magnesium', 'zinc'],
    effect: {
      en: 'Calcium, iron, magnesium and zinc bind quinolone and tetracycline antibiotics in the gut, so neither is absorbed well: space them by hours.',
      ar: 'الكالسيوم والحديد والمغنيسيوم والزنك ترتبط بمضادات الكينولون والتتراسيكلين في الأمعاء فيقل امتصاص الاثنين: يُفصل بينها بساعات.',
    },
    sources: [ODS_CALCIUM, ODS_IRON, ODS_MAGNESIUM, ODS_ZINC],
  },
  {
    id: 'potassium-raas-diuretics',
    medicines: ['ace_inhibitor_or_arb', 'potassium_sparing_diuretic'],
    nameTerms: ['potassium'],
    effect: {
      en: 'ACE inhibitors, ARBs and potassium-sparing diuretics raise blood potassium; a potassium supplement can cause hyperkalaemia.',
      ar: 'مثبطات الإنزيم المحوِّل وحاصرات مستقبلات الأنجيوتنسين ومدرات البول الحافظة للبوتاسيوم ترفع بوتاسيوم الدم، ومكمّل البوتاسيوم قد يسبب فرط بوتاسيوم الدم.',
    },
    sources: [ODS_POTASSIUM],
  },
  {
    id: 'fish-oil-bleeding',
    medicines: BLEEDING,
    terms: ['fish oil', 'omega-3', 'omega 3', 'krill', 'epa', 'dha', 'cod liver oil'],
    effect: {
      en: 'Omega-3 fatty acids at high doses may add to the bleeding effect of anticoagulants and antiplatelet medicines.',
      ar: 'أحماض أوميغا 3 بجرعات عالية قد تزيد أثر مضادات التخثر ومضادات الصفائح في النزف.',
    },
    sources: [ODS_OMEGA3],
  },
  {
    id: 'ginkgo-bleeding',
    medicines: BLEEDING,
    terms: ['ginkgo', 'ginkgo biloba'],
    effect: {
      en: 'Ginkgo may raise the risk of bleeding, more so with anticoagulants or antiplatelet medicines.',
      ar: 'الجنكة قد تزيد خطر النزف، خاصة مع مضادات التخثر أو مضادات الصفائح.',
    },
    sources: [NCCIH_GINKGO],
  },
  {
    id: 'garlic-bleeding',
    medicines: BLEEDING,
    terms: ['garlic', 'allicin'],
    effect: {
      en: 'Garlic supplements may raise the risk of bleeding and interact with warfarin.',
      ar: 'مكملات الثوم قد تزيد خطر النزف وتتداخل مع الوارفارين.',
    },
    sources: [NCCIH_GARLIC],
  },
  {
    id: 'vitamin-e-bleeding',
    medicines: BLEEDING,
    nutrients: ['vitamin-e'],
    nameTerms: ['vitamin e', 'tocopherol'],
    effect: {
      en: 'Vitamin E supplements may increase the risk of bleeding in people taking anticoagulants or antiplatelet medicines.',
      ar: 'مكملات فيتامين هـ قد تزيد خطر النزف لدى من يتناولون مضادات التخثر أو مضادات الصفائح.',
    },
    sources: [ODS_VITAMIN_E],
  },
  {
    id: 'chromium-berberine-diabetes',
    medicines: ['diabetes_medicine'],
    terms: ['chromium', 'berberine'],
    effect: {
      en: 'Chromium and berberine lower blood sugar and may add to diabetes medicines (risk of hypoglycaemia).',
      ar: 'الكروم والبربرين يخفضان سكر الدم وقد يضاعفان أثر أدوية السكري (خطر هبوط السكر).',
    },
    sources: [ODS_CHROMIUM, NCCIH_DIABETES],
  },
  {
    id: 'red-yeast-rice-statins',
    medicines: ['statin'],
    terms: ['red yeast rice', 'monacolin'],
    effect: {
      en: 'Red yeast rice contains monacolin K, the same substance as lovastatin: with a statin it doubles the dose and the risk of muscle damage.',
      ar: 'أرز الخميرة الحمراء يحتوي موناكولين ك، وهو نفس مادة اللوفاستاتين: مع دواء ستاتين يضاعف الجرعة وخطر تلف العضلات.',
    },
    sources: [NCCIH_RED_YEAST_RICE],
  },
  {
    id: 'echinacea-immunosuppressants',
    medicines: ['immunosuppressant'],
    terms: ['echinacea'],
    effect: {
      en: 'Echinacea stimulates the immune system and may work against immunosuppressant medicines.',
      ar: 'الإكيناسيا تنشط جهاز المناعة وقد تعاكس عمل الأدوية المثبطة للمناعة.',
    },
    sources: [NCCIH_ECHINACEA],
  },
];

/** What the rules read of a product. */
export interface InteractionProduct {
  /** Its SKU's daily doses (sku_nutrients). */
  doses: readonly Pick<Dose, 'nutrient'>[];
  /** The English name. */
  name: string;
  /** The English ingredient list (may be empty). */
  ingredients: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const has = (text: string, term: string) => new RegExp(`(^|[^a-z0-9])${escapeRegExp(term)}([^a-z0-9]|$)`).test(text);

/** The rules a product meets for a shopper taking `medicines` (her intake's classes), in the table's order. */
export function interactionsFor(product: InteractionProduct, medicines: readonly string[]): InteractionRule[] {
  const name = product.name.toLowerCase();
  const words = `${name} ${product.ingredients.toLowerCase()}`;
  return INTERACTION_RULES.filter(
    (rule) =>
      rule.medicines.some((m) => medicines.includes(m)) &&
      ((rule.nutrients ?? []).some((n) => product.doses.some((d) => d.nutrient === n)) ||
        (rule.nameTerms ?? []).some((t) => has(name, t)) ||
        (rule.terms ?? []).some((t) => has(words, t))),
  );
}
