// What each seeded nutritionist offers (issue 46): gender, languages, qualifications, three services
// priced per country (VAT included in Saudi Arabia), a package of follow-ups, and weekly hours in
// Gulf time. Indexed like NUTRITIONISTS (shop-content.ts). Prices are minor units: KWD fils, SAR halalas.
import type { Bi } from './categories';

export interface ConsultationProfileDef {
  gender: 'female' | 'male';
  languages: string;
  qualifications: Bi;
  /** Prices of the first call, the full consultation and the follow-up; null: not offered in that country. */
  prices: {
    first_call: { KW: number | null; SA: number | null };
    full: { KW: number | null; SA: number | null };
    follow_up: { KW: number | null; SA: number | null };
  };
  /** The 4-follow-up package's price per country. */
  package: { KW: number; SA: number };
  /** Weekly hours: [weekday (0 = Sunday), start, end] in Gulf minutes after midnight. */
  hours: Array<[number, number, number]>;
}

const SUN_THU = [0, 1, 2, 3, 4];
const at = (h: number, m = 0) => h * 60 + m;
const week = (days: number[], ...spans: Array<[number, number]>): Array<[number, number, number]> =>
  days.flatMap((d) => spans.map(([s, e]): [number, number, number] => [d, s, e]));

/** The usual prices; a nutritionist's own step adds to them (KWD 1 / SAR 10 per step). */
const prices = (step: number) => ({
  first_call: { KW: 8_000 + step * 1_000, SA: 9_900 + step * 1_000 },
  full: { KW: 20_000 + step * 1_000, SA: 24_900 + step * 1_000 },
  follow_up: { KW: 12_000 + step * 1_000, SA: 14_900 + step * 1_000 },
});
const packageOf = (step: number) => ({ KW: 40_000 + step * 3_000, SA: 49_900 + step * 3_000 });

export const CONSULTATION_PROFILES: ConsultationProfileDef[] = [
  {
    gender: 'female',
    languages: 'ar,en',
    qualifications: {
      en: 'PhD in Clinical Nutrition (King\u2019s College London); Registered Dietitian, Kuwait Ministry of Health',
      ar: 'دكتوراه في التغذية العلاجية (كينغز كوليدج لندن)؛ أخصائية تغذية مسجلة لدى وزارة الصحة الكويتية',
    },
    prices: prices(0),
    package: packageOf(0),
    hours: week(SUN_THU, [at(9), at(13)], [at(16), at(20)]),
  },
  {
    gender: 'male',
    languages: 'ar,en',
    qualifications: {
      en: 'MSc Sports Nutrition (Loughborough); ISSN Certified Sports Nutritionist; Saudi Commission for Health Specialties',
      ar: 'ماجستير التغذية الرياضية (جامعة لافبرا)؛ أخصائي تغذية رياضية معتمد من ISSN؛ الهيئة السعودية للتخصصات الصحية',
    },
    prices: prices(1),
    package: packageOf(1),
    hours: week(SUN_THU, [at(16), at(21)]),
  },
  {
    gender: 'female',
    languages: 'ar',
    qualifications: {
      en: 'BSc Clinical Nutrition (Kuwait University); Paediatric Nutrition Certificate',
      ar: 'بكالوريوس التغذية العلاجية (جامعة الكويت)؛ شهادة تغذية الأطفال',
    },
    // A full consultation in Kuwait only: not offered in Saudi Arabia.
    prices: { ...prices(0), full: { KW: 18_000, SA: null } },
    package: packageOf(0),
    hours: week(SUN_THU, [at(9), at(13)]),
  },
  {
    gender: 'female',
    languages: 'ar,en,fr',
    qualifications: {
      en: 'PhD in Nutrition Sciences (Université Paris Cité); Women\u2019s Health Nutrition Fellowship',
      ar: 'دكتوراه في علوم التغذية (جامعة باريس سيتيه)؛ زمالة تغذية صحة المرأة',
    },
    prices: prices(2),
    package: packageOf(2),
    hours: week(SUN_THU, [at(10), at(14)], [at(17), at(20)]),
  },
  {
    gender: 'male',
    languages: 'ar,en,ur',
    qualifications: {
      en: 'BSc Nutrition and Dietetics (King Saud University); Registered Dietitian, Saudi Commission for Health Specialties',
      ar: 'بكالوريوس التغذية وعلوم الأطعمة (جامعة الملك سعود)؛ أخصائي تغذية مسجل لدى الهيئة السعودية للتخصصات الصحية',
    },
    prices: prices(0),
    package: packageOf(0),
    hours: [...week(SUN_THU, [at(9), at(12)], [at(16), at(19)]), ...week([6], [at(10), at(13)])],
  },
  {
    gender: 'female',
    languages: 'ar,en',
    qualifications: {
      en: 'MD, Dermatology Board (Arab Board); Diploma in Skin and Nutrition',
      ar: 'دكتوراه في الطب، البورد العربي للأمراض الجلدية؛ دبلوم البشرة والتغذية',
    },
    prices: prices(2),
    package: packageOf(2),
    hours: week([0, 2, 4], [at(9), at(13)], [at(16), at(20)]),
  },
  {
    gender: 'male',
    languages: 'ar,en,hi',
    qualifications: {
      en: 'MSc Public Health Nutrition (Manipal); Certified Wellness Coach',
      ar: 'ماجستير تغذية الصحة العامة (مانيبال)؛ مدرب عافية معتمد',
    },
    prices: prices(0),
    package: packageOf(0),
    hours: week(SUN_THU, [at(17), at(20)]),
  },
  {
    gender: 'female',
    languages: 'ar,en',
    qualifications: {
      en: 'PhD in Gerontological Nutrition (University of Manchester); Kuwait Institute for Medical Specialization',
      ar: 'دكتوراه في تغذية كبار السن (جامعة مانشستر)؛ معهد الكويت للاختصاصات الطبية',
    },
    prices: prices(1),
    package: packageOf(1),
    hours: week([1, 3], [at(9), at(13)], [at(16), at(20)]),
  },
];

export const SERVICE_DEFS = [
  {
    kind: 'first_call',
    minutes: 20,
    name: { en: 'First call', ar: 'مكالمة أولى' },
    description: {
      en: 'A short first conversation: your goal, what you take today, and whether a full consultation suits you.',
      ar: 'محادثة أولى قصيرة: هدفك وما تتناولينه اليوم، وهل تناسبك استشارة كاملة.',
    },
  },
  {
    kind: 'full',
    minutes: 45,
    name: { en: 'Full consultation', ar: 'استشارة كاملة' },
    description: {
      en: 'Your intake, your blood-test results and your medicines reviewed, with a written plan and a product list.',
      ar: 'مراجعة استمارتك ونتائج تحاليلك وأدويتك، مع خطة مكتوبة وقائمة منتجات.',
    },
  },
  {
    kind: 'follow_up',
    minutes: 30,
    name: { en: 'Follow-up', ar: 'متابعة' },
    description: {
      en: 'How the plan is going, and what to change.',
      ar: 'كيف تسير الخطة وما الذي يجب تغييره.',
    },
  },
] as const;
