// The suggestion rules, as data: when the latest value of a marker is below (or above) a
// threshold, what the shop says, why, on whose evidence, when to test again, and which products it may
// offer. Evaluation is suggestions.ts; the products are resolved by the API to in-stock SKUs whose daily
// dose of the rule's nutrient (sku_nutrients, migration 0035) lies in the rule's dose window AND is at
// most the nutrient's tolerable upper intake level (upper-limits.ts). A product without a known dose is
// never offered. No rule fires on a critical value (the page sends the shopper to a doctor instead), for
// anyone under 18, or when the age is unknown.
//
// Reason templates take {marker}, {value}, {unit}, {date} and {threshold}; the value is shown in the
// rule's unit. Advice is guidance, not a diagnosis, and says so where it matters.
import type { Sex } from './biomarker-units';
import type { Dose, Nutrient } from './upper-limits';

export interface Bilingual {
  en: string;
  ar: string;
}

export interface SuggestionRule {
  id: string;
  /** Biomarker slug (biomarker-reference-data.ts). */
  biomarker: string;
  direction: 'below' | 'above';
  /** Decimal text in `unit`; the latest value, converted to `unit` at its precision, is compared with it. */
  threshold: string;
  /** UCUM code of one of the biomarker's units. */
  unit: string;
  /** Completed years, inclusive; adults only (18 and over). */
  ageMin: number;
  ageMax: number | null;
  /** Only for this sex (unknown sex: the rule does not fire). */
  sex?: Sex;
  /** The marker as the reason names it ("vitamin D"). */
  marker: Bilingual;
  /**
   * What to offer: in-stock products with a daily dose of `nutrient` within [min, max] (and ≤ the UL).
   * null: advice only.
   */
  products: {
    nutrient: Nutrient;
    min?: Omit<Dose, 'nutrient'>;
    max: Omit<Dose, 'nutrient'>;
  } | null;
  reason: Bilingual;
  advice: Bilingual;
  /** The evidence, named in both languages (the citation's title stays as published, in Latin script). */
  source: { name: Bilingual; url: string };
  retestAfterWeeks: number;
}

const BELOW: Bilingual = {
  en: 'Your {marker} was {value} {unit} on {date}, below {threshold}.',
  ar: 'كانت نتيجة {marker} لديك {value} {unit} بتاريخ {date}، أي أقل من {threshold}.',
};
const ABOVE: Bilingual = {
  en: 'Your {marker} was {value} {unit} on {date}, above {threshold}.',
  ar: 'كانت نتيجة {marker} لديك {value} {unit} بتاريخ {date}، أي أعلى من {threshold}.',
};

const ADULTS = { ageMin: 18, ageMax: null } as const;

const ods = (name: Bilingual, page: string) => ({
  name: {
    en: `NIH Office of Dietary Supplements, ${name.en} fact sheet for health professionals`,
    ar: `مكتب المكملات الغذائية في المعاهد الوطنية للصحة الأمريكية، صحيفة معلومات ${name.ar} للمختصين الصحيين`,
  },
  url: `https://ods.od.nih.gov/factsheets/${page}-HealthProfessional/`,
});

/** The Endocrine Society's 2024 guideline (Demay et al., J Clin Endocrinol Metab 2024;109(8):1907–1947). */
const ENDOCRINE_SOCIETY_2024 = {
  name: {
    en: 'Endocrine Society 2024 Clinical Practice Guideline, Vitamin D for the Prevention of Disease (J Clin Endocrinol Metab 109:1907)',
    ar: 'الدليل الإرشادي للممارسة السريرية لجمعية الغدد الصماء 2024: فيتامين د للوقاية من الأمراض (J Clin Endocrinol Metab 109:1907)',
  },
  url: 'https://academic.oup.com/jcem/article/109/8/1907/7685305',
};

