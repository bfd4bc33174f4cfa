// Demo and load-test catalogue: SQL statements that fill an empty, migrated database (0001 + 0002)
// with a realistic bilingual supplement shop. Pure TypeScript (no Node or Workers APIs) so the same
// module runs in a seed script, a test, or a Worker.
//
// Everything is deterministic: random choices come from seeded PRNGs and timestamps from a fixed base.
// Product n's own choices (brand, sizes, prices, stock …) depend only on n, so the demo catalogue is
// exactly the first products of the large one.
//
// Statements are multi-row INSERTs with explicit ids, in foreign-key order, each at most
// MAX_STATEMENT_BYTES of UTF-8 (D1 measures its statement limit in bytes, and Arabic letters take two,
// so a byte budget also keeps every statement under the same number of characters).
import { normalizeSearchText } from '../../shared/search/normalize';
import { logoSvg } from '../src/media/logo';
import { RENDITIONS, type MediaKind } from '../src/media/renditions';
import { avatarSvg, bannerSvg, packshotSvg, type AvatarInput } from '../src/media/svg';

export type CatalogueMode = 'demo' | 'large';

/** Products per mode. The demo has ≈ 500 SKUs; the large mode ≈ 75,000. */
export const PRODUCT_COUNTS: Readonly<Record<CatalogueMode, number>> = { demo: 330, large: 50_000 };

/** Upper bound for one statement, in UTF-8 bytes (D1 refuses statements over 100 KB). */
export const MAX_STATEMENT_BYTES = 90_000;

/** Rows per INSERT at most, whatever their size: keeps the VALUES lists of tiny rows (links) modest. */
const MAX_ROWS_PER_STATEMENT = 500;

const SEED = 0x5eed_2026;
/** 2026-01-01T00:00:00Z in ms: products were "created" in the 540 days before it. */
const BASE_TIMESTAMP = 1_767_225_600_000;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------------
// Data tables
// ---------------------------------------------------------------------------------------------------

interface Bi {
  en: string;
  ar: string;
}

type TopKey = 'vitamins' | 'minerals' | 'sports-nutrition' | 'herbs-natural' | 'beauty-wellness';
type ChildKey =
  | 'multivitamins'
  | 'single-vitamins'
  | 'essential-minerals'
  | 'bone-joint'
  | 'protein'
  | 'performance-recovery'
  | 'herbal-extracts'
  | 'omega-fish-oil'
  | 'hair-skin-nails'
  | 'general-wellness';

interface CategoryDef extends Bi {
  slug: TopKey;
  color: string;
  children: Array<Bi & { slug: ChildKey; color: string }>;
}

// Five departments with two aisles each; products always sit in an aisle (a child category).
const CATEGORY_TREE: CategoryDef[] = [
  {
    slug: 'vitamins', en: 'Vitamins', ar: 'فيتامينات', color: '#F4A51C',
    children: [
      { slug: 'multivitamins', en: 'Multivitamins', ar: 'فيتامينات متعددة', color: '#F6C344' },
      { slug: 'single-vitamins', en: 'Single Vitamins', ar: 'فيتامينات فردية', color: '#E8871E' },
    ],
  },
  {
    slug: 'minerals', en: 'Minerals', ar: 'معادن', color: '#4A90C2',
    children: [
      { slug: 'essential-minerals', en: 'Essential Minerals', ar: 'معادن أساسية', color: '#6FB1E0' },
      { slug: 'bone-joint', en: 'Bone & Joint', ar: 'العظام والمفاصل', color: '#2F6F9F' },
    ],
  },
  {
    slug: 'sports-nutrition', en: 'Sports Nutrition', ar: 'التغذية الرياضية', color: '#D64545',
    children: [
      { slug: 'protein', en: 'Protein', ar: 'البروتين', color: '#E57373' },
      { slug: 'performance-recovery', en: 'Performance & Recovery', ar: 'الأداء والاستشفاء', color: '#A83232' },
    ],
  },
  {
    slug: 'herbs-natural', en: 'Herbs & Natural', ar: 'أعشاب وطبيعي', color: '#4CAF50',
    children: [
      { slug: 'herbal-extracts', en: 'Herbal Extracts', ar: 'مستخلصات عشبية', color: '#7CB342' },
      { slug: 'omega-fish-oil', en: 'Omega & Fish Oil', ar: 'أوميغا 3 وزيت السمك', color: '#1E88A8' },
    ],
  },
  {
    slug: 'beauty-wellness', en: 'Beauty & Wellness', ar: 'الجمال والعناية', color: '#C2185B',
    children: [
      { slug: 'hair-skin-nails', en: 'Hair, Skin & Nails', ar: 'الشعر والبشرة والأظافر', color: '#E91E8C' },
      { slug: 'general-wellness', en: 'General Wellness', ar: 'الصحة العامة', color: '#8E6CC8' },
    ],
  },
];

const SPORTS: ChildKey[] = ['protein', 'performance-recovery'];
const ALL_HEALTH: ChildKey[] = [
  'multivitamins', 'single-vitamins', 'essential-minerals', 'bone-joint', 'herbal-extracts', 'omega-fish-oil',
  'hair-skin-nails', 'general-wellness',
];

interface BrandDef extends Bi {
  slug: string;
  color: string;
  description: Bi;
  featured: boolean;
  /** Aisles the brand makes products for. */
  focus: ChildKey[];
  /** Price level relative to the market (1 = average). */
  priceFactor: number;
  /** A children's brand makes only children's products. */
  kidsOnly?: boolean;
}

// Fictional brands (not real trademarks); Arabic names are transliterations, as Gulf shops write them.
const BRAND_DATA: BrandDef[] = [
  { slug: 'gulf-vital', en: 'Gulf Vital', ar: 'جلف فايتال', color: '#0E7C66', featured: true, focus: ALL_HEALTH, priceFactor: 1,
    description: { en: 'Everyday vitamins and minerals formulated for life in the Gulf climate.', ar: 'فيتامينات ومعادن يومية مصممة لنمط الحياة في مناخ الخليج.' } },
  { slug: 'oasis-naturals', en: 'Oasis Naturals', ar: 'أويسس ناتشورالز', color: '#2E8B57', featured: true, priceFactor: 1.1,
    focus: ['multivitamins', 'single-vitamins', 'herbal-extracts', 'hair-skin-nails', 'general-wellness'],
    description: { en: 'Plant-forward supplements made with carefully sourced botanicals.', ar: 'مكملات غذائية نباتية مصنوعة من أعشاب مختارة بعناية.' } },
  { slug: 'desert-bloom', en: 'Desert Bloom', ar: 'ديزرت بلوم', color: '#D9822B', featured: false, priceFactor: 1.15,
    focus: ['hair-skin-nails', 'herbal-extracts'],
    description: { en: 'Beauty-from-within formulas for skin, hair and nails.', ar: 'تركيبات للجمال من الداخل لصحة البشرة والشعر والأظافر.' } },
  { slug: 'sidra-botanicals', en: 'Sidra Botanicals', ar: 'سدرة بوتانيكالز', color: '#6B8E23', featured: false, priceFactor: 1.05,
    focus: ['herbal-extracts', 'hair-skin-nails', 'general-wellness'],
    description: { en: 'Traditional herbs in standardised, lab-tested extracts.', ar: 'أعشاب تقليدية في خلاصات معيارية مختبرة معملياً.' } },
  { slug: 'pearl-coast-nutrition', en: 'Pearl Coast Nutrition', ar: 'بيرل كوست نيوتريشن', color: '#2B6CB0', featured: true, priceFactor: 1.1,
    focus: ['omega-fish-oil', 'single-vitamins', 'multivitamins'],
    description: { en: 'Omega oils and daily essentials, purity-tested batch by batch.', ar: 'زيوت أوميغا ومكملات يومية أساسية مختبرة النقاء دفعةً بدفعة.' } },
  { slug: 'falconfit-sports', en: 'Falconfit Sports', ar: 'فالكون فيت سبورتس', color: '#C53030', featured: true, priceFactor: 1,
    focus: SPORTS,
    description: { en: 'Performance nutrition for training hard in any season.', ar: 'تغذية رياضية لأداء أقوى في التمارين طوال العام.' } },
  { slug: 'dune-performance', en: 'Dune Performance', ar: 'ديون بيرفورمانس', color: '#B7791F', featured: false, priceFactor: 0.9,
    focus: SPORTS,
    description: { en: 'Clean sports supplements with transparent labels.', ar: 'مكملات رياضية نظيفة بملصقات شفافة.' } },
  { slug: 'nakheel-health', en: 'Nakheel Health', ar: 'نخيل هيلث', color: '#276749', featured: false, priceFactor: 0.85,
    focus: ALL_HEALTH,
    description: { en: 'Affordable daily health essentials for the whole family.', ar: 'أساسيات صحية يومية بأسعار مناسبة لكل العائلة.' } },
  { slug: 'crescent-labs', en: 'Crescent Labs', ar: 'كريسنت لابز', color: '#4C51BF', featured: true, priceFactor: 1.15,
    focus: ['multivitamins', 'single-vitamins', 'essential-minerals', 'bone-joint'],
    description: { en: 'Science-led vitamins and minerals in clinically studied doses.', ar: 'فيتامينات ومعادن قائمة على العلم بجرعات مدروسة سريرياً.' } },
  { slug: 'amber-leaf', en: 'Amber Leaf', ar: 'أمبر ليف', color: '#C05621', featured: false, priceFactor: 1,
    focus: ['herbal-extracts', 'general-wellness'],
    description: { en: 'Gentle herbal blends for calm, sleep and digestion.', ar: 'خلطات عشبية لطيفة للاسترخاء والنوم والهضم.' } },
  { slug: 'saffron-grove', en: 'Saffron Grove', ar: 'سافرون جروف', color: '#9B2C2C', featured: false, priceFactor: 1.25,
    focus: ['herbal-extracts', 'hair-skin-nails'],
    description: { en: 'Premium botanicals inspired by traditional Middle Eastern remedies.', ar: 'أعشاب فاخرة مستوحاة من الوصفات التقليدية في الشرق الأوسط.' } },
  { slug: 'majlis-wellness', en: 'Majlis Wellness', ar: 'مجلس ويلنس', color: '#805AD5', featured: true, priceFactor: 1,
    focus: ALL_HEALTH,
    description: { en: 'Wellness staples chosen by pharmacists across the region.', ar: 'أساسيات العافية التي يختارها الصيادلة في المنطقة.' } },
  { slug: 'northstar-nutrients', en: 'Northstar Nutrients', ar: 'نورث ستار نيوترينتس', color: '#2C5282', featured: false, priceFactor: 1.1,
    focus: ['multivitamins', 'single-vitamins', 'essential-minerals', 'bone-joint'],
    description: { en: 'High-potency vitamins for active adults.', ar: 'فيتامينات عالية التركيز للبالغين النشطين.' } },
  { slug: 'arabian-sea-omega', en: 'Arabian Sea Omega', ar: 'أريبيان سي أوميغا', color: '#00838F', featured: false, priceFactor: 1.05,
    focus: ['omega-fish-oil'],
    description: { en: 'Fish oils molecularly distilled for purity and freshness.', ar: 'زيوت سمك مقطّرة جزيئياً لضمان النقاء والطزاجة.' } },
  { slug: 'little-falcon-kids', en: 'Little Falcon Kids', ar: 'ليتل فالكون كيدز', color: '#F6AD55', featured: false, priceFactor: 1,
    focus: ['multivitamins', 'single-vitamins', 'omega-fish-oil', 'general-wellness'], kidsOnly: true,
    description: { en: 'Kid-friendly vitamins in flavours children enjoy.', ar: 'فيتامينات مناسبة للأطفال بنكهات يحبونها.' } },
  { slug: 'titan-forge-nutrition', en: 'Titan Forge Nutrition', ar: 'تايتن فورج نيوتريشن', color: '#1A202C', featured: false, priceFactor: 1.1,
    focus: SPORTS,
    description: { en: 'Serious strength and recovery supplements.', ar: 'مكملات جادة للقوة والاستشفاء.' } },
  { slug: 'pure-sahara', en: 'Pure Sahara', ar: 'بيور صحارى', color: '#D69E2E', featured: false, priceFactor: 0.95,
    focus: ['multivitamins', 'single-vitamins', 'essential-minerals', 'herbal-extracts'],
    description: { en: 'Minimalist formulas with no artificial colours or fillers.', ar: 'تركيبات بسيطة خالية من الألوان الصناعية والمواد المالئة.' } },
  { slug: 'cedarwood-labs', en: 'Cedarwood Labs', ar: 'سيدروود لابز', color: '#5F370E', featured: false, priceFactor: 1,
    focus: ['essential-minerals', 'bone-joint', 'single-vitamins'],
    description: { en: 'Specialists in minerals and bone health.', ar: 'متخصصون في المعادن وصحة العظام.' } },
  { slug: 'zaytoon-naturals', en: 'Zaytoon Naturals', ar: 'زيتون ناتشورالز', color: '#556B2F', featured: false, priceFactor: 1.05,
    focus: ['herbal-extracts', 'omega-fish-oil', 'hair-skin-nails'],
    description: { en: 'Natural oils and herbs from the Mediterranean and beyond.', ar: 'زيوت وأعشاب طبيعية من حوض البحر المتوسط وما بعده.' } },
  { slug: 'harmony-daily', en: 'Harmony Daily', ar: 'هارموني ديلي', color: '#319795', featured: false, priceFactor: 0.95,
    focus: ['general-wellness', 'herbal-extracts', 'multivitamins'],
    description: { en: 'Simple routines for sleep, stress and gut health.', ar: 'روتين يومي بسيط للنوم والتوتر وصحة الأمعاء.' } },
  { slug: 'noor-essentials', en: 'Noor Essentials', ar: 'نور إسنشالز', color: '#B83280', featured: true, priceFactor: 0.95,
    focus: ALL_HEALTH,
    description: { en: 'Halal-certified essentials for every day.', ar: 'أساسيات يومية حاصلة على شهادة الحلال.' } },
  { slug: 'vitality-peak', en: 'Vitality Peak', ar: 'فايتالتي بيك', color: '#DD6B20', featured: false, priceFactor: 1,
    focus: [...SPORTS, 'single-vitamins', 'essential-minerals'],
    description: { en: 'Energy, endurance and everyday performance.', ar: 'للطاقة والتحمل والأداء اليومي.' } },
  { slug: 'sehha-plus', en: 'Sehha Plus', ar: 'صحة بلس', color: '#3182CE', featured: false, priceFactor: 0.9,
    focus: ['multivitamins', 'single-vitamins', 'essential-minerals', 'bone-joint', 'general-wellness'],
    description: { en: 'Pharmacy-grade supplements at everyday prices.', ar: 'مكملات بجودة صيدلانية وبأسعار يومية.' } },
  { slug: 'evergreen-roots', en: 'Evergreen Roots', ar: 'إيفرجرين روتس', color: '#38A169', featured: false, priceFactor: 1.1,
    focus: ['herbal-extracts'],
    description: { en: 'Whole-herb extracts from sustainably grown plants.', ar: 'خلاصات أعشاب كاملة من نباتات مزروعة بطرق مستدامة.' } },
  { slug: 'luna-beauty-nutrition', en: 'Luna Beauty Nutrition', ar: 'لونا بيوتي نيوتريشن', color: '#D53F8C', featured: true, priceFactor: 1.2,
    focus: ['hair-skin-nails', 'general-wellness'],
    description: { en: 'Collagen and beauty supplements for radiant skin.', ar: 'كولاجين ومكملات جمال لبشرة مشرقة.' } },
];

type FormKey = 'capsule' | 'softgel' | 'tablet' | 'gummy' | 'powder' | 'liquid' | 'chewable';
type DietKey = 'vegan' | 'vegetarian' | 'gluten-free' | 'sugar-free' | 'halal' | 'non-gmo';
type FlavourKey = 'unflavoured' | 'orange' | 'berry' | 'chocolate' | 'vanilla' | 'lemon';
type SizeKey = '30-count' | '60-count' | '90-count' | '120-count' | '250-g' | '500-g' | '1-kg' | '100-ml' | '250-ml';

