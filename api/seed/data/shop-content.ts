// Product lines, nutritionists and their lists, complementary aisles, banners and warning texts.
import type { Bi, ChildKey } from './categories';
import { kebab } from '../random';

/** Product lines, used (large mode) once every suitable brand already sells a type in a form. */
export const LINES: Array<Bi & { slug: string }> = [
  ['Daily', 'ديلي'],
  ['Advanced', 'أدفانسد'],
  ['Plus', 'بلس'],
  ['Gold', 'جولد'],
  ['Pure', 'بيور'],
  ['Max', 'ماكس'],
  ['Active', 'أكتيف'],
  ['Premium', 'بريميوم'],
  ['Essentials', 'إسنشالز'],
  ['Ultra', 'ألترا'],
  ['Select', 'سيلكت'],
  ['Prime', 'برايم'],
  ['Classic', 'كلاسيك'],
  ['Elite', 'إيليت'],
  ['Core', 'كور'],
  ['Vital', 'فايتال'],
  ['Nature', 'نيتشر'],
  ['Fresh', 'فريش'],
  ['Complete', 'كومبليت'],
  ['Balance', 'بالانس'],
  ['Smart', 'سمارت'],
  ['Evo', 'إيفو'],
  ['Pro', 'برو'],
  ['Optima', 'أوبتيما'],
  ['Natura', 'ناتورا'],
  ['Simply', 'سمبلي'],
  ['Platinum', 'بلاتينيوم'],
  ['Silver', 'سيلفر'],
  ['Vita', 'فيتا'],
  ['Forte', 'فورتي'],
  ['Origin', 'أوريجن'],
  ['Nova', 'نوفا'],
].map(([en, ar]) => ({ en: en!, ar: ar!, slug: kebab(en!) }));

export interface NutritionistDef {
  slug: string;
  name: Bi;
  title: Bi;
  bio: Bi;
  years: number;
  lists: Array<{ name: Bi; types: string[] }>;
}