export const SUGGESTION_RULES: readonly SuggestionRule[] = [
  {
    id: 'vitamin-d-low',
    biomarker: 'vitamin-d-25-oh',
    direction: 'below',
    threshold: '30',
    unit: 'ng/mL',
    ...ADULTS,
    marker: { en: 'vitamin D', ar: 'فيتامين د' },
    // A daily maintenance dose; never the 5000 IU products (above the 4000 IU UL, and high-dose
    // vitamin D is what the 2024 guideline advises against for healthy adults under 75).
    products: { nutrient: 'vitamin-d', min: { amount: '1000', unit: 'IU' }, max: { amount: '1000', unit: 'IU' } },
    reason: BELOW,
    advice: {
      en: 'Take vitamin D3 1000 IU a day with a meal and test again in about 12 weeks. More is not better: the Endocrine Society’s 2024 guideline advises against routine high-dose vitamin D for healthy adults under 75, so we do not suggest 5000 IU products. This is guidance, not a diagnosis: talk to your doctor, especially if you are pregnant, have kidney disease or already take vitamin D.',
      ar: 'تناول فيتامين د3 بجرعة 1000 وحدة دولية يوميًا مع وجبة، وأعد الفحص بعد نحو 12 أسبوعًا. الجرعة الأكبر ليست أفضل: تنصح إرشادات جمعية الغدد الصماء لعام 2024 بعدم تناول جرعات عالية من فيتامين د بشكل روتيني للبالغين الأصحاء دون 75 عامًا، لذلك لا نقترح منتجات 5000 وحدة دولية. هذه إرشادات وليست تشخيصًا: استشر طبيبك، خاصة في حال الحمل أو مرض الكلى أو إذا كنت تتناول فيتامين د من مصدر آخر.',
    },
    source: ENDOCRINE_SOCIETY_2024,
    retestAfterWeeks: 12,
  },
  {
    id: 'vitamin-d-high',
    biomarker: 'vitamin-d-25-oh',
    direction: 'above',
    threshold: '100',
    unit: 'ng/mL',
    ...ADULTS,
    marker: { en: 'vitamin D', ar: 'فيتامين د' },
    products: null,
    reason: ABOVE,
    advice: {
      en: 'Stop taking vitamin D supplements, including multivitamins that contain it, and see a doctor: levels this high can raise the calcium in your blood.',
      ar: 'توقف عن تناول مكملات فيتامين د، بما فيها الفيتامينات المتعددة التي تحتويه، وراجع الطبيب: هذا المستوى المرتفع قد يرفع نسبة الكالسيوم في الدم.',
    },
    source: ods({ en: 'Vitamin D', ar: 'فيتامين د' }, 'VitaminD'),
    retestAfterWeeks: 12,
  },
  {
    id: 'ferritin-low-female',
    biomarker: 'ferritin',
    direction: 'below',
    threshold: '30',
    unit: 'ng/mL',
    ...ADULTS,
    sex: 'female',
    marker: { en: 'ferritin (iron stores)', ar: 'الفيريتين (مخزون الحديد)' },
    products: { nutrient: 'iron', max: { amount: '45', unit: 'mg' } },
    reason: BELOW,
    advice: {
      en: 'Iron bisglycinate is gentle on the stomach: take it apart from tea, coffee and calcium, and test your ferritin again in about 12 weeks. Low iron stores have causes worth knowing, such as heavy periods: talk to your doctor.',
      ar: 'حديد البيسجلايسينات لطيف على المعدة: تناوله بعيدًا عن الشاي والقهوة والكالسيوم، وأعد فحص الفيريتين بعد نحو 12 أسبوعًا. لانخفاض مخزون الحديد أسباب تستحق المعرفة، مثل غزارة الدورة الشهرية: استشر طبيبتك.',
    },
    source: ods({ en: 'Iron', ar: 'الحديد' }, 'Iron'),
    retestAfterWeeks: 12,
  },
  {
    id: 'ferritin-low-male',
    biomarker: 'ferritin',
    direction: 'below',
    threshold: '30',
    unit: 'ng/mL',
    ...ADULTS,
    sex: 'male',
    marker: { en: 'ferritin (iron stores)', ar: 'الفيريتين (مخزون الحديد)' },
    // Low iron stores in a man need their cause found (often blood loss from the gut) before any iron.
    products: null,
    reason: BELOW,
    advice: {
      en: 'Low iron stores are uncommon in men and their cause should be found, often slow blood loss from the gut: see a doctor before taking iron.',
      ar: 'انخفاض مخزون الحديد غير شائع لدى الرجال ويجب معرفة سببه، وغالبًا ما يكون نزفًا بطيئًا من الجهاز الهضمي: راجع الطبيب قبل تناول الحديد.',
    },
    source: ods({ en: 'Iron', ar: 'الحديد' }, 'Iron'),
    retestAfterWeeks: 12,
  },
  {
    id: 'vitamin-b12-low',
    biomarker: 'vitamin-b12',
    direction: 'below',
    threshold: '300',
    unit: 'pg/mL',
    ...ADULTS,
    marker: { en: 'vitamin B12', ar: 'فيتامين ب12' },
    // B12 has no UL; the rule keeps to the usual 1000 mcg daily dose.
    products: { nutrient: 'vitamin-b12', max: { amount: '1000', unit: 'mcg' } },
    reason: BELOW,
    advice: {
      en: 'Take vitamin B12 1000 mcg a day and test again in about 12 weeks. Vegetarians and people taking metformin or stomach-acid medicines are more often low. See a doctor if you have numbness, tingling or unusual tiredness.',
      ar: 'تناول فيتامين ب12 بجرعة 1000 ميكروغرام يوميًا وأعد الفحص بعد نحو 12 أسبوعًا. يكثر انخفاضه لدى النباتيين ومن يتناولون الميتفورمين أو أدوية حموضة المعدة. راجع الطبيب إذا شعرت بتنميل أو وخز أو تعب غير معتاد.',
    },
    source: ods({ en: 'Vitamin B12', ar: 'فيتامين ب12' }, 'VitaminB12'),
    retestAfterWeeks: 12,
  },
  {
    id: 'folate-low',
    biomarker: 'folate',
    direction: 'below',
    threshold: '4.0',
    unit: 'ng/mL',
    ...ADULTS,
    marker: { en: 'folate', ar: 'الفولات' },
    products: { nutrient: 'folic-acid', max: { amount: '400', unit: 'mcg' } },
    reason: BELOW,
    advice: {
      en: 'Take folic acid 400 mcg a day and test again in about 12 weeks. Have your vitamin B12 checked too: folic acid can hide a B12 deficiency.',
      ar: 'تناول حمض الفوليك بجرعة 400 ميكروغرام يوميًا وأعد الفحص بعد نحو 12 أسبوعًا. افحص فيتامين ب12 أيضًا، فحمض الفوليك قد يخفي نقصه.',
    },
    source: ods({ en: 'Folate', ar: 'الفولات' }, 'Folate'),
    retestAfterWeeks: 12,
  },
  {
    id: 'magnesium-low',
    biomarker: 'magnesium',
    direction: 'below',
    threshold: '1.7',
    unit: 'mg/dL',
    ...ADULTS,
    marker: { en: 'magnesium', ar: 'المغنيسيوم' },
    products: { nutrient: 'magnesium', max: { amount: '350', unit: 'mg' } },
    reason: BELOW,
    advice: {
      en: 'Magnesium glycinate is well absorbed; keep supplements to 350 mg a day at most, and test again in about 8 weeks. Some medicines (diuretics, stomach-acid medicines) lower magnesium: tell your doctor.',
      ar: 'المغنيسيوم جلايسينات جيد الامتصاص؛ لا تتجاوز 350 ملغ يوميًا من المكملات، وأعد الفحص بعد نحو 8 أسابيع. بعض الأدوية (مدرات البول وأدوية حموضة المعدة) تخفض المغنيسيوم: أخبر طبيبك.',
    },
    source: ods({ en: 'Magnesium', ar: 'المغنيسيوم' }, 'Magnesium'),
    retestAfterWeeks: 8,
  },
  {
    id: 'zinc-low',
    biomarker: 'zinc',
    direction: 'below',
    threshold: '60',
    unit: 'ug/dL',
    ...ADULTS,
    marker: { en: 'zinc', ar: 'الزنك' },
    products: { nutrient: 'zinc', max: { amount: '25', unit: 'mg' } },
    reason: BELOW,
    advice: {
      en: 'Take zinc 25 mg a day with food and test again in about 12 weeks. More than 40 mg a day for long can lower your copper.',
      ar: 'تناول الزنك بجرعة 25 ملغ يوميًا مع الطعام وأعد الفحص بعد نحو 12 أسبوعًا. تناول أكثر من 40 ملغ يوميًا لفترة طويلة قد يخفض النحاس في الجسم.',
    },
    source: ods({ en: 'Zinc', ar: 'الزنك' }, 'Zinc'),
    retestAfterWeeks: 12,
  },
];