interface FormDef {
  /** Attribute name (singular, as a filter label). */
  name: Bi;
  /** As it ends a product name: "… Softgels" / "… كبسولات جيلاتينية". */
  inName: Bi;
  /** Unit in a counted SKU name: "60 softgels" / "60 كبسولة جيلاتينية" (Arabic counts 11–99 take the singular). */
  unit: Bi;
  /** Start of the suggested use; the product's timing follows. */
  use: Bi;
  defaultTiming: Bi;
  /** Default flavours when the form is flavoured (gummies, powders …); null = never flavoured. */
  flavours: FlavourKey[] | null;
}

const WITH_MEAL: Bi = { en: 'with a meal', ar: 'مع الوجبة' };

const FORMS: Record<FormKey, FormDef> = {
  capsule: { name: { en: 'Capsule', ar: 'كبسولة' }, inName: { en: 'Capsules', ar: 'كبسولات' }, unit: { en: 'capsules', ar: 'كبسولة' },
    use: { en: 'Take 1 capsule daily', ar: 'تناول كبسولة واحدة يومياً' }, defaultTiming: WITH_MEAL, flavours: null },
  softgel: { name: { en: 'Softgel', ar: 'كبسولة جيلاتينية' }, inName: { en: 'Softgels', ar: 'كبسولات جيلاتينية' }, unit: { en: 'softgels', ar: 'كبسولة جيلاتينية' },
    use: { en: 'Take 1 softgel daily', ar: 'تناول كبسولة جيلاتينية واحدة يومياً' }, defaultTiming: WITH_MEAL, flavours: null },
  tablet: { name: { en: 'Tablet', ar: 'قرص' }, inName: { en: 'Tablets', ar: 'أقراص' }, unit: { en: 'tablets', ar: 'قرص' },
    use: { en: 'Take 1 tablet daily', ar: 'تناول قرصاً واحداً يومياً' }, defaultTiming: WITH_MEAL, flavours: null },
  gummy: { name: { en: 'Gummy', ar: 'حلوى مطاطية' }, inName: { en: 'Gummies', ar: 'حلوى مطاطية' }, unit: { en: 'gummies', ar: 'حبة مطاطية' },
    use: { en: 'Chew 2 gummies daily', ar: 'امضغ حبتين من الحلوى المطاطية يومياً' }, defaultTiming: WITH_MEAL, flavours: ['orange', 'berry', 'lemon'] },
  powder: { name: { en: 'Powder', ar: 'مسحوق' }, inName: { en: 'Powder', ar: 'مسحوق' }, unit: { en: 'powder', ar: 'مسحوق' },
    use: { en: 'Mix 1 scoop with 250 ml of water', ar: 'امزج مغرفة واحدة مع 250 مل من الماء' },
    defaultTiming: { en: 'once daily', ar: 'مرة واحدة يومياً' }, flavours: ['unflavoured'] },
  liquid: { name: { en: 'Liquid', ar: 'سائل' }, inName: { en: 'Liquid', ar: 'سائل' }, unit: { en: 'liquid', ar: 'سائل' },
    use: { en: 'Take 5 ml daily', ar: 'تناول 5 مل يومياً' }, defaultTiming: WITH_MEAL, flavours: ['unflavoured', 'lemon', 'orange', 'berry'] },
  chewable: { name: { en: 'Chewable', ar: 'قابل للمضغ' }, inName: { en: 'Chewable Tablets', ar: 'أقراص قابلة للمضغ' }, unit: { en: 'chewable tablets', ar: 'قرص للمضغ' },
    use: { en: 'Chew 1 tablet daily', ar: 'امضغ قرصاً واحداً يومياً' }, defaultTiming: WITH_MEAL, flavours: ['orange', 'berry'] },
};

const DIETS: Record<DietKey, Bi> = {
  vegan: { en: 'Vegan', ar: 'نباتي صرف' },
  vegetarian: { en: 'Vegetarian', ar: 'نباتي' },
  'gluten-free': { en: 'Gluten-Free', ar: 'خالٍ من الغلوتين' },
  'sugar-free': { en: 'Sugar-Free', ar: 'خالٍ من السكر' },
  halal: { en: 'Halal', ar: 'حلال' },
  'non-gmo': { en: 'Non-GMO', ar: 'غير معدّل وراثياً' },
};

/** Flavours; `inName` is the Arabic form used after "بنكهة" ("with the taste of"). */
const FLAVOURS: Record<FlavourKey, Bi & { inName: string }> = {
  unflavoured: { en: 'Unflavoured', ar: 'بدون نكهة', inName: '' },
  orange: { en: 'Orange', ar: 'برتقال', inName: 'البرتقال' },
  berry: { en: 'Berry', ar: 'توت', inName: 'التوت' },
  chocolate: { en: 'Chocolate', ar: 'شوكولاتة', inName: 'الشوكولاتة' },
  vanilla: { en: 'Vanilla', ar: 'فانيليا', inName: 'الفانيليا' },
  lemon: { en: 'Lemon', ar: 'ليمون', inName: 'الليمون' },
};

interface SizeDef extends Bi {
  /** Quantity in the size's own unit: drives pack pricing. */
  qty: number;
  /** Counted sizes take the form's unit in SKU names ("60 softgels"); weights and volumes stand alone. */
  counted: boolean;
}

// The brief's sizes plus two volumes, because liquids (syrups, oils) are sold by the millilitre.
const SIZES: Record<SizeKey, SizeDef> = {
  '30-count': { en: '30 count', ar: '30 حبة', qty: 30, counted: true },
  '60-count': { en: '60 count', ar: '60 حبة', qty: 60, counted: true },
  '90-count': { en: '90 count', ar: '90 حبة', qty: 90, counted: true },
  '120-count': { en: '120 count', ar: '120 حبة', qty: 120, counted: true },
  '250-g': { en: '250 g', ar: '250 غرام', qty: 250, counted: false },
  '500-g': { en: '500 g', ar: '500 غرام', qty: 500, counted: false },
  '1-kg': { en: '1 kg', ar: '1 كيلوغرام', qty: 1000, counted: false },
  '100-ml': { en: '100 ml', ar: '100 مل', qty: 100, counted: false },
  '250-ml': { en: '250 ml', ar: '250 مل', qty: 250, counted: false },
};

const ATTRIBUTE_GROUPS = [
  { group: 'form', entries: Object.entries(FORMS).map(([slug, f]) => ({ slug, ...f.name })) },
  { group: 'diet', entries: Object.entries(DIETS).map(([slug, d]) => ({ slug, ...d })) },
  { group: 'flavour', entries: Object.entries(FLAVOURS).map(([slug, f]) => ({ slug, en: f.en, ar: f.ar })) },
  { group: 'size', entries: Object.entries(SIZES).map(([slug, s]) => ({ slug, en: s.en, ar: s.ar })) },
] as const;

const TAGS = {
  immunity: 'المناعة', bones: 'العظام', energy: 'الطاقة', heart: 'القلب', brain: 'الدماغ', focus: 'التركيز',
  sleep: 'النوم', stress: 'التوتر', muscle: 'العضلات', recovery: 'الاستشفاء', digestion: 'الهضم', joints: 'المفاصل',
  skin: 'البشرة', hair: 'الشعر', nails: 'الأظافر', pregnancy: 'الحمل', kids: 'الأطفال', men: 'الرجال', women: 'النساء',
  antioxidant: 'مضادات الأكسدة', hydration: 'الترطيب', blood: 'الدم', liver: 'الكبد', performance: 'الأداء',
  'healthy-ageing': 'الشيخوخة الصحية', growth: 'النمو', eyes: 'العيون',
} as const;
type TagKey = keyof typeof TAGS;

interface Variant extends Bi {
  slug: string;
  /** Price relative to the type's base strength. */
  factor: number;
}

/** A strength, e.g. v('1000 IU', '1000 وحدة دولية'). */
function v(en: string, ar: string, factor = 1): Variant {
  return { slug: kebab(en), en, ar, factor };
}

/** For products sold without a strength in their name (blends, proteins). */
const NO_VARIANT: Variant = { slug: '', en: '', ar: '', factor: 1 };

interface ProductType {
  key: string;
  category: ChildKey;
  name: Bi;
  variants: Variant[];
  forms: FormKey[];
  /** Fils for the first size of the form's size list, at base strength and an average brand. */
  basePrice: number;
  tags: TagKey[];
  /** Two sentences; a third names the brand. */
  description: Bi;
  /** Active ingredients; "{s}" is replaced by the strength. */
  active: Bi;
  /** Shown beside the product in nutritionists' lists. */
  note: Bi;
  counts?: SizeKey[];
  powderSizes?: SizeKey[];
  flavours?: FlavourKey[];
  timing?: Bi;
  warning?: Bi;
  kids?: boolean;
  /** Animal-derived (fish, milk, gelatin, shellfish): never vegetarian. */
  animal?: boolean;
  /** Plant-only, vegan even as a softgel (plant-based shell). */
  vegan?: boolean;
  /** Oils: liquids need no water-based excipients. */
  oil?: boolean;
  /** Shoppers buy it a lot: popularity skews higher. */
  popular?: boolean;
}

const W = {
  iron: { en: 'Accidental overdose of iron-containing products is a leading cause of fatal poisoning in children under 6.', ar: 'الجرعة الزائدة العرضية من المنتجات المحتوية على الحديد سبب رئيسي للتسمم القاتل لدى الأطفال دون سن 6 سنوات.' },
  fish: { en: 'Contains fish.', ar: 'يحتوي على السمك.' },
  shellfish: { en: 'Contains shellfish; not suitable if you are allergic to shellfish.', ar: 'يحتوي على المحار؛ غير مناسب لمن لديهم حساسية من المحار.' },
  milk: { en: 'Contains milk.', ar: 'يحتوي على الحليب.' },
  caffeine: { en: 'Contains caffeine; avoid late in the day.', ar: 'يحتوي على الكافيين؛ تجنّب تناوله في وقت متأخر من اليوم.' },
  drowsy: { en: 'May cause drowsiness; do not drive or operate machinery after use.', ar: 'قد يسبب النعاس؛ لا تقد السيارة أو تشغّل الآلات بعد تناوله.' },
  bloodThinners: { en: 'Consult your doctor before use if you take blood thinners.', ar: 'استشر طبيبك قبل الاستخدام إذا كنت تتناول أدوية مميعة للدم.' },
} satisfies Record<string, Bi>;