// Fictional professionals with common Gulf family names.
export const NUTRITIONISTS: NutritionistDef[] = [
  {
    slug: 'noura-al-mutawa',
    name: { en: 'Dr. Noura Al-Mutawa', ar: 'د. نورة المطوع' },
    title: { en: 'Clinical Dietitian', ar: 'أخصائية تغذية علاجية' },
    years: 14,
    bio: {
      en: 'Dr. Noura runs a clinical nutrition clinic in Kuwait City and helps families build simple, evidence-based supplement routines. She has a special interest in vitamin D deficiency and immune health.',
      ar: 'تدير د. نورة عيادة للتغذية العلاجية في مدينة الكويت، وتساعد العائلات على بناء روتين بسيط للمكملات الغذائية قائم على الأدلة العلمية. تهتم بشكل خاص بنقص فيتامين د وصحة المناعة.',
    },
    lists: [
      {
        name: { en: 'Immunity essentials', ar: 'أساسيات المناعة' },
        types: ['vitamin-c', 'vitamin-d3', 'zinc-picolinate', 'black-elderberry', 'probiotic'],
      },
      {
        name: { en: 'Strong bones', ar: 'عظام قوية' },
        types: ['calcium-d3', 'vitamin-d3-k2', 'magnesium-glycinate', 'cal-mag-zinc'],
      },
    ],
  },
  {
    slug: 'khalid-al-otaibi',
    name: { en: 'Khalid Al-Otaibi', ar: 'خالد العتيبي' },
    title: { en: 'Sports Nutrition Specialist', ar: 'أخصائي التغذية الرياضية' },
    years: 9,
    bio: {
      en: 'Khalid advises athletes and weekend runners in Riyadh on fuelling, hydration and recovery. He believes in a food-first approach with a few proven supplements.',
      ar: 'يقدّم خالد الاستشارات للرياضيين وهواة الجري في الرياض حول التغذية والترطيب والاستشفاء. يؤمن بأولوية الطعام مع عدد قليل من المكملات المثبتة علمياً.',
    },
    lists: [
      {
        name: { en: 'Muscle building basics', ar: 'أساسيات بناء العضلات' },
        types: ['whey-protein', 'creatine-monohydrate', 'casein', 'bcaa', 'magnesium-glycinate'],
      },
      {
        name: { en: 'Hydration & recovery', ar: 'الترطيب والاستشفاء' },
        types: ['electrolytes', 'l-glutamine', 'magnesium-glycinate', 'omega-3-fish-oil'],
      },
    ],
  },
  {
    slug: 'fatima-al-harbi',
    name: { en: 'Fatima Al-Harbi', ar: 'فاطمة الحربي' },
    title: { en: 'Paediatric Dietitian', ar: 'أخصائية تغذية الأطفال' },
    years: 11,
    bio: {
      en: 'Fatima works with parents of picky eaters and growing children. She focuses on practical nutrition that fits busy family life.',
      ar: 'تعمل فاطمة مع أولياء أمور الأطفال انتقائيي الطعام والأطفال في مرحلة النمو. تركّز على تغذية عملية تناسب حياة الأسرة المزدحمة.',
    },
    lists: [
      {
        name: { en: 'Growing kids', ar: 'أطفال ينمون بصحة' },
        types: ['kids-multivitamin', 'kids-omega-3', 'kids-vitamin-d3', 'kids-probiotic'],
      },
      {
        name: { en: 'Back to school', ar: 'العودة إلى المدرسة' },
        types: ['kids-multivitamin', 'kids-omega-3', 'black-elderberry', 'kids-probiotic', 'kids-vitamin-d3'],
      },
    ],
  },
  {
    slug: 'sara-al-ajmi',
    name: { en: 'Dr. Sara Al-Ajmi', ar: 'د. سارة العجمي' },
    title: { en: "Women's Health Nutritionist", ar: 'أخصائية تغذية صحة المرأة' },
    years: 12,
    bio: {
      en: 'Dr. Sara supports women through pregnancy, nursing and menopause. Her advice centres on iron, folate and bone health at every stage of life.',
      ar: 'تدعم د. سارة النساء خلال الحمل والرضاعة وسن اليأس. تركّز نصائحها على الحديد والفولات وصحة العظام في كل مراحل الحياة.',
    },
    lists: [
      {
        name: { en: 'Pregnancy & nursing', ar: 'الحمل والرضاعة' },
        types: ['prenatal-multivitamin', 'folic-acid', 'iron-bisglycinate', 'algae-omega-3', 'vitamin-d3'],
      },
      {
        name: { en: "Women's daily essentials", ar: 'أساسيات المرأة اليومية' },
        types: ['womens-multivitamin', 'iron-bisglycinate', 'calcium-d3', 'biotin', 'magnesium-glycinate'],
      },
    ],
  },
  {
    slug: 'ahmad-al-rashidi',
    name: { en: 'Ahmad Al-Rashidi', ar: 'أحمد الرشيدي' },
    title: { en: 'Registered Dietitian', ar: 'أخصائي تغذية معتمد' },
    years: 8,
    bio: {
      en: 'Ahmad helps professionals manage energy, weight and heart health alongside demanding jobs. He keeps supplement plans short and affordable.',
      ar: 'يساعد أحمد الموظفين على إدارة طاقتهم ووزنهم وصحة قلوبهم إلى جانب أعمالهم المرهقة. يحرص على أن تكون خطط المكملات قصيرة وبتكلفة معقولة.',
    },
    lists: [
      {
        name: { en: 'Heart health', ar: 'صحة القلب' },
        types: ['omega-3-fish-oil', 'coq10', 'krill-oil', 'magnesium-glycinate', 'vitamin-d3-k2'],
      },
      {
        name: { en: 'Energy & focus', ar: 'الطاقة والتركيز' },
        types: [
          'vitamin-b12',
          'b-complex',
          'ginkgo-biloba',
          'green-tea-extract',
          'iron-bisglycinate',
          'mens-multivitamin',
        ],
      },
    ],
  },
  {
    slug: 'maryam-al-qahtani',
    name: { en: 'Dr. Maryam Al-Qahtani', ar: 'د. مريم القحطاني' },
    title: { en: 'Skin Nutrition Consultant', ar: 'استشارية تغذية البشرة' },
    years: 10,
    bio: {
      en: 'Dr. Maryam combines dermatology and nutrition to help clients with hair loss and dull skin. She looks for deficiencies before recommending beauty supplements.',
      ar: 'تجمع د. مريم بين طب الجلدية والتغذية لمساعدة عملائها على مواجهة تساقط الشعر وبهتان البشرة. تبحث عن النواقص الغذائية قبل أن توصي بمكملات الجمال.',
    },
    lists: [
      {
        name: { en: 'Glow from within', ar: 'إشراقة من الداخل' },
        types: ['collagen-peptides', 'hyaluronic-acid', 'vitamin-c', 'hair-skin-nails', 'zinc-picolinate'],
      },
      {
        name: { en: 'Healthy hair', ar: 'شعر صحي' },
        types: ['biotin', 'hair-skin-nails', 'iron-bisglycinate', 'zinc-picolinate', 'collagen-peptides'],
      },
    ],
  },
  {
    slug: 'yousef-al-shammari',
    name: { en: 'Yousef Al-Shammari', ar: 'يوسف الشمري' },
    title: { en: 'Wellness Nutritionist', ar: 'أخصائي تغذية وعافية' },
    years: 7,
    bio: {
      en: 'Yousef focuses on sleep, stress and gut health for shift workers and students. He pairs supplements with simple daily habits.',
      ar: 'يركّز يوسف على النوم والتوتر وصحة الأمعاء لدى العاملين بنظام المناوبات والطلاب. يجمع بين المكملات وعادات يومية بسيطة.',
    },
    lists: [
      {
        name: { en: 'Better sleep', ar: 'نوم أفضل' },
        types: ['melatonin', 'magnesium-glycinate', 'ashwagandha', 'casein'],
      },
      {
        name: { en: 'Stress balance', ar: 'توازن التوتر' },
        types: ['ashwagandha', 'b-complex', 'magnesium-glycinate', 'omega-3-fish-oil', 'probiotic'],
      },
    ],
  },
  {
    slug: 'huda-al-kandari',
    name: { en: 'Dr. Huda Al-Kandari', ar: 'د. هدى الكندري' },
    title: { en: 'Healthy Ageing Specialist', ar: 'أخصائية تغذية كبار السن' },
    years: 18,
    bio: {
      en: 'Dr. Huda has spent nearly two decades helping older adults stay active and independent. Her focus is joints, heart health and bone strength.',
      ar: 'أمضت د. هدى قرابة عقدين في مساعدة كبار السن على البقاء نشطين ومستقلين. تركّز على صحة المفاصل والقلب وقوة العظام.',
    },
    lists: [
      {
        name: { en: 'Joint comfort', ar: 'راحة المفاصل' },
        types: ['glucosamine-chondroitin', 'turmeric-curcumin', 'msm', 'omega-3-fish-oil', 'collagen-peptides'],
      },
      {
        name: { en: 'Healthy ageing', ar: 'شيخوخة صحية' },
        types: ['multivitamin-50-plus', 'coq10', 'vitamin-d3-k2', 'ginkgo-biloba', 'omega-3-fish-oil', 'milk-thistle'],
      },
    ],
  },
];