// Real supplement types. Combined with strengths, forms and brands they make the products.
const PRODUCT_TYPES: ProductType[] = [
  // Vitamins › Multivitamins
  { key: 'mens-multivitamin', category: 'multivitamins', name: { en: "Men's Multivitamin", ar: 'فيتامينات متعددة للرجال' },
    variants: [NO_VARIANT], forms: ['tablet', 'capsule'], counts: ['30-count', '60-count', '90-count'], basePrice: 4000, popular: true,
    tags: ['men', 'energy', 'immunity'],
    description: { en: "A complete once-daily multivitamin tailored to men's needs. It supports energy, immunity and heart health.", ar: 'فيتامينات متعددة متكاملة تؤخذ مرة واحدة يومياً ومصممة لاحتياجات الرجال. تدعم الطاقة والمناعة وصحة القلب.' },
    active: { en: 'Vitamins A, C, D3, E and K, B-complex vitamins, zinc, selenium, magnesium and lycopene', ar: 'فيتامينات أ وسي ود3 وهـ وك، مجموعة فيتامينات ب، الزنك، السيلينيوم، المغنيسيوم والليكوبين' },
    note: { en: 'Covers the common gaps in a busy diet.', ar: 'يسد النواقص الشائعة في النظام الغذائي المزدحم.' } },
  { key: 'womens-multivitamin', category: 'multivitamins', name: { en: "Women's Multivitamin", ar: 'فيتامينات متعددة للنساء' },
    variants: [NO_VARIANT], forms: ['tablet', 'capsule', 'gummy'], counts: ['30-count', '60-count', '90-count'], basePrice: 4000, popular: true,
    tags: ['women', 'energy', 'bones'],
    description: { en: "A daily multivitamin with iron, folate and calcium for women's needs. It supports energy levels, bones and healthy skin.", ar: 'فيتامينات متعددة يومية مع الحديد والفولات والكالسيوم لتلبية احتياجات المرأة. تدعم مستويات الطاقة وصحة العظام والبشرة.' },
    active: { en: 'Vitamins A, C, D3, E and K, B-complex vitamins, iron 18 mg, folate, calcium, zinc and biotin', ar: 'فيتامينات أ وسي ود3 وهـ وك، مجموعة فيتامينات ب، الحديد 18 ملغ، الفولات، الكالسيوم، الزنك والبيوتين' },
    note: { en: 'Includes iron, which many women lack.', ar: 'يحتوي على الحديد الذي تفتقر إليه كثير من النساء.' } },
  { key: 'kids-multivitamin', category: 'multivitamins', name: { en: "Kids' Multivitamin", ar: 'فيتامينات متعددة للأطفال' },
    variants: [NO_VARIANT], forms: ['gummy', 'chewable', 'liquid'], basePrice: 4500, kids: true, popular: true,
    flavours: ['orange', 'berry'], tags: ['kids', 'immunity', 'growth'],
    description: { en: 'Essential vitamins and minerals in a child-friendly form. Supports healthy growth, immunity and energy for school days.', ar: 'فيتامينات ومعادن أساسية بشكل يحبه الأطفال. تدعم النمو الصحي والمناعة والطاقة خلال أيام الدراسة.' },
    active: { en: 'Vitamins A, C, D3 and E, B-complex vitamins, zinc and iodine in child-appropriate amounts', ar: 'فيتامينات أ وسي ود3 وهـ، مجموعة فيتامينات ب، الزنك واليود بكميات مناسبة للأطفال' },
    note: { en: 'A tasty safety net for picky eaters.', ar: 'شبكة أمان لذيذة للأطفال انتقائيي الطعام.' } },
  { key: 'prenatal-multivitamin', category: 'multivitamins', name: { en: 'Prenatal Multivitamin', ar: 'فيتامينات ما قبل الولادة' },
    variants: [NO_VARIANT], forms: ['tablet', 'capsule'], counts: ['30-count', '60-count', '90-count'], basePrice: 4500,
    tags: ['pregnancy', 'women', 'blood'],
    description: { en: 'A prenatal formula with folate, iron and iodine for before, during and after pregnancy. Supports the healthy development of the baby.', ar: 'تركيبة ما قبل الولادة تحتوي على الفولات والحديد واليود لمرحلة ما قبل الحمل وأثناءه وبعده. تدعم النمو الصحي للجنين.' },
    active: { en: 'Folate 800 mcg, iron 27 mg, iodine 150 mcg, vitamin D3, vitamin B12, choline and zinc', ar: 'الفولات 800 ميكروغرام، الحديد 27 ملغ، اليود 150 ميكروغرام، فيتامين د3، فيتامين ب12، الكولين والزنك' },
    note: { en: 'Start three months before trying to conceive.', ar: 'ابدئي به قبل ثلاثة أشهر من التخطيط للحمل.' }, warning: W.iron },
  { key: 'multivitamin-50-plus', category: 'multivitamins', name: { en: 'Multivitamin 50+', ar: 'فيتامينات متعددة لعمر 50+' },
    variants: [NO_VARIANT], forms: ['tablet'], counts: ['30-count', '60-count', '90-count'], basePrice: 4500,
    tags: ['healthy-ageing', 'heart', 'eyes'],
    description: { en: 'A multivitamin adjusted for adults over 50, with more vitamin D, B12 and eye nutrients. Supports heart, bones and vision.', ar: 'فيتامينات متعددة معدّلة للبالغين فوق سن الخمسين، بكميات أعلى من فيتامين د وب12 ومغذيات العين. تدعم صحة القلب والعظام والبصر.' },
    active: { en: 'Vitamins A, C, D3, E and K, vitamin B12, calcium, magnesium, zinc, lutein and zeaxanthin', ar: 'فيتامينات أ وسي ود3 وهـ وك، فيتامين ب12، الكالسيوم، المغنيسيوم، الزنك، اللوتين والزياكسانثين' },
    note: { en: 'More B12 and vitamin D, as absorption falls with age.', ar: 'كمية أكبر من ب12 وفيتامين د لأن الامتصاص يقل مع العمر.' } },

  // Vitamins › Single vitamins
  { key: 'vitamin-d3', category: 'single-vitamins', name: { en: 'Vitamin D3', ar: 'فيتامين د3' },
    variants: [v('1000 IU', '1000 وحدة دولية'), v('5000 IU', '5000 وحدة دولية', 1.3)], forms: ['softgel', 'tablet', 'gummy'],
    counts: ['60-count', '90-count', '120-count'], basePrice: 3000, popular: true, tags: ['immunity', 'bones'],
    description: { en: 'Vitamin D3 supports healthy bones, teeth and muscles and helps the immune system work normally. Many people in the Gulf are low in vitamin D because they spend most of the day indoors.', ar: 'يدعم فيتامين د3 صحة العظام والأسنان والعضلات ويساعد جهاز المناعة على أداء وظائفه الطبيعية. يعاني كثيرون في الخليج من نقص فيتامين د لقضائهم معظم اليوم في الأماكن المغلقة.' },
    active: { en: 'Vitamin D3 (as cholecalciferol) {s}', ar: 'فيتامين د3 (كوليكالسيفيرول) {s}' },
    note: { en: 'Most of us here are low in vitamin D despite the sun.', ar: 'يعاني معظمنا هنا من نقص فيتامين د رغم وفرة الشمس.' } },
  { key: 'vitamin-d3-k2', category: 'single-vitamins', name: { en: 'Vitamin D3 + K2', ar: 'فيتامين د3 + ك2' },
    variants: [v('5000 IU / 100 mcg', '5000 وحدة دولية / 100 ميكروغرام')], forms: ['softgel', 'capsule'], basePrice: 5000,
    tags: ['bones', 'heart'],
    description: { en: 'Vitamin D3 and K2 work together to help calcium reach the bones. A practical choice for bone and heart health.', ar: 'يعمل فيتامين د3 وفيتامين ك2 معاً لمساعدة الكالسيوم على الوصول إلى العظام. خيار عملي لصحة العظام والقلب.' },
    active: { en: 'Vitamin D3 (as cholecalciferol) and vitamin K2 (as menaquinone-7), {s}', ar: 'فيتامين د3 (كوليكالسيفيرول) وفيتامين ك2 (ميناكينون-7)، {s}' },
    note: { en: 'K2 directs calcium to bones rather than arteries.', ar: 'يوجّه فيتامين ك2 الكالسيوم إلى العظام بدلاً من الشرايين.' }, warning: W.bloodThinners },
  { key: 'vitamin-c', category: 'single-vitamins', name: { en: 'Vitamin C', ar: 'فيتامين سي' },
    variants: [v('500 mg', '500 ملغ', 0.8), v('1000 mg', '1000 ملغ')], forms: ['tablet', 'capsule', 'chewable'], basePrice: 2750, popular: true,
    tags: ['immunity', 'antioxidant', 'skin'],
    description: { en: 'Vitamin C is an antioxidant that supports the immune system and collagen formation. Helpful during busy seasons and travel.', ar: 'فيتامين سي من مضادات الأكسدة ويدعم جهاز المناعة وتكوين الكولاجين. مفيد في المواسم المزدحمة وأثناء السفر.' },
    active: { en: 'Vitamin C (as ascorbic acid) {s}, citrus bioflavonoids 25 mg', ar: 'فيتامين سي (حمض الأسكوربيك) {s}، بيوفلافونويدات الحمضيات 25 ملغ' },
    note: { en: 'A daily dose supports your natural defences.', ar: 'جرعة يومية تدعم دفاعات الجسم الطبيعية.' } },
  { key: 'vitamin-b12', category: 'single-vitamins', name: { en: 'Vitamin B12', ar: 'فيتامين ب12' },
    variants: [v('1000 mcg', '1000 ميكروغرام'), v('5000 mcg', '5000 ميكروغرام', 1.25)], forms: ['tablet', 'capsule'],
    counts: ['60-count', '90-count'], basePrice: 3250, tags: ['energy', 'blood', 'brain'],
    description: { en: 'Vitamin B12 helps reduce tiredness and supports healthy red blood cells and nerves. Especially useful for vegetarians and adults over 50.', ar: 'يساعد فيتامين ب12 على تقليل التعب ويدعم صحة خلايا الدم الحمراء والأعصاب. مفيد بشكل خاص للنباتيين والبالغين فوق سن الخمسين.' },
    active: { en: 'Vitamin B12 (as methylcobalamin) {s}', ar: 'فيتامين ب12 (ميثيل كوبالامين) {s}' },
    note: { en: 'The active methylcobalamin form is well absorbed.', ar: 'شكل الميثيل كوبالامين النشط سهل الامتصاص.' } },
  { key: 'b-complex', category: 'single-vitamins', name: { en: 'Vitamin B-Complex', ar: 'فيتامين ب المركب' },
    variants: [v('B-50', 'ب-50'), v('B-100', 'ب-100', 1.3)], forms: ['capsule', 'tablet'], basePrice: 3500,
    tags: ['energy', 'stress', 'brain'],
    description: { en: 'All eight B vitamins in one balanced formula. Supports energy release from food and a healthy nervous system.', ar: 'جميع فيتامينات ب الثمانية في تركيبة متوازنة واحدة. تدعم إطلاق الطاقة من الطعام وصحة الجهاز العصبي.' },
    active: { en: 'Thiamine, riboflavin, niacin, vitamin B6, folate, vitamin B12, biotin and pantothenic acid ({s} formula)', ar: 'الثيامين والريبوفلافين والنياسين وفيتامين ب6 والفولات وفيتامين ب12 والبيوتين وحمض البانتوثينيك (تركيبة {s})' },
    note: { en: 'B vitamins are used up faster under stress.', ar: 'يستهلك الجسم فيتامينات ب بسرعة أكبر تحت الضغط.' } },
  { key: 'folic-acid', category: 'single-vitamins', name: { en: 'Folic Acid', ar: 'حمض الفوليك' },
    variants: [v('400 mcg', '400 ميكروغرام'), v('800 mcg', '800 ميكروغرام', 1.1)], forms: ['tablet'], counts: ['90-count', '120-count'], basePrice: 2500,
    tags: ['pregnancy', 'blood'],
    description: { en: 'Folic acid supports normal blood formation and the baby’s development in early pregnancy. Recommended for women planning a pregnancy.', ar: 'يدعم حمض الفوليك تكوين الدم الطبيعي ونمو الجنين في المراحل الأولى من الحمل. يُنصح به للنساء اللواتي يخططن للحمل.' },
    active: { en: 'Folic acid {s}', ar: 'حمض الفوليك {s}' },
    note: { en: 'Essential in the first weeks of pregnancy.', ar: 'أساسي في الأسابيع الأولى من الحمل.' } },
  { key: 'kids-vitamin-d3', category: 'single-vitamins', name: { en: "Kids' Vitamin D3", ar: 'فيتامين د3 للأطفال' },
    variants: [v('400 IU', '400 وحدة دولية')], forms: ['gummy', 'chewable'], basePrice: 3250, kids: true,
    tags: ['kids', 'bones', 'immunity'],
    description: { en: 'Vitamin D3 in a child-friendly dose for growing bones and teeth. Supports normal immune function in children.', ar: 'فيتامين د3 بجرعة مناسبة للأطفال لدعم نمو العظام والأسنان. يدعم وظائف المناعة الطبيعية لدى الأطفال.' },
    active: { en: 'Vitamin D3 (as cholecalciferol) {s}', ar: 'فيتامين د3 (كوليكالسيفيرول) {s}' },
    note: { en: 'Children indoors all day need vitamin D too.', ar: 'الأطفال الذين يقضون يومهم في الداخل يحتاجون إلى فيتامين د أيضاً.' } },

  // Minerals › Essential minerals
  { key: 'magnesium-glycinate', category: 'essential-minerals', name: { en: 'Magnesium Glycinate', ar: 'جلايسينات المغنيسيوم' },
    variants: [v('200 mg', '200 ملغ'), v('400 mg', '400 ملغ', 1.35)], forms: ['capsule', 'tablet', 'powder'], powderSizes: ['250-g'],
    flavours: ['unflavoured', 'lemon', 'berry'], basePrice: 4500, popular: true, tags: ['sleep', 'muscle', 'stress'],
    timing: { en: 'in the evening', ar: 'في المساء' },
    description: { en: 'A gentle, well-absorbed form of magnesium that is easy on the stomach. Supports muscle relaxation, restful sleep and a calm mood.', ar: 'شكل لطيف من المغنيسيوم سهل الامتصاص ولا يسبب اضطراب المعدة. يدعم استرخاء العضلات والنوم الهادئ والمزاج المتوازن.' },
    active: { en: 'Magnesium (as magnesium bisglycinate) {s}', ar: 'المغنيسيوم (بيسجلايسينات المغنيسيوم) {s}' },
    note: { en: 'The glycinate form is gentle on the stomach.', ar: 'شكل الجلايسينات لطيف على المعدة.' } },
  { key: 'zinc-picolinate', category: 'essential-minerals', name: { en: 'Zinc Picolinate', ar: 'بيكولينات الزنك' },
    variants: [v('25 mg', '25 ملغ'), v('50 mg', '50 ملغ', 1.2)], forms: ['capsule', 'tablet'], basePrice: 2750,
    tags: ['immunity', 'skin'],
    description: { en: 'Zinc supports normal immune function and healthy skin, hair and nails. The picolinate form is readily absorbed.', ar: 'يدعم الزنك وظائف المناعة الطبيعية وصحة البشرة والشعر والأظافر. شكل البيكولينات سريع الامتصاص.' },
    active: { en: 'Zinc (as zinc picolinate) {s}', ar: 'الزنك (بيكولينات الزنك) {s}' },
    note: { en: 'Zinc is key for immunity and skin repair.', ar: 'الزنك عنصر أساسي للمناعة وتجدد البشرة.' } },
  { key: 'iron-bisglycinate', category: 'essential-minerals', name: { en: 'Iron Bisglycinate', ar: 'بيسجلايسينات الحديد' },
    variants: [v('18 mg', '18 ملغ'), v('28 mg', '28 ملغ', 1.15)], forms: ['capsule', 'tablet', 'liquid'], flavours: ['berry', 'orange'],
    basePrice: 3000, tags: ['blood', 'energy', 'women'], warning: W.iron,
    timing: { en: 'between meals', ar: 'بين الوجبات' },
    description: { en: 'A gentle iron that is less likely to upset the stomach. Supports red blood cell formation and reduces tiredness.', ar: 'حديد لطيف أقل تسبباً في اضطراب المعدة. يدعم تكوين خلايا الدم الحمراء ويقلل الشعور بالتعب.' },
    active: { en: 'Iron (as ferrous bisglycinate) {s}, vitamin C 60 mg', ar: 'الحديد (بيسجلايسينات الحديدوز) {s}، فيتامين سي 60 ملغ' },
    note: { en: 'Gentle iron without the usual stomach upset.', ar: 'حديد لطيف دون اضطرابات المعدة المعتادة.' } },
  { key: 'selenium', category: 'essential-minerals', name: { en: 'Selenium', ar: 'سيلينيوم' },
    variants: [v('200 mcg', '200 ميكروغرام')], forms: ['capsule', 'tablet'], counts: ['90-count', '120-count'], basePrice: 2750,
    tags: ['immunity', 'antioxidant'],
    description: { en: 'Selenium is a trace mineral that protects cells from oxidative stress. It also supports normal thyroid function.', ar: 'السيلينيوم معدن نادر يحمي الخلايا من الإجهاد التأكسدي. كما يدعم وظائف الغدة الدرقية الطبيعية.' },
    active: { en: 'Selenium (as L-selenomethionine) {s}', ar: 'السيلينيوم (إل-سيلينوميثيونين) {s}' },
    note: { en: 'A small mineral with a big antioxidant role.', ar: 'معدن صغير بدور كبير في مقاومة الأكسدة.' } },

  // Minerals › Bone & joint
  { key: 'calcium-d3', category: 'bone-joint', name: { en: 'Calcium + Vitamin D3', ar: 'كالسيوم + فيتامين د3' },
    variants: [v('600 mg / 400 IU', '600 ملغ / 400 وحدة دولية'), v('1200 mg / 800 IU', '1200 ملغ / 800 وحدة دولية', 1.35)],
    forms: ['tablet', 'chewable'], counts: ['60-count', '90-count', '120-count'], basePrice: 3500, tags: ['bones', 'women'],
    description: { en: 'Calcium with vitamin D3 to help maintain strong bones and teeth. Especially important for women and older adults.', ar: 'كالسيوم مع فيتامين د3 للمساعدة في الحفاظ على قوة العظام والأسنان. مهم بشكل خاص للنساء وكبار السن.' },
    active: { en: 'Calcium (as calcium carbonate and citrate) and vitamin D3, {s}', ar: 'الكالسيوم (كربونات وسترات الكالسيوم) وفيتامين د3، {s}' },
    note: { en: 'Vitamin D3 helps the calcium get absorbed.', ar: 'يساعد فيتامين د3 على امتصاص الكالسيوم.' } },
  { key: 'cal-mag-zinc', category: 'bone-joint', name: { en: 'Calcium Magnesium Zinc', ar: 'كالسيوم ومغنيسيوم وزنك' },
    variants: [NO_VARIANT], forms: ['tablet'], counts: ['90-count', '120-count'], basePrice: 3250, tags: ['bones', 'muscle'],
    description: { en: 'A classic trio of minerals for bones, muscles and immunity. Vitamin D3 is added for better calcium absorption.', ar: 'ثلاثي كلاسيكي من المعادن لصحة العظام والعضلات والمناعة. مع إضافة فيتامين د3 لتحسين امتصاص الكالسيوم.' },
    active: { en: 'Calcium 1000 mg, magnesium 400 mg, zinc 15 mg and vitamin D3 400 IU per serving', ar: 'الكالسيوم 1000 ملغ، المغنيسيوم 400 ملغ، الزنك 15 ملغ وفيتامين د3 400 وحدة دولية لكل حصة' },
    note: { en: 'Three bone minerals in one tablet.', ar: 'ثلاثة معادن للعظام في قرص واحد.' } },
  { key: 'glucosamine-chondroitin', category: 'bone-joint', name: { en: 'Glucosamine & Chondroitin', ar: 'جلوكوزامين وكوندرويتين' },
    variants: [v('1500 mg / 1200 mg', '1500 ملغ / 1200 ملغ')], forms: ['tablet', 'capsule'], counts: ['60-count', '120-count'], basePrice: 7000,
    animal: true, tags: ['joints', 'healthy-ageing'], warning: W.shellfish,
    description: { en: 'Building blocks of healthy cartilage in one formula. Supports joint comfort and mobility for active and older adults.', ar: 'اللبنات الأساسية للغضاريف الصحية في تركيبة واحدة. تدعم راحة المفاصل وسهولة الحركة للنشطين وكبار السن.' },
    active: { en: 'Glucosamine sulfate (from shellfish) and chondroitin sulfate, {s}', ar: 'كبريتات الجلوكوزامين (من المحار) وكبريتات الكوندرويتين، {s}' },
    note: { en: 'Give it eight weeks to judge the effect.', ar: 'امنحه ثمانية أسابيع للحكم على فعاليته.' } },
  { key: 'msm', category: 'bone-joint', name: { en: 'MSM', ar: 'إم إس إم' },
    variants: [v('1000 mg', '1000 ملغ')], forms: ['capsule', 'tablet', 'powder'], powderSizes: ['250-g', '500-g'], basePrice: 4000,
    tags: ['joints', 'skin'],
    description: { en: 'MSM is a natural source of sulfur for connective tissue. Supports joint comfort as well as healthy skin and hair.', ar: 'إم إس إم مصدر طبيعي للكبريت اللازم للأنسجة الضامة. يدعم راحة المفاصل وصحة البشرة والشعر.' },
    active: { en: 'Methylsulfonylmethane (MSM) {s}', ar: 'ميثيل سلفونيل ميثان (MSM) {s}' },
    note: { en: 'Pairs well with glucosamine for joints.', ar: 'يتكامل جيداً مع الجلوكوزامين لصحة المفاصل.' } },

  // Sports nutrition › Protein
  { key: 'whey-protein', category: 'protein', name: { en: '100% Whey Protein', ar: 'بروتين مصل اللبن 100%' },
    variants: [NO_VARIANT], forms: ['powder'], powderSizes: ['500-g', '1-kg'], flavours: ['chocolate', 'vanilla', 'berry'], basePrice: 8500,
    animal: true, popular: true, tags: ['muscle', 'recovery'], warning: W.milk,
    timing: { en: 'after training or between meals', ar: 'بعد التمرين أو بين الوجبات' },
    description: { en: 'A blend of whey concentrate and isolate with 24 g of protein per scoop. Supports muscle growth and recovery after training.', ar: 'مزيج من مركّز ومعزول بروتين مصل اللبن يوفر 24 غرام بروتين لكل مغرفة. يدعم نمو العضلات واستشفاءها بعد التمرين.' },
    active: { en: 'Whey protein concentrate and isolate (from milk), 24 g protein and 5.5 g BCAAs per scoop', ar: 'مركّز ومعزول بروتين مصل اللبن (من الحليب)، 24 غرام بروتين و5.5 غرام أحماض أمينية متفرعة السلسلة لكل مغرفة' },
    note: { en: 'An easy 24 g of protein after every session.', ar: '24 غرام بروتين بسهولة بعد كل تمرين.' } },
  { key: 'whey-isolate', category: 'protein', name: { en: 'Whey Protein Isolate', ar: 'بروتين مصل اللبن المعزول' },
    variants: [NO_VARIANT], forms: ['powder'], powderSizes: ['500-g', '1-kg'], flavours: ['chocolate', 'vanilla', 'unflavoured'], basePrice: 10500,
    animal: true, tags: ['muscle', 'recovery'], warning: W.milk,
    timing: { en: 'after training or between meals', ar: 'بعد التمرين أو بين الوجبات' },
    description: { en: 'Filtered whey isolate with 27 g of protein and under 1 g of sugar per scoop. Low in lactose and quick to digest.', ar: 'معزول بروتين مصل اللبن المُرشّح يوفر 27 غرام بروتين وأقل من 1 غرام سكر لكل مغرفة. منخفض اللاكتوز وسريع الهضم.' },
    active: { en: 'Whey protein isolate (from milk), 27 g protein per scoop, under 1 g sugar', ar: 'معزول بروتين مصل اللبن (من الحليب)، 27 غرام بروتين لكل مغرفة وأقل من 1 غرام سكر' },
    note: { en: 'Low in lactose, easier for sensitive stomachs.', ar: 'منخفض اللاكتوز وأسهل على المعدة الحساسة.' } },
  { key: 'plant-protein', category: 'protein', name: { en: 'Plant Protein', ar: 'بروتين نباتي' },
    variants: [NO_VARIANT], forms: ['powder'], powderSizes: ['500-g', '1-kg'], flavours: ['chocolate', 'vanilla', 'unflavoured'], basePrice: 8500,
    vegan: true, tags: ['muscle', 'recovery'],
    timing: { en: 'after training or between meals', ar: 'بعد التمرين أو بين الوجبات' },
    description: { en: 'A pea and brown rice protein blend with a complete amino acid profile. Dairy-free and suitable for vegans.', ar: 'مزيج من بروتين البازلاء والأرز البني بملف كامل من الأحماض الأمينية. خالٍ من الألبان ومناسب للنباتيين.' },
    active: { en: 'Pea protein isolate and brown rice protein, 21 g protein per scoop', ar: 'معزول بروتين البازلاء وبروتين الأرز البني، 21 غرام بروتين لكل مغرفة' },
    note: { en: 'Complete protein without dairy.', ar: 'بروتين كامل دون منتجات الألبان.' } },
  { key: 'casein', category: 'protein', name: { en: 'Micellar Casein', ar: 'بروتين الكازين الميسيلي' },
    variants: [NO_VARIANT], forms: ['powder'], powderSizes: ['500-g', '1-kg'], flavours: ['chocolate', 'vanilla'], basePrice: 9500,
    animal: true, tags: ['muscle', 'recovery', 'sleep'], warning: W.milk,
    timing: { en: 'before bedtime', ar: 'قبل النوم' },
    description: { en: 'A slow-digesting milk protein that feeds muscles for hours. Ideal before bed or during long gaps between meals.', ar: 'بروتين حليب بطيء الهضم يغذي العضلات لساعات. مثالي قبل النوم أو خلال الفترات الطويلة بين الوجبات.' },
    active: { en: 'Micellar casein (from milk), 24 g slow-release protein per scoop', ar: 'الكازين الميسيلي (من الحليب)، 24 غرام بروتين بطيء الامتصاص لكل مغرفة' },
    note: { en: 'Slow protein to support overnight recovery.', ar: 'بروتين بطيء يدعم الاستشفاء أثناء الليل.' } },

  // Sports nutrition › Performance & recovery
  { key: 'creatine-monohydrate', category: 'performance-recovery', name: { en: 'Creatine Monohydrate', ar: 'كرياتين مونوهيدرات' },
    variants: [NO_VARIANT], forms: ['powder', 'capsule'], powderSizes: ['250-g', '500-g'], counts: ['120-count'], flavours: ['unflavoured', 'lemon', 'berry'],
    basePrice: 5000, popular: true, tags: ['performance', 'muscle'],
    timing: { en: 'before or after training', ar: 'قبل التمرين أو بعده' },
    description: { en: 'The most researched sports supplement for strength and power. Supports performance in short, intense training.', ar: 'أكثر المكملات الرياضية خضوعاً للأبحاث لزيادة القوة والقدرة. يدعم الأداء في التمارين القصيرة عالية الشدة.' },
    active: { en: 'Micronised creatine monohydrate, 5 g per serving', ar: 'كرياتين مونوهيدرات دقيق الحبيبات، 5 غرام لكل حصة' },
    note: { en: '5 g a day, every day, is all you need.', ar: '5 غرامات يومياً وباستمرار هي كل ما تحتاجه.' } },
  { key: 'bcaa', category: 'performance-recovery', name: { en: 'BCAA 2:1:1', ar: 'أحماض أمينية متفرعة BCAA 2:1:1' },
    variants: [NO_VARIANT], forms: ['powder', 'capsule'], powderSizes: ['250-g', '500-g'], counts: ['120-count'], flavours: ['berry', 'lemon', 'orange'],
    basePrice: 7000, tags: ['recovery', 'muscle'],
    timing: { en: 'during or after training', ar: 'أثناء التمرين أو بعده' },
    description: { en: 'Leucine, isoleucine and valine in the classic 2:1:1 ratio. Supports muscle recovery during and after training.', ar: 'الليوسين والأيزوليوسين والفالين بالنسبة الكلاسيكية 2:1:1. تدعم استشفاء العضلات أثناء التمرين وبعده.' },
    active: { en: 'L-leucine, L-isoleucine and L-valine in a 2:1:1 ratio, 5 g per serving', ar: 'إل-ليوسين وإل-أيزوليوسين وإل-فالين بنسبة 2:1:1، 5 غرام لكل حصة' },
    note: { en: 'Handy for fasted or long sessions.', ar: 'مفيد في تمارين الصيام أو التمارين الطويلة.' } },
  { key: 'electrolytes', category: 'performance-recovery', name: { en: 'Electrolytes', ar: 'أملاح الإلكتروليت' },
    variants: [NO_VARIANT], forms: ['powder', 'tablet'], powderSizes: ['250-g', '500-g'], counts: ['30-count', '60-count'], flavours: ['lemon', 'orange', 'berry'],
    basePrice: 4500, popular: true, tags: ['hydration', 'performance', 'muscle'],
    timing: { en: 'during exercise or on hot days', ar: 'أثناء التمرين أو في الأيام الحارة' },
    description: { en: 'Replaces the salts lost in sweat during training and Gulf summers. Helps you stay hydrated and avoid cramps.', ar: 'يعوّض الأملاح التي يفقدها الجسم مع العرق أثناء التمرين وفي صيف الخليج. يساعدك على الحفاظ على الترطيب وتجنب التشنجات.' },
    active: { en: 'Sodium, potassium, magnesium and chloride, with vitamin C and zinc', ar: 'الصوديوم والبوتاسيوم والمغنيسيوم والكلوريد، مع فيتامين سي والزنك' },
    note: { en: 'Essential when training in the summer heat.', ar: 'ضروري عند التمرين في حر الصيف.' } },
  { key: 'l-glutamine', category: 'performance-recovery', name: { en: 'L-Glutamine', ar: 'إل-جلوتامين' },
    variants: [NO_VARIANT], forms: ['powder', 'capsule'], powderSizes: ['250-g', '500-g'], flavours: ['unflavoured'], basePrice: 5500,
    tags: ['recovery', 'digestion'], timing: { en: 'after training', ar: 'بعد التمرين' },
    description: { en: 'The most abundant amino acid in muscle. Supports recovery after hard training and a healthy gut lining.', ar: 'أكثر الأحماض الأمينية وفرة في العضلات. يدعم الاستشفاء بعد التمارين الشاقة وصحة بطانة الأمعاء.' },
    active: { en: 'L-glutamine, 5 g per serving', ar: 'إل-جلوتامين، 5 غرام لكل حصة' },
    note: { en: 'Supports recovery in heavy training blocks.', ar: 'يدعم الاستشفاء خلال فترات التدريب المكثف.' } },
  { key: 'l-carnitine', category: 'performance-recovery', name: { en: 'L-Carnitine', ar: 'إل-كارنيتين' },
    variants: [v('1000 mg', '1000 ملغ')], forms: ['liquid', 'capsule'], flavours: ['lemon', 'berry'], basePrice: 5000,
    tags: ['energy', 'performance'], timing: { en: 'before training', ar: 'قبل التمرين' },
    description: { en: 'L-carnitine helps carry fatty acids into cells to be used for energy. A popular choice alongside cardio training.', ar: 'يساعد إل-كارنيتين على نقل الأحماض الدهنية إلى الخلايا لاستخدامها في إنتاج الطاقة. خيار شائع مع تمارين الكارديو.' },
    active: { en: 'L-carnitine (as L-carnitine tartrate) {s} per serving', ar: 'إل-كارنيتين (طرطرات إل-كارنيتين) {s} لكل حصة' },
    note: { en: 'Best combined with regular cardio.', ar: 'أفضل نتيجة عند دمجه مع تمارين الكارديو المنتظمة.' } },

  // Herbs & natural › Herbal extracts
  { key: 'ashwagandha', category: 'herbal-extracts', name: { en: 'Ashwagandha', ar: 'أشواغاندا' },
    variants: [v('300 mg', '300 ملغ', 0.8), v('600 mg', '600 ملغ')], forms: ['capsule', 'gummy', 'tablet'], basePrice: 4500, popular: true,
    tags: ['stress', 'sleep', 'energy'],
    description: { en: 'An adaptogenic herb used for centuries in Ayurveda. Helps the body manage everyday stress and supports restful sleep.', ar: 'عشبة متكيّفة تُستخدم منذ قرون في الطب الأيورفيدي. تساعد الجسم على التعامل مع التوتر اليومي وتدعم النوم الهادئ.' },
    active: { en: 'Ashwagandha root extract (Withania somnifera, 5% withanolides) {s}', ar: 'خلاصة جذور الأشواغاندا (Withania somnifera، 5% ويثانوليدات) {s}' },
    note: { en: 'Helps the body adapt to daily stress.', ar: 'يساعد الجسم على التكيف مع التوتر اليومي.' } },
  { key: 'turmeric-curcumin', category: 'herbal-extracts', name: { en: 'Turmeric Curcumin with Black Pepper', ar: 'كركم وكركمين مع الفلفل الأسود' },
    variants: [v('500 mg', '500 ملغ'), v('1000 mg', '1000 ملغ', 1.5)], forms: ['capsule', 'tablet'], basePrice: 4500,
    tags: ['joints', 'antioxidant'], warning: W.bloodThinners,
    description: { en: 'Standardised curcumin with black pepper extract for better absorption. Supports joint comfort and the body’s antioxidant defences.', ar: 'كركمين معياري مع خلاصة الفلفل الأسود لامتصاص أفضل. يدعم راحة المفاصل ودفاعات الجسم المضادة للأكسدة.' },
    active: { en: 'Turmeric root extract (95% curcuminoids) {s}, black pepper extract (piperine) 5 mg', ar: 'خلاصة جذور الكركم (95% كركمينويدات) {s}، خلاصة الفلفل الأسود (بيبيرين) 5 ملغ' },
    note: { en: 'Black pepper boosts curcumin absorption.', ar: 'يعزز الفلفل الأسود امتصاص الكركمين.' } },
  { key: 'black-elderberry', category: 'herbal-extracts', name: { en: 'Black Elderberry', ar: 'بلسان أسود' },
    variants: [NO_VARIANT], forms: ['liquid', 'gummy', 'capsule'], flavours: ['berry'], basePrice: 4500, popular: true,
    tags: ['immunity', 'antioxidant'],
    description: { en: 'Elderberry extract with vitamin C and zinc for seasonal immune support. Rich in naturally occurring anthocyanins.', ar: 'خلاصة البلسان مع فيتامين سي والزنك لدعم المناعة الموسمي. غنية بمركبات الأنثوسيانين الطبيعية.' },
    active: { en: 'Black elderberry fruit extract (Sambucus nigra), vitamin C and zinc', ar: 'خلاصة ثمار البلسان الأسود (Sambucus nigra)، فيتامين سي والزنك' },
    note: { en: 'A family favourite in the cold and flu season.', ar: 'المفضل لدى العائلة في موسم البرد والإنفلونزا.' } },
  { key: 'ginkgo-biloba', category: 'herbal-extracts', name: { en: 'Ginkgo Biloba', ar: 'جنكة بيلوبا' },
    variants: [v('60 mg', '60 ملغ', 0.8), v('120 mg', '120 ملغ')], forms: ['capsule', 'tablet'], basePrice: 3750,
    tags: ['brain', 'focus'], warning: W.bloodThinners,
    description: { en: 'Standardised ginkgo leaf extract, traditionally used for memory and concentration. Supports healthy circulation.', ar: 'خلاصة أوراق الجنكة المعيارية، تُستخدم تقليدياً لدعم الذاكرة والتركيز. تدعم الدورة الدموية الصحية.' },
    active: { en: 'Ginkgo biloba leaf extract (24% flavone glycosides) {s}', ar: 'خلاصة أوراق الجنكة بيلوبا (24% جليكوسيدات الفلافون) {s}' },
    note: { en: 'Supports memory and concentration.', ar: 'يدعم الذاكرة والتركيز.' } },
  { key: 'green-tea-extract', category: 'herbal-extracts', name: { en: 'Green Tea Extract', ar: 'خلاصة الشاي الأخضر' },
    variants: [v('500 mg', '500 ملغ')], forms: ['capsule'], basePrice: 3500, tags: ['antioxidant', 'energy'], warning: W.caffeine,
    timing: { en: 'in the morning with breakfast', ar: 'صباحاً مع الإفطار' },
    description: { en: 'Concentrated green tea catechins, including EGCG, in a convenient capsule. Supports antioxidant defences and metabolism.', ar: 'كاتيكينات الشاي الأخضر المركزة، ومنها EGCG، في كبسولة سهلة الاستخدام. تدعم دفاعات الجسم المضادة للأكسدة وعملية الأيض.' },
    active: { en: 'Green tea leaf extract (50% EGCG) {s}, naturally occurring caffeine', ar: 'خلاصة أوراق الشاي الأخضر (50% EGCG) {s}، كافيين طبيعي' },
    note: { en: 'The antioxidants of many cups in one capsule.', ar: 'مضادات أكسدة عدة أكواب في كبسولة واحدة.' } },
  { key: 'black-seed-oil', category: 'herbal-extracts', name: { en: 'Black Seed Oil', ar: 'زيت الحبة السوداء' },
    variants: [NO_VARIANT], forms: ['softgel', 'liquid'], flavours: ['unflavoured'], basePrice: 3500, oil: true, vegan: true, popular: true,
    tags: ['immunity', 'digestion'],
    description: { en: 'Cold-pressed Nigella sativa oil, valued in traditional remedies across the region. Supports immunity and digestive comfort.', ar: 'زيت حبة البركة المعصور على البارد، وله مكانة في الوصفات التقليدية بالمنطقة. يدعم المناعة وراحة الجهاز الهضمي.' },
    active: { en: 'Cold-pressed black seed oil (Nigella sativa), 1000 mg per serving', ar: 'زيت الحبة السوداء المعصور على البارد (Nigella sativa)، 1000 ملغ لكل حصة' },
    note: { en: 'A regional classic, now in a measured dose.', ar: 'علاج تقليدي من منطقتنا بجرعة مضبوطة.' } },
  { key: 'milk-thistle', category: 'herbal-extracts', name: { en: 'Milk Thistle', ar: 'شوك الحليب' },
    variants: [v('250 mg', '250 ملغ')], forms: ['capsule', 'tablet'], basePrice: 4000, tags: ['liver', 'antioxidant'],
    description: { en: 'Milk thistle seed extract standardised for silymarin. Traditionally used to support liver health.', ar: 'خلاصة بذور شوك الحليب المعيارية بمادة السيليمارين. تُستخدم تقليدياً لدعم صحة الكبد.' },
    active: { en: 'Milk thistle seed extract (80% silymarin) {s}', ar: 'خلاصة بذور شوك الحليب (80% سيليمارين) {s}' },
    note: { en: 'Traditional support for the liver.', ar: 'دعم تقليدي لصحة الكبد.' } },

  // Herbs & natural › Omega & fish oil
  { key: 'omega-3-fish-oil', category: 'omega-fish-oil', name: { en: 'Omega-3 Fish Oil', ar: 'زيت السمك أوميغا 3' },
    variants: [v('1000 mg', '1000 ملغ'), v('2000 mg', '2000 ملغ', 1.6)], forms: ['softgel', 'liquid'], counts: ['60-count', '90-count', '120-count'],
    flavours: ['lemon', 'orange'], basePrice: 4000, oil: true, animal: true, popular: true, tags: ['heart', 'brain', 'eyes'], warning: W.fish,
    description: { en: 'Purified fish oil rich in EPA and DHA omega-3 fatty acids. Supports heart, brain and eye health.', ar: 'زيت سمك منقّى غني بأحماض أوميغا 3 الدهنية EPA وDHA. يدعم صحة القلب والدماغ والعينين.' },
    active: { en: 'Fish oil concentrate (from anchovy and sardine) {s}, providing EPA and DHA', ar: 'زيت سمك مركّز (من الأنشوفة والسردين) {s}، يوفر أحماض EPA وDHA' },
    note: { en: 'Few of us eat oily fish twice a week.', ar: 'قليلون منا يأكلون الأسماك الدهنية مرتين أسبوعياً.' } },
  { key: 'cod-liver-oil', category: 'omega-fish-oil', name: { en: 'Cod Liver Oil', ar: 'زيت كبد سمك القد' },
    variants: [NO_VARIANT], forms: ['softgel', 'liquid'], flavours: ['lemon', 'orange'], basePrice: 3500, oil: true, animal: true,
    tags: ['immunity', 'bones', 'heart'], warning: W.fish,
    description: { en: 'A traditional source of omega-3 with naturally occurring vitamins A and D. Supports immunity, bones and heart health.', ar: 'مصدر تقليدي لأوميغا 3 مع فيتامينَي أ ود الطبيعيين. يدعم المناعة وصحة العظام والقلب.' },
    active: { en: 'Cod liver oil, naturally providing omega-3, vitamin A and vitamin D', ar: 'زيت كبد سمك القد، مصدر طبيعي لأوميغا 3 وفيتامين أ وفيتامين د' },
    note: { en: 'Omega-3 plus vitamins A and D in one.', ar: 'أوميغا 3 مع فيتامينَي أ ود في منتج واحد.' } },
  { key: 'krill-oil', category: 'omega-fish-oil', name: { en: 'Krill Oil', ar: 'زيت الكريل' },
    variants: [v('500 mg', '500 ملغ'), v('1000 mg', '1000 ملغ', 1.7)], forms: ['softgel'], basePrice: 7000, oil: true, animal: true,
    tags: ['heart', 'joints'], warning: W.shellfish,
    description: { en: 'Antarctic krill oil with omega-3 in phospholipid form and natural astaxanthin. Small softgels with no fishy aftertaste.', ar: 'زيت الكريل من القطب الجنوبي يحتوي على أوميغا 3 بشكل فوسفوليبيدي والأستازانثين الطبيعي. كبسولات صغيرة دون طعم السمك.' },
    active: { en: 'Antarctic krill oil {s}, providing phospholipid omega-3 and astaxanthin', ar: 'زيت الكريل من القطب الجنوبي {s}، يوفر أوميغا 3 الفوسفوليبيدية والأستازانثين' },
    note: { en: 'Small softgels, no fishy burps.', ar: 'كبسولات صغيرة دون تجشؤ بطعم السمك.' } },
  { key: 'algae-omega-3', category: 'omega-fish-oil', name: { en: 'Vegan Omega-3 from Algae', ar: 'أوميغا 3 نباتي من الطحالب' },
    variants: [v('500 mg', '500 ملغ')], forms: ['softgel'], basePrice: 7500, oil: true, vegan: true, tags: ['heart', 'brain', 'pregnancy'],
    description: { en: 'DHA and EPA from algae, the original source of omega-3 in fish. Suitable for vegans and during pregnancy.', ar: 'أحماض DHA وEPA من الطحالب، المصدر الأصلي لأوميغا 3 في الأسماك. مناسب للنباتيين وخلال فترة الحمل.' },
    active: { en: 'Algal oil (Schizochytrium sp.) {s}, providing DHA and EPA', ar: 'زيت الطحالب (Schizochytrium) {s}، يوفر DHA وEPA' },
    note: { en: 'Omega-3 without fish, ideal in pregnancy.', ar: 'أوميغا 3 دون سمك، مثالي أثناء الحمل.' } },
  { key: 'kids-omega-3', category: 'omega-fish-oil', name: { en: "Kids' Omega-3 DHA", ar: 'أوميغا 3 DHA للأطفال' },
    variants: [NO_VARIANT], forms: ['chewable', 'gummy', 'liquid'], flavours: ['orange', 'berry', 'lemon'], basePrice: 4500, oil: true, animal: true, kids: true,
    tags: ['kids', 'brain'], warning: W.fish,
    description: { en: 'Omega-3 DHA for growing brains and eyes, in a taste children accept. Supports learning and concentration.', ar: 'أوميغا 3 DHA لنمو الدماغ والعينين، بطعم يتقبله الأطفال. يدعم التعلم والتركيز.' },
    active: { en: 'Fish oil concentrate providing DHA 250 mg and EPA 100 mg per serving', ar: 'زيت سمك مركّز يوفر 250 ملغ DHA و100 ملغ EPA لكل حصة' },
    note: { en: 'DHA for growing brains.', ar: 'DHA لدعم نمو الدماغ.' } },

  // Beauty & wellness › Hair, skin & nails
  { key: 'biotin', category: 'hair-skin-nails', name: { en: 'Biotin', ar: 'بيوتين' },
    variants: [v('5000 mcg', '5000 ميكروغرام'), v('10000 mcg', '10000 ميكروغرام', 1.2)], forms: ['capsule', 'gummy', 'tablet'], basePrice: 3000, popular: true,
    tags: ['hair', 'nails', 'skin'],
    description: { en: 'Biotin is a B vitamin that supports healthy hair, skin and nails. A favourite for stronger, less brittle nails.', ar: 'البيوتين من فيتامينات ب ويدعم صحة الشعر والبشرة والأظافر. خيار مفضل لأظافر أقوى وأقل تكسراً.' },
    active: { en: 'Biotin {s}', ar: 'البيوتين {s}' },
    note: { en: 'Tell your lab you take biotin before blood tests.', ar: 'أخبر المختبر بأنك تتناول البيوتين قبل تحاليل الدم.' } },
  { key: 'hair-skin-nails', category: 'hair-skin-nails', name: { en: 'Hair, Skin & Nails Formula', ar: 'تركيبة الشعر والبشرة والأظافر' },
    variants: [NO_VARIANT], forms: ['gummy', 'tablet', 'capsule'], basePrice: 5000, popular: true, tags: ['hair', 'skin', 'nails'],
    description: { en: 'Biotin, zinc, vitamins C and E and bamboo silica in one beauty formula. Nourishes hair, skin and nails from within.', ar: 'البيوتين والزنك وفيتامينا سي وهـ وسيليكا الخيزران في تركيبة جمال واحدة. تغذي الشعر والبشرة والأظافر من الداخل.' },
    active: { en: 'Biotin 5000 mcg, zinc, vitamin C, vitamin E, silica from bamboo extract and hyaluronic acid', ar: 'البيوتين 5000 ميكروغرام، الزنك، فيتامين سي، فيتامين هـ، السيليكا من خلاصة الخيزران وحمض الهيالورونيك' },
    note: { en: 'Everything for hair and nails in one.', ar: 'كل ما يحتاجه الشعر والأظافر في منتج واحد.' } },
  { key: 'collagen-peptides', category: 'hair-skin-nails', name: { en: 'Collagen Peptides', ar: 'ببتيدات الكولاجين' },
    variants: [v('Type I & III', 'النوعان الأول والثالث')], forms: ['powder'], powderSizes: ['250-g', '500-g'], flavours: ['unflavoured', 'vanilla', 'berry'],
    basePrice: 7500, animal: true, popular: true, tags: ['skin', 'hair', 'joints'],
    description: { en: 'Hydrolysed collagen peptides that dissolve easily in hot or cold drinks. Supports skin elasticity, hair and joints.', ar: 'ببتيدات كولاجين متحللة تذوب بسهولة في المشروبات الساخنة أو الباردة. تدعم مرونة البشرة وصحة الشعر والمفاصل.' },
    active: { en: 'Hydrolysed bovine collagen peptides ({s}), 10 g per serving', ar: 'ببتيدات الكولاجين البقري المتحلل ({s})، 10 غرام لكل حصة' },
    note: { en: 'Stir into your morning coffee.', ar: 'أضفه إلى قهوتك الصباحية.' } },
  { key: 'hyaluronic-acid', category: 'hair-skin-nails', name: { en: 'Hyaluronic Acid', ar: 'حمض الهيالورونيك' },
    variants: [v('120 mg', '120 ملغ')], forms: ['capsule'], counts: ['30-count', '60-count'], basePrice: 5500, tags: ['skin', 'hydration'],
    description: { en: 'Hyaluronic acid holds water in the skin for a plumper, hydrated look. Also supports joint lubrication.', ar: 'يحتفظ حمض الهيالورونيك بالماء في البشرة لمظهر ممتلئ ومرطّب. كما يدعم ترطيب المفاصل.' },
    active: { en: 'Hyaluronic acid (as sodium hyaluronate) {s}', ar: 'حمض الهيالورونيك (هيالورونات الصوديوم) {s}' },
    note: { en: 'Hydration from the inside in a dry climate.', ar: 'ترطيب من الداخل في مناخ جاف.' } },

  // Beauty & wellness › General wellness
  { key: 'probiotic', category: 'general-wellness', name: { en: 'Probiotic', ar: 'بروبيوتيك' },
    variants: [v('10 Billion CFU', '10 مليار وحدة حية'), v('50 Billion CFU', '50 مليار وحدة حية', 1.8)], forms: ['capsule'], counts: ['30-count', '60-count'],
    basePrice: 5500, popular: true, tags: ['digestion', 'immunity'], timing: { en: 'before breakfast', ar: 'قبل الإفطار' },
    description: { en: 'Multi-strain friendly bacteria in delayed-release capsules that survive stomach acid. Supports digestive balance and immunity.', ar: 'بكتيريا نافعة متعددة السلالات في كبسولات مؤجلة الإطلاق تقاوم حمض المعدة. تدعم توازن الجهاز الهضمي والمناعة.' },
    active: { en: '{s} from 10 probiotic strains including Lactobacillus and Bifidobacterium', ar: '{s} من 10 سلالات بروبيوتيك تشمل اللاكتوباسيلس والبيفيدوبكتيريوم' },
    note: { en: 'Useful after a course of antibiotics.', ar: 'مفيد بعد تناول المضادات الحيوية.' } },
  { key: 'kids-probiotic', category: 'general-wellness', name: { en: "Kids' Probiotic", ar: 'بروبيوتيك للأطفال' },
    variants: [v('5 Billion CFU', '5 مليار وحدة حية')], forms: ['chewable', 'gummy'], counts: ['30-count', '60-count'], flavours: ['berry', 'orange'],
    basePrice: 5000, kids: true, tags: ['kids', 'digestion', 'immunity'],
    description: { en: 'Friendly bacteria and prebiotic fibre for children’s tummies. Supports digestion and natural defences.', ar: 'بكتيريا نافعة وألياف بريبيوتيك لمعدة الأطفال. تدعم الهضم والدفاعات الطبيعية.' },
    active: { en: '{s} from 5 probiotic strains, with prebiotic inulin', ar: '{s} من 5 سلالات بروبيوتيك، مع الإينولين البريبيوتيكي' },
    note: { en: 'Gentle support for little tummies.', ar: 'دعم لطيف لمعدة الصغار.' } },
  { key: 'melatonin', category: 'general-wellness', name: { en: 'Melatonin', ar: 'ميلاتونين' },
    variants: [v('3 mg', '3 ملغ'), v('5 mg', '5 ملغ', 1.1)], forms: ['tablet', 'gummy'], basePrice: 3000, popular: true,
    tags: ['sleep'], warning: W.drowsy, timing: { en: '30 minutes before bedtime', ar: 'قبل النوم بثلاثين دقيقة' },
    description: { en: 'Melatonin helps you fall asleep faster and eases jet lag. Non-habit-forming support for occasional sleeplessness.', ar: 'يساعدك الميلاتونين على النوم بسرعة أكبر ويخفف اضطراب الرحلات الجوية الطويلة. دعم لا يسبب الاعتياد للأرق العرضي.' },
    active: { en: 'Melatonin {s}', ar: 'الميلاتونين {s}' },
    note: { en: 'For occasional use, such as after travel.', ar: 'للاستخدام العرضي، مثل ما بعد السفر.' } },
  { key: 'coq10', category: 'general-wellness', name: { en: 'CoQ10', ar: 'مساعد الإنزيم كيو 10' },
    variants: [v('100 mg', '100 ملغ'), v('200 mg', '200 ملغ', 1.7)], forms: ['softgel', 'capsule'], counts: ['30-count', '60-count', '120-count'],
    basePrice: 5500, tags: ['heart', 'energy', 'antioxidant'],
    description: { en: 'Coenzyme Q10 fuels energy production in every cell, especially the heart. Levels fall with age and with some cholesterol medicines.', ar: 'يغذي الإنزيم المساعد كيو 10 إنتاج الطاقة في كل خلية، وخاصة في القلب. تنخفض مستوياته مع التقدم في العمر ومع بعض أدوية الكوليسترول.' },
    active: { en: 'Coenzyme Q10 (ubiquinone) {s}', ar: 'الإنزيم المساعد كيو 10 (يوبيكوينون) {s}' },
    note: { en: 'Worth considering if you take a statin.', ar: 'يستحق التفكير فيه إذا كنت تتناول أدوية الستاتين.' } },
  { key: 'digestive-enzymes', category: 'general-wellness', name: { en: 'Digestive Enzymes', ar: 'إنزيمات هاضمة' },
    variants: [NO_VARIANT], forms: ['capsule', 'chewable'], basePrice: 4500, tags: ['digestion'],
    timing: { en: 'with your largest meal', ar: 'مع الوجبة الرئيسية' },
    description: { en: 'A broad-spectrum enzyme blend that helps break down proteins, fats, carbohydrates and lactose. Eases occasional bloating after heavy meals.', ar: 'مزيج واسع الطيف من الإنزيمات يساعد على تفكيك البروتينات والدهون والكربوهيدرات واللاكتوز. يخفف الانتفاخ العرضي بعد الوجبات الدسمة.' },
    active: { en: 'Protease, amylase, lipase, lactase and cellulase blend', ar: 'مزيج من إنزيمات البروتياز والأميليز والليباز واللاكتاز والسليولاز' },
    note: { en: 'Helpful with heavy family feasts.', ar: 'مفيد مع الولائم العائلية الدسمة.' } },
];

/** Product lines, used (large mode) once every suitable brand already sells a type in a form. */
const LINES: Array<Bi & { slug: string }> = [
  ['Daily', 'ديلي'], ['Advanced', 'أدفانسد'], ['Plus', 'بلس'], ['Gold', 'جولد'], ['Pure', 'بيور'], ['Max', 'ماكس'],
  ['Active', 'أكتيف'], ['Premium', 'بريميوم'], ['Essentials', 'إسنشالز'], ['Ultra', 'ألترا'], ['Select', 'سيلكت'],
  ['Prime', 'برايم'], ['Classic', 'كلاسيك'], ['Elite', 'إيليت'], ['Core', 'كور'], ['Vital', 'فايتال'], ['Nature', 'نيتشر'],
  ['Fresh', 'فريش'], ['Complete', 'كومبليت'], ['Balance', 'بالانس'], ['Smart', 'سمارت'], ['Evo', 'إيفو'], ['Pro', 'برو'],
  ['Optima', 'أوبتيما'], ['Natura', 'ناتورا'], ['Simply', 'سمبلي'], ['Platinum', 'بلاتينيوم'], ['Silver', 'سيلفر'],
  ['Vita', 'فيتا'], ['Forte', 'فورتي'], ['Origin', 'أوريجن'], ['Nova', 'نوفا'],
].map(([en, ar]) => ({ en: en!, ar: ar!, slug: kebab(en!) }));