/** Aisles that sell well together, for purchase-together links across categories. */
export const COMPLEMENTS: Record<ChildKey, ChildKey[]> = {
  multivitamins: ['omega-fish-oil', 'single-vitamins'],
  'single-vitamins': ['essential-minerals', 'bone-joint'],
  'essential-minerals': ['single-vitamins', 'general-wellness'],
  'bone-joint': ['single-vitamins', 'omega-fish-oil'],
  protein: ['performance-recovery'],
  'performance-recovery': ['protein', 'essential-minerals'],
  'herbal-extracts': ['general-wellness', 'omega-fish-oil'],
  'omega-fish-oil': ['multivitamins', 'bone-joint'],
  'hair-skin-nails': ['essential-minerals', 'single-vitamins'],
  'general-wellness': ['herbal-extracts', 'essential-minerals'],
};

export const BANNERS = [
  {
    link: '/products?category=vitamins',
    alt: { en: 'Vitamins for the whole family', ar: 'فيتامينات لكل أفراد العائلة' },
  },
  { link: '/products?category=sports-nutrition', alt: { en: 'Fuel your training', ar: 'غذِّ تمارينك' } },
  {
    link: '/products?category=omega-fish-oil',
    alt: { en: 'Omega-3 for heart and brain', ar: 'أوميغا 3 لصحة القلب والدماغ' },
  },
];

export const GENERAL_WARNING: Bi = {
  en: 'Consult your doctor before use if you are pregnant or nursing, taking medication or have a medical condition. Keep out of reach of children and store in a cool, dry place.',
  ar: 'استشر طبيبك قبل الاستخدام إذا كنت حاملاً أو مرضعاً، أو كنت تتناول أدوية أو تعاني من حالة صحية. يُحفظ بعيداً عن متناول الأطفال في مكان بارد وجاف.',
};
export const KIDS_WARNING: Bi = {
  en: 'For children aged 4 and over; consult your paediatrician for younger children. Adult supervision recommended. Store in a cool, dry place.',
  ar: 'للأطفال من عمر 4 سنوات فأكثر؛ استشر طبيب الأطفال للأعمار الأصغر. يُنصح بإشراف شخص بالغ. يُحفظ في مكان بارد وجاف.',
};
export const DOSE_NOTE: Bi = { en: 'Do not exceed the recommended dose.', ar: 'لا تتجاوز الجرعة الموصى بها.' };
export const KIDS_PREFIX: Bi = { en: 'Children 4 years and older: ', ar: 'للأطفال من عمر 4 سنوات فأكثر: ' };