interface NutritionistDef {
  slug: string;
  name: Bi;
  title: Bi;
  bio: Bi;
  years: number;
  lists: Array<{ name: Bi; types: string[] }>;
}

// Fictional professionals with common Gulf family names.
const NUTRITIONISTS: NutritionistDef[] = [
  { slug: 'noura-al-mutawa', name: { en: 'Dr. Noura Al-Mutawa', ar: 'د. نورة المطوع' }, title: { en: 'Clinical Dietitian', ar: 'أخصائية تغذية علاجية' }, years: 14,
    bio: { en: 'Dr. Noura runs a clinical nutrition clinic in Kuwait City and helps families build simple, evidence-based supplement routines. She has a special interest in vitamin D deficiency and immune health.', ar: 'تدير د. نورة عيادة للتغذية العلاجية في مدينة الكويت، وتساعد العائلات على بناء روتين بسيط للمكملات الغذائية قائم على الأدلة العلمية. تهتم بشكل خاص بنقص فيتامين د وصحة المناعة.' },
    lists: [
      { name: { en: 'Immunity essentials', ar: 'أساسيات المناعة' }, types: ['vitamin-c', 'vitamin-d3', 'zinc-picolinate', 'black-elderberry', 'probiotic'] },
      { name: { en: 'Strong bones', ar: 'عظام قوية' }, types: ['calcium-d3', 'vitamin-d3-k2', 'magnesium-glycinate', 'cal-mag-zinc'] },
    ] },
  { slug: 'khalid-al-otaibi', name: { en: 'Khalid Al-Otaibi', ar: 'خالد العتيبي' }, title: { en: 'Sports Nutrition Specialist', ar: 'أخصائي التغذية الرياضية' }, years: 9,
    bio: { en: 'Khalid advises athletes and weekend runners in Riyadh on fuelling, hydration and recovery. He believes in a food-first approach with a few proven supplements.', ar: 'يقدّم خالد الاستشارات للرياضيين وهواة الجري في الرياض حول التغذية والترطيب والاستشفاء. يؤمن بأولوية الطعام مع عدد قليل من المكملات المثبتة علمياً.' },
    lists: [
      { name: { en: 'Muscle building basics', ar: 'أساسيات بناء العضلات' }, types: ['whey-protein', 'creatine-monohydrate', 'casein', 'bcaa', 'magnesium-glycinate'] },
      { name: { en: 'Hydration & recovery', ar: 'الترطيب والاستشفاء' }, types: ['electrolytes', 'l-glutamine', 'magnesium-glycinate', 'omega-3-fish-oil'] },
    ] },
  { slug: 'fatima-al-harbi', name: { en: 'Fatima Al-Harbi', ar: 'فاطمة الحربي' }, title: { en: 'Paediatric Dietitian', ar: 'أخصائية تغذية الأطفال' }, years: 11,
    bio: { en: 'Fatima works with parents of picky eaters and growing children. She focuses on practical nutrition that fits busy family life.', ar: 'تعمل فاطمة مع أولياء أمور الأطفال انتقائيي الطعام والأطفال في مرحلة النمو. تركّز على تغذية عملية تناسب حياة الأسرة المزدحمة.' },
    lists: [
      { name: { en: 'Growing kids', ar: 'أطفال ينمون بصحة' }, types: ['kids-multivitamin', 'kids-omega-3', 'kids-vitamin-d3', 'kids-probiotic'] },
      { name: { en: 'Back to school', ar: 'العودة إلى المدرسة' }, types: ['kids-multivitamin', 'kids-omega-3', 'black-elderberry', 'kids-probiotic', 'kids-vitamin-d3'] },
    ] },
  { slug: 'sara-al-ajmi', name: { en: 'Dr. Sara Al-Ajmi', ar: 'د. سارة العجمي' }, title: { en: "Women's Health Nutritionist", ar: 'أخصائية تغذية صحة المرأة' }, years: 12,
    bio: { en: "Dr. Sara supports women through pregnancy, nursing and menopause. Her advice centres on iron, folate and bone health at every stage of life.", ar: 'تدعم د. سارة النساء خلال الحمل والرضاعة وسن اليأس. تركّز نصائحها على الحديد والفولات وصحة العظام في كل مراحل الحياة.' },
    lists: [
      { name: { en: 'Pregnancy & nursing', ar: 'الحمل والرضاعة' }, types: ['prenatal-multivitamin', 'folic-acid', 'iron-bisglycinate', 'algae-omega-3', 'vitamin-d3'] },
      { name: { en: "Women's daily essentials", ar: 'أساسيات المرأة اليومية' }, types: ['womens-multivitamin', 'iron-bisglycinate', 'calcium-d3', 'biotin', 'magnesium-glycinate'] },
    ] },
  { slug: 'ahmad-al-rashidi', name: { en: 'Ahmad Al-Rashidi', ar: 'أحمد الرشيدي' }, title: { en: 'Registered Dietitian', ar: 'أخصائي تغذية معتمد' }, years: 8,
    bio: { en: 'Ahmad helps professionals manage energy, weight and heart health alongside demanding jobs. He keeps supplement plans short and affordable.', ar: 'يساعد أحمد الموظفين على إدارة طاقتهم ووزنهم وصحة قلوبهم إلى جانب أعمالهم المرهقة. يحرص على أن تكون خطط المكملات قصيرة وبتكلفة معقولة.' },
    lists: [
      { name: { en: 'Heart health', ar: 'صحة القلب' }, types: ['omega-3-fish-oil', 'coq10', 'krill-oil', 'magnesium-glycinate', 'vitamin-d3-k2'] },
      { name: { en: 'Energy & focus', ar: 'الطاقة والتركيز' }, types: ['vitamin-b12', 'b-complex', 'ginkgo-biloba', 'green-tea-extract', 'iron-bisglycinate', 'mens-multivitamin'] },
    ] },
  { slug: 'maryam-al-qahtani', name: { en: 'Dr. Maryam Al-Qahtani', ar: 'د. مريم القحطاني' }, title: { en: 'Skin Nutrition Consultant', ar: 'استشارية تغذية البشرة' }, years: 10,
    bio: { en: 'Dr. Maryam combines dermatology and nutrition to help clients with hair loss and dull skin. She looks for deficiencies before recommending beauty supplements.', ar: 'تجمع د. مريم بين طب الجلدية والتغذية لمساعدة عملائها على مواجهة تساقط الشعر وبهتان البشرة. تبحث عن النواقص الغذائية قبل أن توصي بمكملات الجمال.' },
    lists: [
      { name: { en: 'Glow from within', ar: 'إشراقة من الداخل' }, types: ['collagen-peptides', 'hyaluronic-acid', 'vitamin-c', 'hair-skin-nails', 'zinc-picolinate'] },
      { name: { en: 'Healthy hair', ar: 'شعر صحي' }, types: ['biotin', 'hair-skin-nails', 'iron-bisglycinate', 'zinc-picolinate', 'collagen-peptides'] },
    ] },
  { slug: 'yousef-al-shammari', name: { en: 'Yousef Al-Shammari', ar: 'يوسف الشمري' }, title: { en: 'Wellness Nutritionist', ar: 'أخصائي تغذية وعافية' }, years: 7,
    bio: { en: 'Yousef focuses on sleep, stress and gut health for shift workers and students. He pairs supplements with simple daily habits.', ar: 'يركّز يوسف على النوم والتوتر وصحة الأمعاء لدى العاملين بنظام المناوبات والطلاب. يجمع بين المكملات وعادات يومية بسيطة.' },
    lists: [
      { name: { en: 'Better sleep', ar: 'نوم أفضل' }, types: ['melatonin', 'magnesium-glycinate', 'ashwagandha', 'casein'] },
      { name: { en: 'Stress balance', ar: 'توازن التوتر' }, types: ['ashwagandha', 'b-complex', 'magnesium-glycinate', 'omega-3-fish-oil', 'probiotic'] },
    ] },
  { slug: 'huda-al-kandari', name: { en: 'Dr. Huda Al-Kandari', ar: 'د. هدى الكندري' }, title: { en: 'Healthy Ageing Specialist', ar: 'أخصائية تغذية كبار السن' }, years: 18,
    bio: { en: 'Dr. Huda has spent nearly two decades helping older adults stay active and independent. Her focus is joints, heart health and bone strength.', ar: 'أمضت د. هدى قرابة عقدين في مساعدة كبار السن على البقاء نشطين ومستقلين. تركّز على صحة المفاصل والقلب وقوة العظام.' },
    lists: [
      { name: { en: 'Joint comfort', ar: 'راحة المفاصل' }, types: ['glucosamine-chondroitin', 'turmeric-curcumin', 'msm', 'omega-3-fish-oil', 'collagen-peptides'] },
      { name: { en: 'Healthy ageing', ar: 'شيخوخة صحية' }, types: ['multivitamin-50-plus', 'coq10', 'vitamin-d3-k2', 'ginkgo-biloba', 'omega-3-fish-oil', 'milk-thistle'] },
    ] },
];

/** Aisles that sell well together, for purchase-together links across categories. */
const COMPLEMENTS: Record<ChildKey, ChildKey[]> = {
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

const BANNERS = [
  { link: '/products?category=vitamins', alt: { en: 'Vitamins for the whole family', ar: 'فيتامينات لكل أفراد العائلة' } },
  { link: '/products?category=sports-nutrition', alt: { en: 'Fuel your training', ar: 'غذِّ تمارينك' } },
  { link: '/products?category=omega-fish-oil', alt: { en: 'Omega-3 for heart and brain', ar: 'أوميغا 3 لصحة القلب والدماغ' } },
];

const GENERAL_WARNING: Bi = {
  en: 'Consult your doctor before use if you are pregnant or nursing, taking medication or have a medical condition. Keep out of reach of children and store in a cool, dry place.',
  ar: 'استشر طبيبك قبل الاستخدام إذا كنتِ حاملاً أو مرضعاً، أو كنت تتناول أدوية أو تعاني من حالة صحية. يُحفظ بعيداً عن متناول الأطفال في مكان بارد وجاف.',
};
const KIDS_WARNING: Bi = {
  en: 'For children aged 4 and over; consult your paediatrician for younger children. Adult supervision recommended. Store in a cool, dry place.',
  ar: 'للأطفال من عمر 4 سنوات فأكثر؛ استشر طبيب الأطفال للأعمار الأصغر. يُنصح بإشراف شخص بالغ. يُحفظ في مكان بارد وجاف.',
};
const DOSE_NOTE: Bi = { en: 'Do not exceed the recommended dose.', ar: 'لا تتجاوز الجرعة الموصى بها.' };
const KIDS_PREFIX: Bi = { en: 'Children 4 years and older: ', ar: 'للأطفال من عمر 4 سنوات فأكثر: ' };

// ---------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------

function kebab(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’%+]/g, '')
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

type Rng = () => number;

/** mulberry32: small, fast, good enough for shuffling demo data. */
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An independent stream per (purpose, n), so one product's choices never shift another's. */
function rngFor(stream: number, n: number): Rng {
  let h = Math.imul(SEED ^ Math.imul(stream + 1, 0x9e3779b1), 0x85ebca6b) ^ Math.imul(n + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return mulberry32((h ^ (h >>> 16)) >>> 0);
}

const STREAM = { combos: 1, product: 2, together: 3 } as const;

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`index ${index} out of range`);
  return item;
}

/** UTF-8 byte length without TextEncoder (not every runtime this may run in has one in its types). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4; // a surrogate pair is one 4-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}

type SqlValue = string | number | null;

/** An SQL literal with its UTF-8 size, so batching never measures a long repeated text twice. */
interface Literal {
  sql: string;
  bytes: number;
}

function literal(value: SqlValue): Literal {
  if (value === null) return { sql: 'NULL', bytes: 4 };
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
    const text = String(value);
    return { sql: text, bytes: text.length };
  }
  const text = `'${value.includes("'") ? value.replaceAll("'", "''") : value}'`;
  return { sql: text, bytes: utf8Length(text) };
}

/**
 * A cache filled on demand. Texts shared by many products (descriptions, ingredients, warnings …) are
 * built, escaped, measured and normalised once per key: in the large catalogue that is most of the work.
 */
function memo<T>(): (key: string, make: () => T) => T {
  const cache = new Map<string, T>();
  return (key, make) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = make();
      cache.set(key, value);
    }
    return value;
  };
}

interface SqlRow {
  sql: string;
  bytes: number;
}

function row(values: Array<SqlValue | Literal>): SqlRow {
  let bytes = values.length + 1; // the parentheses and the commas between values
  const parts = values.map((v) => {
    const lit = v !== null && typeof v === 'object' ? v : literal(v);
    bytes += lit.bytes;
    return lit.sql;
  });
  return { sql: `(${parts.join(',')})`, bytes };
}

/**
 * Multi-row INSERTs, each within MAX_STATEMENT_BYTES and MAX_ROWS_PER_STATEMENT. Rows are joined by
 * commas only, so every statement is one line (no trailing semicolon).
 */
function* insertStatements(table: string, columns: readonly string[], rows: Iterable<SqlRow>): Generator<string> {
  const head = `INSERT INTO ${table} (${columns.join(',')}) VALUES `;
  let batch: string[] = [];
  let bytes = head.length;
  for (const r of rows) {
    const rowBytes = r.bytes + 1; // and its comma
    if (head.length + rowBytes > MAX_STATEMENT_BYTES) throw new Error(`a ${table} row alone exceeds the statement limit`);
    if (batch.length > 0 && (bytes + rowBytes > MAX_STATEMENT_BYTES || batch.length >= MAX_ROWS_PER_STATEMENT)) {
      yield head + batch.join(',');
      batch = [];
      bytes = head.length;
    }
    batch.push(r.sql);
    bytes += rowBytes;
  }
  if (batch.length > 0) yield head + batch.join(',');
}

// ---------------------------------------------------------------------------------------------------
// Ids of the fixed tables
// ---------------------------------------------------------------------------------------------------

interface Category extends Bi {
  id: number;
  parentId: number | null;
  slug: string;
  color: string;
  sortOrder: number;
  parent: (Bi & { id: number }) | null;
}

/** Parents 1–5 first, then their children 6–15, so parent_id always points backwards. */
function buildCategories(): Category[] {
  const tops: Category[] = CATEGORY_TREE.map((c, i) => ({
    id: i + 1, parentId: null, slug: c.slug, en: c.en, ar: c.ar, color: c.color, sortOrder: i + 1, parent: null,
  }));
  const children: Category[] = [];
  CATEGORY_TREE.forEach((c, i) => {
    const parent = at(tops, i);
    c.children.forEach((child, j) => {
      children.push({
        id: tops.length + children.length + 1, parentId: parent.id, slug: child.slug, en: child.en, ar: child.ar,
        color: child.color, sortOrder: j + 1, parent: { id: parent.id, en: parent.en, ar: parent.ar },
      });
    });
  });
  return [...tops, ...children];
}

const CATEGORIES = buildCategories();
const CATEGORY_BY_SLUG = new Map(CATEGORIES.map((c) => [c.slug, c]));
function category(slug: string): Category {
  const c = CATEGORY_BY_SLUG.get(slug);
  if (!c) throw new Error(`unknown category ${slug}`);
  return c;
}

const BRANDS = BRAND_DATA.map((b, i) => ({ ...b, id: i + 1 }));
type Brand = (typeof BRANDS)[number];

const ATTRIBUTES = ATTRIBUTE_GROUPS.flatMap((g) => g.entries.map((e) => ({ group: g.group, ...e })));
const ATTRIBUTE_ID = new Map(ATTRIBUTES.map((a, i) => [a.slug, i + 1]));
function attributeId(slug: string): number {
  const id = ATTRIBUTE_ID.get(slug);
  if (id === undefined) throw new Error(`unknown attribute ${slug}`);
  return id;
}

const TYPE_BY_KEY = new Map(PRODUCT_TYPES.map((t) => [t.key, t]));

// ---------------------------------------------------------------------------------------------------
// Product plans: every product decision, made once, before any SQL is written
// ---------------------------------------------------------------------------------------------------

/** A type at one strength in one form; products are combos made by a brand. */
interface Combo {
  type: ProductType;
  variant: Variant;
  form: FormKey;
  brands: Brand[];
  brandOffset: number;
}

interface SkuPlan {
  id: number;
  size: SizeKey;
  name: Bi;
  price: number;
  oldPrice: number | null;
  stock: number;
  buyLimit: number | null;
}

interface ProductPlan {
  id: number;
  slug: string;
  brand: Brand;
  type: ProductType;
  variant: Variant;
  form: FormKey;
  category: Category;
  /** Brand + label, as shoppers see it in Gulf pharmacies: "Gulf Vital Vitamin D3 1000 IU Softgels". */
  name: Bi;
  label: Bi;
  /** Identifies the label, for caching its search text. */
  labelKey: string;
  flavour: FlavourKey | null;
  diets: DietKey[];
  skus: SkuPlan[];
  imageCount: number;
  popularity: number;
  freeDelivery: number;
  createdAt: number;
}

function brandsFor(type: ProductType): Brand[] {
  return BRANDS.filter((b) => b.focus.includes(type.category) && (!b.kidsOnly || type.kids === true));
}

/** Every type × strength × form, in a fixed shuffled order so consecutive ids mix aisles. */
function buildCombos(): Combo[] {
  const rng = rngFor(STREAM.combos, 0);
  const combos: Combo[] = [];
  for (const type of PRODUCT_TYPES) {
    const brands = brandsFor(type);
    if (brands.length < 2) throw new Error(`type ${type.key} has too few brands`);
    for (const variant of type.variants) {
      for (const form of type.forms) combos.push({ type, variant, form, brands, brandOffset: Math.floor(rng() * brands.length) });
    }
  }
  return shuffle(rng, combos);
}

function sizesFor(type: ProductType, form: FormKey): SizeKey[] {
  if (form === 'powder') return type.powderSizes ?? ['250-g', '500-g'];
  if (form === 'liquid') return ['100-ml', '250-ml'];
  return type.counts ?? ['60-count', '120-count'];
}

function flavoursFor(type: ProductType, form: FormKey): FlavourKey[] | null {
  const defaults = FORMS[form].flavours;
  if (!defaults) return null;
  return type.flavours ?? defaults;
}

function dietsFor(rng: Rng, type: ProductType, form: FormKey, flavour: FlavourKey | null): DietKey[] {
  const vegetarianOk = type.vegan === true || (!type.animal && form !== 'softgel');
  const allowed = (Object.keys(DIETS) as DietKey[]).filter((d) => {
    if (d === 'vegan' || d === 'vegetarian') return vegetarianOk;
    if (d === 'sugar-free') return form !== 'gummy' && (flavour === null || flavour === 'unflavoured' || form === 'powder');
    return true;
  });
  const chosen = new Set<DietKey>();
  if (type.vegan) chosen.add('vegan');
  if (rng() < 0.8) chosen.add('halal'); // most of the shelf is halal-certified in Gulf shops
  const target = 1 + Math.floor(rng() * 3);
  for (const d of shuffle(rng, [...allowed])) {
    if (chosen.size >= target) break;
    chosen.add(d);
  }
  // In the attributes' own order, so the facet list and the product agree.
  return (Object.keys(DIETS) as DietKey[]).filter((d) => chosen.has(d));
}

/** The product name after the brand: "Vitamin D3 1000 IU Softgels" / "فيتامين د3 1000 وحدة دولية كبسولات جيلاتينية". */
function productLabel(line: Bi | null, type: ProductType, variant: Variant, form: FormKey, flavour: FlavourKey | null): Bi {
  const showFlavour = flavour !== null && flavour !== 'unflavoured';
  const en = [line?.en, type.name.en, variant.en, showFlavour ? FLAVOURS[flavour].en : '', FORMS[form].inName.en];
  const ar = [line?.ar, type.name.ar, variant.ar, FORMS[form].inName.ar, showFlavour ? `بنكهة ${FLAVOURS[flavour].inName}` : ''];
  return { en: en.filter(Boolean).join(' '), ar: ar.filter(Boolean).join(' ') };
}

function skuName(size: SizeKey, form: FormKey): Bi {
  const s = SIZES[size];
  if (!s.counted) return { en: s.en, ar: s.ar };
  return { en: `${s.qty} ${FORMS[form].unit.en}`, ar: `${s.qty} ${FORMS[form].unit.ar}` };
}

/** Shelf price in fils: multiples of 250, a third of them "charm" prices ending in .950 or .450 etc. */
function skuPrice(rng: Rng, type: ProductType, variant: Variant, brand: Brand, sizes: SizeKey[], size: SizeKey): number {
  const base = SIZES[at(sizes, 0)].qty;
  const packFactor = (SIZES[size].qty / base) ** 0.85; // bigger packs cost less per unit
  const raw = type.basePrice * variant.factor * brand.priceFactor * packFactor * (0.92 + rng() * 0.16);
  let price = roundTo(Math.min(25_000, Math.max(2_500, raw)), 250);
  if (rng() < 0.35 && price - 50 >= 2_500) price -= 50;
  return price;
}

function planProducts(count: number): ProductPlan[] {
  const combos = buildCombos();
  const plans: ProductPlan[] = [];
  const slugs = new Set<string>();
  let skuId = 0;
  for (let k = 0; k < count; k++) {
    const id = k + 1;
    const combo = at(combos, k % combos.length);
    const { type, variant, form } = combo;
    // The r-th product of a combo goes to the next suitable brand; once every brand has it, a product
    // line ("Gold", "Plus" …) and then an edition number keep names and slugs apart.
    const r = Math.floor(k / combos.length);
    const brand = at(combo.brands, (combo.brandOffset + r) % combo.brands.length);
    const round = Math.floor(r / combo.brands.length);
    const lineIndex = round % (LINES.length + 1);
    const edition = Math.floor(round / (LINES.length + 1));
    const line = lineIndex === 0 ? null : at(LINES, lineIndex - 1);
    const slug = [brand.slug, line?.slug, type.key, variant.slug, kebab(FORMS[form].inName.en), edition ? String(edition + 1) : '']
      .filter(Boolean)
      .join('-');
    if (slugs.has(slug)) throw new Error(`duplicate slug ${slug}`);
    slugs.add(slug);

    const rng = rngFor(STREAM.product, id);
    const flavours = flavoursFor(type, form);
    const flavour = flavours ? pick(rng, flavours) : null;
    const diets = dietsFor(rng, type, form, flavour);

    // One or two pack sizes, smaller first (the default SKU is the first).
    const sizes = sizesFor(type, form);
    let chosen: SizeKey[];
    if (sizes.length >= 2 && rng() < 0.6) {
      const i = Math.floor(rng() * (sizes.length - 1));
      const j = i + 1 + Math.floor(rng() * (sizes.length - 1 - i));
      chosen = [at(sizes, i), at(sizes, j)];
    } else chosen = [pick(rng, sizes)];

    const soldOut = rng() < 0.04; // the whole product is out of stock
    const skus = chosen.map((size): SkuPlan => {
      const price = skuPrice(rng, type, variant, brand, sizes, size);
      let oldPrice: number | null = null;
      if (rng() < 0.22) {
        // 10–37% off before rounding the old price to 250 fils, so the shown discount stays within ~10–40%.
        const discount = 0.1 + rng() * 0.27;
        oldPrice = Math.max(price + 250, roundTo(price / (1 - discount), 250));
      }
      const stock = soldOut || rng() < 0.03 ? 0 : 5 + Math.floor(rng() * 240);
      const buyLimit = rng() < 0.1 ? 2 + Math.floor(rng() * 4) : null;
      return { id: ++skuId, size, name: skuName(size, form), price, oldPrice, stock, buyLimit };
    });

    // Popularity is long-tailed: most products sell little, a few sell a lot.
    const popularity = Math.min(1000, Math.floor(1000 * rng() ** (type.popular ? 1.6 : 3)));
    const label = productLabel(line, type, variant, form, flavour);
    const createdAt = BASE_TIMESTAMP - Math.floor(rng() * 540) * DAY_MS - Math.floor(rng() * 1440) * 60_000;
    plans.push({
      id, slug, brand, type, variant, form, category: category(type.category),
      name: { en: `${brand.en} ${label.en}`, ar: `${brand.ar} ${label.ar}` }, label,
      labelKey: [line?.slug, type.key, variant.slug, form, flavour].join('|'), flavour, diets, skus,
      imageCount: rng() < 0.6 ? 2 : 1, popularity, freeDelivery: rng() < 0.88 ? 1 : 0, createdAt,
    });
  }
  return plans;
}

// Denormalised columns, kept in step with the SKUs (see the products table comment).
const minPrice = (p: ProductPlan) => Math.min(...p.skus.map((s) => s.price));
const maxDiscount = (p: ProductPlan) => Math.max(0, ...p.skus.map((s) => (s.oldPrice === null ? 0 : s.oldPrice - s.price)));
const inStock = (p: ProductPlan) => (p.skus.some((s) => s.stock > 0) ? 1 : 0);
const defaultSku = (p: ProductPlan) => at(p.skus, 0);

// ---------------------------------------------------------------------------------------------------
// Product texts
// ---------------------------------------------------------------------------------------------------

/** An active-ingredient line with the product's strength in place of "{s}". */
function fill(template: string, strength: string): string {
  if (template.includes('{s}') && !strength) throw new Error(`no strength for "${template}"`);
  return template.replace('{s}', strength);
}

function otherIngredients(p: ProductPlan): Bi {
  const flavoured = p.flavour !== null && p.flavour !== 'unflavoured';
  switch (p.form) {
    case 'softgel':
      return p.type.vegan
        ? { en: 'plant-based softgel (modified starch, carrageenan, glycerin)', ar: 'كبسولة جيلاتينية نباتية (نشا معدّل، كاراجينان، جلسرين)' }
        : { en: 'softgel (halal bovine gelatin, glycerin, purified water)', ar: 'كبسولة جيلاتينية (جيلاتين بقري حلال، جلسرين، ماء منقّى)' };
    case 'capsule':
      return { en: 'vegetable cellulose capsule, rice flour', ar: 'كبسولة من السليلوز النباتي، دقيق الأرز' };
    case 'tablet':
      return { en: 'microcrystalline cellulose, stearic acid, silicon dioxide', ar: 'سليلوز دقيق التبلور، حمض الستياريك، ثاني أكسيد السيليكون' };
    case 'gummy':
      return { en: 'glucose syrup, cane sugar, pectin, citric acid, natural flavours, colours from fruit and vegetables', ar: 'شراب الجلوكوز، سكر القصب، بكتين، حمض الستريك، نكهات طبيعية، ألوان من الفواكه والخضروات' };
    case 'chewable':
      return { en: 'xylitol, sorbitol, natural flavours, stearic acid', ar: 'زيليتول، سوربيتول، نكهات طبيعية، حمض الستياريك' };
    case 'powder':
      return flavoured
        ? { en: 'natural flavours, sunflower lecithin, stevia leaf extract', ar: 'نكهات طبيعية، ليسيثين دوار الشمس، خلاصة أوراق الستيفيا' }
        : { en: '', ar: '' };
    case 'liquid':
      if (p.type.oil) {
        return flavoured
          ? { en: 'natural flavour oil, mixed tocopherols (for freshness)', ar: 'زيت نكهة طبيعي، توكوفيرولات مختلطة (للحفاظ على الطزاجة)' }
          : { en: 'mixed tocopherols (for freshness)', ar: 'توكوفيرولات مختلطة (للحفاظ على الطزاجة)' };
      }
      return { en: 'purified water, vegetable glycerin, natural flavours, potassium sorbate', ar: 'ماء منقّى، جلسرين نباتي، نكهات طبيعية، سوربات البوتاسيوم' };
  }
}

function ingredients(p: ProductPlan): Bi {
  const other = otherIngredients(p);
  const active = { en: fill(p.type.active.en, p.variant.en), ar: fill(p.type.active.ar, p.variant.ar) };
  return {
    en: `${active.en}. ${other.en ? `Other ingredients: ${other.en}.` : 'No other ingredients.'}`,
    ar: `${active.ar}. ${other.ar ? `مكونات أخرى: ${other.ar}.` : 'لا يحتوي على مكونات أخرى.'}`,
  };
}

function description(p: ProductPlan): Bi {
  return {
    en: `${p.type.description.en} Made by ${p.brand.en} in a GMP-certified facility.`,
    ar: `${p.type.description.ar} من إنتاج ${p.brand.ar} في منشأة حاصلة على شهادة ممارسات التصنيع الجيد (GMP).`,
  };
}

function suggestedUse(p: ProductPlan): Bi {
  const form = FORMS[p.form];
  const timing = p.type.timing ?? form.defaultTiming;
  const en = `${form.use.en} ${timing.en}.`;
  const ar = `${form.use.ar} ${timing.ar}.`;
  if (p.type.kids) {
    return { en: `${KIDS_PREFIX.en}${en.charAt(0).toLowerCase()}${en.slice(1)} ${DOSE_NOTE.en}`, ar: `${KIDS_PREFIX.ar}${ar} ${DOSE_NOTE.ar}` };
  }
  return { en: `${en} ${DOSE_NOTE.en}`, ar: `${ar} ${DOSE_NOTE.ar}` };
}

function warnings(p: ProductPlan): Bi {
  const general = p.type.kids ? KIDS_WARNING : GENERAL_WARNING;
  const extra = p.type.warning;
  return extra ? { en: `${extra.en} ${general.en}`, ar: `${extra.ar} ${general.ar}` } : general;
}

function tags(p: ProductPlan): Bi {
  return { en: JSON.stringify(p.type.tags), ar: JSON.stringify(p.type.tags.map((t) => TAGS[t])) };
}

// ---------------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------------

function* categoryRows(): Generator<SqlRow> {
  for (const c of CATEGORIES) yield row([c.id, c.parentId, c.slug, c.en, c.ar, c.color, c.sortOrder]);
}

function* brandRows(): Generator<SqlRow> {
  for (const b of BRANDS) {
    yield row([b.id, b.slug, b.en, b.ar, b.color, b.description.en, b.description.ar, b.featured ? 1 : 0, b.id]);
  }
}

function* attributeRows(): Generator<SqlRow> {
  const order = new Map<string, number>();
  for (const [i, a] of ATTRIBUTES.entries()) {
    const n = (order.get(a.group) ?? 0) + 1; // sort order within the group
    order.set(a.group, n);
    yield row([i + 1, a.group, a.slug, a.en, a.ar, n]);
  }
}

/** What a product's ingredients depend on. */
const ingredientsKey = (p: ProductPlan) => `${p.type.key}|${p.variant.slug}|${p.form}|${p.flavour ?? ''}`;

function* productRows(plans: ProductPlan[]): Generator<SqlRow> {
  const cached = memo<[Literal, Literal]>();
  const texts = (key: string, make: () => Bi) => cached(key, () => {
    const text = make();
    return [literal(text.en), literal(text.ar)];
  });
  for (const p of plans) {
    // Keys name everything each text depends on.
    const d = texts(`d|${p.type.key}|${p.brand.id}`, () => description(p));
    const u = texts(`u|${p.type.key}|${p.form}`, () => suggestedUse(p));
    const t = texts(`t|${p.type.key}`, () => tags(p));
    const i = texts(`i|${ingredientsKey(p)}`, () => ingredients(p));
    const w = texts(`w|${p.type.key}`, () => warnings(p));
    yield row([
      p.id, p.slug, p.brand.id, p.category.id, p.name.en, p.name.ar, ...d, ...u, ...t, ...i, ...w,
      defaultSku(p).id, p.freeDelivery, p.popularity, 1, p.createdAt, minPrice(p), maxDiscount(p), inStock(p),
    ]);
  }
}

function* skuRows(plans: ProductPlan[]): Generator<SqlRow> {
  for (const p of plans) {
    for (const [i, s] of p.skus.entries()) {
      yield row([s.id, p.id, s.name.en, s.name.ar, s.price, s.oldPrice, s.stock, s.buyLimit, i + 1]);
    }
  }
}

/**
 * The stored image a product shows (decision 11): the demo's products have packshots of their own;
 * the large catalogue's others share one per brand, form and view, so the bench renders a few hundred
 * images instead of 100 000.
 */
function imageStem(p: ProductPlan, n: number): string {
  return p.id <= PRODUCT_COUNTS.demo ? `products/${p.slug}/${n}` : `packshots/${p.brand.slug}/${p.form}/${n}`;
}

function* imageRows(plans: ProductPlan[]): Generator<SqlRow> {
  let id = 0;
  const { width, height } = RENDITIONS.product;
  for (const p of plans) {
    for (let n = 1; n <= p.imageCount; n++) {
      const alt = n === 1 ? p.name : { en: `${p.name.en} – label`, ar: `${p.name.ar} – الملصق` };
      yield row([++id, p.id, null, imageStem(p, n), alt.en, alt.ar, width, height, n]);
    }
  }
}

function* productAttributeRows(plans: ProductPlan[]): Generator<SqlRow> {
  for (const p of plans) {
    const slugs: string[] = [p.form, ...p.diets, ...(p.flavour ? [p.flavour] : []), ...p.skus.map((s) => s.size)];
    for (const slug of new Set(slugs)) yield row([p.id, attributeId(slug)]);
  }
}

function* nutritionistRows(): Generator<SqlRow> {
  for (const [i, n] of NUTRITIONISTS.entries()) {
    yield row([i + 1, n.slug, n.name.en, n.name.ar, n.title.en, n.title.ar, n.bio.en, n.bio.ar, `nutritionists/${n.slug}`, n.years, i + 1]);
  }
}

function* nutritionistListRows(): Generator<SqlRow> {
  let id = 0;
  for (const [i, n] of NUTRITIONISTS.entries()) {
    for (const [j, list] of n.lists.entries()) yield row([++id, i + 1, list.name.en, list.name.ar, j + 1]);
  }
}

/** The most popular in-stock product of each type: what a nutritionist would point to. */
function bestByType(plans: ProductPlan[]): Map<string, ProductPlan> {
  const best = new Map<string, ProductPlan>();
  for (const p of plans) {
    if (!inStock(p)) continue;
    const current = best.get(p.type.key);
    if (!current || p.popularity > current.popularity) best.set(p.type.key, p);
  }
  return best;
}

function* nutritionistListItemRows(plans: ProductPlan[]): Generator<SqlRow> {
  const best = bestByType(plans);
  let listId = 0;
  for (const n of NUTRITIONISTS) {
    for (const list of n.lists) {
      listId++;
      for (const [k, key] of list.types.entries()) {
        const p = best.get(key);
        const type = TYPE_BY_KEY.get(key);
        if (!p || !type) throw new Error(`no product of type ${key} for a nutritionist list`);
        yield row([listId, p.id, type.note.en, type.note.ar, k + 1]);
      }
    }
  }
}

/** Popular in-stock products on sale, for the home page's "On sale" collection. */
function saleProductIds(plans: ProductPlan[], count: number): number[] {
  const onSale = plans.filter((p) => maxDiscount(p) > 0 && inStock(p));
  onSale.sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  if (onSale.length < count) throw new Error('not enough products on sale');
  return onSale.slice(0, count).map((p) => p.id);
}

function* homeSectionRows(plans: ProductPlan[]): Generator<SqlRow> {
  const banners = {
    // Listing links filter by category id (shared/catalogue/url-query.ts), so slugs become ids here.
    items: BANNERS.map((b, i) => ({
      image_key: `banners/${i + 1}`,
      link: b.link.replace(/category=([a-z0-9-]+)/, (_, slug: string) => `category=${category(slug).id}`),
      alt_en: b.alt.en,
      alt_ar: b.alt.ar,
    })),
  };
  const sections: Array<[string, Bi, unknown]> = [
    ['banner', { en: 'Featured offers', ar: 'عروض مميزة' }, banners],
    ['categories', { en: 'Shop by category', ar: 'تسوّق حسب الفئة' }, {}],
    ['popular', { en: 'Popular products', ar: 'المنتجات الأكثر رواجاً' }, { limit: 12 }],
    ['brands', { en: 'Top brands', ar: 'أبرز العلامات التجارية' }, { limit: 12 }],
    ['nutritionist_banner', { en: 'Ask our nutritionists', ar: 'اسأل أخصائيي التغذية' }, { nutritionist_id: 1 }],
    ['quiz', { en: 'Find the right supplements for you', ar: 'اكتشف المكملات المناسبة لك' }, {}],
    ['collection', { en: 'On sale', ar: 'عروض' }, { product_ids: saleProductIds(plans, 8) }],
  ];
  for (const [i, [type, title, payload]] of sections.entries()) {
    yield row([i + 1, type, title.en, title.ar, JSON.stringify(payload), i + 1, 1]);
  }
}

/** 2–3 related products for ~85% of products: mostly the same aisle, sometimes a complementary one. */
function* purchaseTogetherRows(plans: ProductPlan[]): Generator<SqlRow> {
  const byCategory = new Map<string, number[]>();
  for (const p of plans) {
    const ids = byCategory.get(p.category.slug) ?? [];
    ids.push(p.id);
    byCategory.set(p.category.slug, ids);
  }
  for (const p of plans) {
    const rng = rngFor(STREAM.together, p.id);
    if (rng() >= 0.85) continue;
    const wanted = 2 + Math.floor(rng() * 2);
    const related = new Set<number>();
    for (let attempt = 0; attempt < 12 && related.size < wanted; attempt++) {
      const aisle = rng() < 0.65 ? p.category.slug : pick(rng, COMPLEMENTS[p.category.slug as ChildKey]);
      const pool = byCategory.get(aisle);
      if (!pool) continue;
      const other = pick(rng, pool);
      if (other !== p.id) related.add(other);
    }
    let order = 0;
    for (const other of related) yield row([p.id, other, ++order]);
  }
}

/** The cheapest in-stock SKU of a type, as a free gift. */
function cheapestSku(plans: ProductPlan[], typeKey: string): { plan: ProductPlan; sku: SkuPlan } {
  let found: { plan: ProductPlan; sku: SkuPlan } | null = null;
  for (const plan of plans) {
    if (plan.type.key !== typeKey) continue;
    for (const sku of plan.skus) {
      if (sku.stock > 0 && (!found || sku.price < found.sku.price)) found = { plan, sku };
    }
  }
  if (!found) throw new Error(`no in-stock ${typeKey} for a giveaway`);
  return found;
}

function* giveawayRows(plans: ProductPlan[]): Generator<SqlRow> {
  const gifts: Array<[string, number]> = [['vitamin-c', 20_000], ['omega-3-fish-oil', 35_000]];
  for (const [i, [typeKey, minSubtotal]] of gifts.entries()) {
    const { plan, sku } = cheapestSku(plans, typeKey);
    yield row([i + 1, sku.id, minSubtotal, `Free gift: ${plan.name.en} (${sku.name.en})`, `هدية مجانية: ${plan.name.ar} (${sku.name.ar})`, 1]);
  }
}

function* searchRows(plans: ProductPlan[]): Generator<SqlRow> {
  const normalised = memo<string>();
  const column = memo<Literal>();
  const norm = (key: string, text: string) => normalised(key, () => normalizeSearchText(text));
  for (const p of plans) {
    const { brand, category: c, label } = p;
    // Normalisation works word by word, so the name's text is the brand's and the label's joined: both
    // repeat across products and are normalised once (same result as normalising the whole name).
    const name = [norm(`b|en|${brand.id}`, brand.en), norm(`l|en|${p.labelKey}`, label.en), norm(`b|ar|${brand.id}`, brand.ar), norm(`l|ar|${p.labelKey}`, label.ar)];
    yield row([
      p.id,
      name.filter(Boolean).join(' '),
      column(`b|${brand.id}`, () => literal(normalizeSearchText(`${brand.en} ${brand.ar}`))),
      column(`c|${c.id}`, () => literal(normalizeSearchText(`${c.en} ${c.parent?.en ?? ''} ${c.ar} ${c.parent?.ar ?? ''}`))),
      column(`i|${ingredientsKey(p)}`, () => {
        const i = ingredients(p);
        return literal(normalizeSearchText(`${i.en} ${i.ar}`));
      }),
      column(`t|${p.type.key}`, () => literal(normalizeSearchText(`${p.type.tags.join(' ')} ${p.type.tags.map((t) => TAGS[t]).join(' ')}`))),
    ]);
  }
}

// ---------------------------------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------------------------------

/**
 * The statements one at a time, in insert order (categories, brands, attributes, products, skus,
 * images, product attributes, nutritionists and their lists, home sections, purchase-together links,
 * giveaways, search index). Lets a runner stream the large catalogue to a file.
 */
export function* catalogueStatements(mode: CatalogueMode): Generator<string> {
  const plans = planProducts(PRODUCT_COUNTS[mode]);
  yield* insertStatements('categories', ['id', 'parent_id', 'slug', 'name_en', 'name_ar', 'color', 'sort_order'], categoryRows());
  yield* insertStatements(
    'brands', ['id', 'slug', 'name_en', 'name_ar', 'color', 'description_en', 'description_ar', 'is_featured', 'sort_order'], brandRows(),
  );
  yield* insertStatements('attributes', ['id', 'group_key', 'slug', 'name_en', 'name_ar', 'sort_order'], attributeRows());
  yield* insertStatements(
    'products',
    [
      'id', 'slug', 'brand_id', 'category_id', 'name_en', 'name_ar', 'description_en', 'description_ar', 'suggested_use_en',
      'suggested_use_ar', 'tags_en', 'tags_ar', 'ingredients_en', 'ingredients_ar', 'warnings_en', 'warnings_ar', 'default_sku_id',
      'free_delivery', 'popularity', 'is_active', 'created_at', 'min_price', 'max_discount', 'in_stock',
    ],
    productRows(plans),
  );
  yield* insertStatements('skus', ['id', 'product_id', 'name_en', 'name_ar', 'price', 'old_price', 'stock', 'buy_limit', 'sort_order'], skuRows(plans));
  yield* insertStatements(
    'product_images', ['id', 'product_id', 'sku_id', 'r2_key', 'alt_en', 'alt_ar', 'width', 'height', 'sort_order'], imageRows(plans),
  );
  yield* insertStatements('product_attributes', ['product_id', 'attribute_id'], productAttributeRows(plans));
  yield* insertStatements(
    'nutritionists',
    ['id', 'slug', 'name_en', 'name_ar', 'title_en', 'title_ar', 'bio_en', 'bio_ar', 'photo_key', 'years_experience', 'sort_order'],
    nutritionistRows(),
  );
  yield* insertStatements('nutritionist_lists', ['id', 'nutritionist_id', 'name_en', 'name_ar', 'sort_order'], nutritionistListRows());
  yield* insertStatements(
    'nutritionist_list_items', ['list_id', 'product_id', 'note_en', 'note_ar', 'sort_order'], nutritionistListItemRows(plans),
  );
  yield* insertStatements('home_sections', ['id', 'type', 'title_en', 'title_ar', 'payload', 'sort_order', 'is_active'], homeSectionRows(plans));
  yield* insertStatements('purchase_together', ['product_id', 'related_product_id', 'sort_order'], purchaseTogetherRows(plans));
  yield* insertStatements('giveaway_items', ['id', 'sku_id', 'min_subtotal', 'title_en', 'title_ar', 'is_active'], giveawayRows(plans));
  yield* insertStatements('product_search', ['rowid', 'name', 'brand', 'category', 'ingredients', 'tags'], searchRows(plans));
  yield* insertStatements('coupons', ['id', 'code', 'kind', 'value', 'min_subtotal_fils', 'max_uses', 'once_per_shopper'], COUPON_ROWS.map(row));
}

// ---------------------------------------------------------------------------------------------------
// Images (decision 11): what the seed renders to WebP and PNG and stores in R2
// ---------------------------------------------------------------------------------------------------

export interface MediaSource {
  kind: MediaKind;
  /** Key without rendition suffix, as the catalogue tables hold it. */
  stem: string;
  /** The artwork at its intrinsic size (RENDITIONS[kind]'s aspect ratio). */
  svg: () => string;
  /** Whether an Open Graph PNG is stored too (all but a product's further pictures). */
  og: boolean;
}

// Each nutritionist a face of their own: colour, skin tone and hair differ from one to the next.
const PORTRAIT_COLORS = ['#0d6b5e', '#1d4ed8', '#b45309', '#7c3aed', '#be123c', '#0e7490', '#4d7c0f', '#9d174d'];
// In NUTRITIONISTS' order: Noura, Khalid, Fatima, Sara, Ahmad, Maryam, Yousef, Huda.
const PORTRAIT_LOOKS: Array<NonNullable<AvatarInput['look']>> = [
  { skin: 1, hair: 'scarf' },
  { skin: 2, hair: 'short' },
  { skin: 0, hair: 'long' },
  { skin: 3, hair: 'scarf' },
  { skin: 4, hair: 'short' },
  { skin: 1, hair: 'long' },
  { skin: 3, hair: 'short' },
  { skin: 2, hair: 'scarf' },
];

export function nutritionistPortrait(index: number): { color: string; look: NonNullable<AvatarInput['look']> } {
  return { color: PORTRAIT_COLORS[index % PORTRAIT_COLORS.length]!, look: PORTRAIT_LOOKS[index % PORTRAIT_LOOKS.length]! };
}

const BANNER_COLORS = ['#0d6b5e', '#1d4ed8', '#b45309', '#7c3aed'];
const TAGLINE: Bi = { en: 'The supplements you need, delivered fast', ar: 'المكملات التي تحتاجها، توصيل سريع' };

/** Every image the catalogue's rows point at, once each (shared packshots too), in a stable order. */
export function* mediaSources(mode: CatalogueMode): Generator<MediaSource> {
  const seen = new Set<string>();
  for (const p of planProducts(PRODUCT_COUNTS[mode])) {
    for (let n = 1; n <= p.imageCount; n++) {
      const stem = imageStem(p, n);
      if (seen.has(stem)) continue;
      seen.add(stem);
      const own = p.id <= PRODUCT_COUNTS.demo;
      const variant = n === 2 ? 2 : 1;
      yield { kind: 'product', stem, og: n === 1, svg: () => packshotSvg({ brand: p.brand.en, name: own ? p.label.en : FORMS[p.form].inName.en, form: p.form, color: p.brand.color, variant }) };
    }
  }
  for (const b of BRANDS) yield { kind: 'logo', stem: `brands/${b.slug}`, og: true, svg: () => logoSvg({ name: b.en, color: b.color }) };
  for (const [i, n] of NUTRITIONISTS.entries()) {
    yield { kind: 'portrait', stem: `nutritionists/${n.slug}`, og: true, svg: () => avatarSvg({ name: n.name.en, ...nutritionistPortrait(i) }) };
  }
  for (const [i, b] of BANNERS.entries()) {
    for (const lang of ['en', 'ar'] as const) {
      const color = BANNER_COLORS[i % BANNER_COLORS.length]!;
      yield { kind: 'banner', stem: `banners/${i + 1}-${lang}`, og: true, svg: () => bannerSvg({ title: b.alt[lang], subtitle: TAGLINE[lang], color, dir: lang === 'ar' ? 'rtl' : 'ltr' }) };
    }
  }
}

/** Demo coupons: a welcome discount once per shopper, a fixed amount over a minimum, a limited one. */
const COUPON_ROWS: Array<Array<string | number | null>> = [
  [1, 'WELCOME10', 'percent', 1000, 0, null, 1],
  [2, 'SAVE2', 'fixed', 2000, 10000, null, 0],
  [3, 'FIRST100', 'percent', 1500, 0, 100, 1],
];

/**
 * All statements for an empty, migrated database, in insert order. Each is one line without a
 * trailing semicolon and at most MAX_STATEMENT_BYTES of UTF-8; run them in order (D1 batch, or join
 * with ";\n" into a file for `wrangler d1 execute --file`).
 */
export function generateCatalogue(mode: CatalogueMode): string[] {
  return Array.from(catalogueStatements(mode));
}
