// Forms, diets, flavours, sizes, filter attributes, tags and strength variants of the products.
import type { Bi } from './categories';
import { kebab } from '../random';
import type { Dose, DoseUnit, Nutrient } from '#shared/blood-tests/upper-limits';

export type FormKey = 'capsule' | 'softgel' | 'tablet' | 'gummy' | 'powder' | 'liquid' | 'chewable';
export type DietKey = 'vegan' | 'vegetarian' | 'gluten-free' | 'sugar-free' | 'halal' | 'non-gmo';
export type FlavourKey = 'unflavoured' | 'orange' | 'berry' | 'chocolate' | 'vanilla' | 'lemon';
export type SizeKey =
  | '30-count'
  | '60-count'
  | '90-count'
  | '120-count'
  | '250-g'
  | '500-g'
  | '1-kg'
  | '100-ml'
  | '250-ml';

export interface FormDef {
  /** Attribute name (singular, as a filter label). */
  name: Bi;
  /** As it ends a product name: "… Softgels" / "… كبسولات جيلاتينية". */
  inName: Bi;
  /** Unit in a counted SKU name: "60 softgels" / "60 كبسولة جيلاتينية" (Arabic counts 11–99 take the singular). */
  unit: Bi;
  /** Start of the suggested use, the label's dose; the product's timing follows. */
  use: Bi;
  /** The same for a product whose dose is two units a day (ProductType.dailyUnits). */
  use2?: Bi;
  /** Units the form's `use` takes a day, when not 1: the pack's supply follows from it (subscribe and save). */
  dailyUnits?: number;
  defaultTiming: Bi;
  /** Default flavours when the form is flavoured (gummies, powders …); null = never flavoured. */
  flavours: FlavourKey[] | null;
}

const WITH_MEAL: Bi = { en: 'with a meal', ar: 'مع الوجبة' };

export const FORMS: Record<FormKey, FormDef> = {
  capsule: {
    name: { en: 'Capsule', ar: 'كبسولة' },
    inName: { en: 'Capsules', ar: 'كبسولات' },
    unit: { en: 'capsules', ar: 'كبسولة' },
    use: { en: 'Take 1 capsule daily', ar: 'تناول كبسولة واحدة يومياً' },
    use2: { en: 'Take 2 capsules daily', ar: 'تناول كبسولتين يومياً' },
    defaultTiming: WITH_MEAL,
    flavours: null,
  },
  softgel: {
    name: { en: 'Softgel', ar: 'كبسولة جيلاتينية' },
    inName: { en: 'Softgels', ar: 'كبسولات جيلاتينية' },
    unit: { en: 'softgels', ar: 'كبسولة جيلاتينية' },
    use: { en: 'Take 1 softgel daily', ar: 'تناول كبسولة جيلاتينية واحدة يومياً' },
    use2: { en: 'Take 2 softgels daily', ar: 'تناول كبسولتين جيلاتينيتين يومياً' },
    defaultTiming: WITH_MEAL,
    flavours: null,
  },
  tablet: {
    name: { en: 'Tablet', ar: 'قرص' },
    inName: { en: 'Tablets', ar: 'أقراص' },
    unit: { en: 'tablets', ar: 'قرص' },
    use: { en: 'Take 1 tablet daily', ar: 'تناول قرصاً واحداً يومياً' },
    use2: { en: 'Take 2 tablets daily', ar: 'تناول قرصين يومياً' },
    defaultTiming: WITH_MEAL,
    flavours: null,
  },
  gummy: {
    name: { en: 'Gummy', ar: 'حلوى مطاطية' },
    inName: { en: 'Gummies', ar: 'حلوى مطاطية' },
    unit: { en: 'gummies', ar: 'حبة مطاطية' },
    use: { en: 'Chew 2 gummies daily', ar: 'امضغ حبتين من الحلوى المطاطية يومياً' },
    dailyUnits: 2,
    defaultTiming: WITH_MEAL,
    flavours: ['orange', 'berry', 'lemon'],
  },
  powder: {
    name: { en: 'Powder', ar: 'مسحوق' },
    inName: { en: 'Powder', ar: 'مسحوق' },
    unit: { en: 'powder', ar: 'مسحوق' },
    use: { en: 'Mix 1 scoop with 250 ml of water', ar: 'امزج مغرفة واحدة مع 250 مل من الماء' },
    defaultTiming: { en: 'once daily', ar: 'مرة واحدة يومياً' },
    flavours: ['unflavoured'],
  },
  liquid: {
    name: { en: 'Liquid', ar: 'سائل' },
    inName: { en: 'Liquid', ar: 'سائل' },
    unit: { en: 'liquid', ar: 'سائل' },
    use: { en: 'Take 5 ml daily', ar: 'تناول 5 مل يومياً' },
    defaultTiming: WITH_MEAL,
    flavours: ['unflavoured', 'lemon', 'orange', 'berry'],
  },
  chewable: {
    name: { en: 'Chewable', ar: 'قابل للمضغ' },
    inName: { en: 'Chewable Tablets', ar: 'أقراص قابلة للمضغ' },
    unit: { en: 'chewable tablets', ar: 'قرص للمضغ' },
    use: { en: 'Chew 1 tablet daily', ar: 'امضغ قرصاً واحداً يومياً' },
    use2: { en: 'Chew 2 tablets daily', ar: 'امضغ قرصين يومياً' },
    defaultTiming: WITH_MEAL,
    flavours: ['orange', 'berry'],
  },
};

export const DIETS: Record<DietKey, Bi> = {
  vegan: { en: 'Vegan', ar: 'نباتي صرف' },
  vegetarian: { en: 'Vegetarian', ar: 'نباتي' },
  'gluten-free': { en: 'Gluten-Free', ar: 'خالٍ من الغلوتين' },
  'sugar-free': { en: 'Sugar-Free', ar: 'خالٍ من السكر' },
  halal: { en: 'Halal', ar: 'حلال' },
  'non-gmo': { en: 'Non-GMO', ar: 'غير معدّل وراثياً' },
};

/** Flavours; `inName` is the Arabic form used after "بنكهة" ("with the taste of"). */
export const FLAVOURS: Record<FlavourKey, Bi & { inName: string }> = {
  unflavoured: { en: 'Unflavoured', ar: 'بدون نكهة', inName: '' },
  orange: { en: 'Orange', ar: 'برتقال', inName: 'البرتقال' },
  berry: { en: 'Berry', ar: 'توت', inName: 'التوت' },
  chocolate: { en: 'Chocolate', ar: 'شوكولاتة', inName: 'الشوكولاتة' },
  vanilla: { en: 'Vanilla', ar: 'فانيليا', inName: 'الفانيليا' },
  lemon: { en: 'Lemon', ar: 'ليمون', inName: 'الليمون' },
};

export interface SizeDef extends Bi {
  /** Quantity in the size's own unit: drives pack pricing. */
  qty: number;
  /** Counted sizes take the form's unit in SKU names ("60 softgels"); weights and volumes stand alone. */
  counted: boolean;
}

// The brief's sizes plus two volumes, because liquids (syrups, oils) are sold by the millilitre.
export const SIZES: Record<SizeKey, SizeDef> = {
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

export const ATTRIBUTE_GROUPS = [
  { group: 'form', entries: Object.entries(FORMS).map(([slug, f]) => ({ slug, ...f.name })) },
  { group: 'diet', entries: Object.entries(DIETS).map(([slug, d]) => ({ slug, ...d })) },
  { group: 'flavour', entries: Object.entries(FLAVOURS).map(([slug, f]) => ({ slug, en: f.en, ar: f.ar })) },
  { group: 'size', entries: Object.entries(SIZES).map(([slug, s]) => ({ slug, en: s.en, ar: s.ar })) },
] as const;

export const TAGS = {
  immunity: 'المناعة',
  bones: 'العظام',
  energy: 'الطاقة',
  heart: 'القلب',
  brain: 'الدماغ',
  focus: 'التركيز',
  sleep: 'النوم',
  stress: 'التوتر',
  muscle: 'العضلات',
  recovery: 'الاستشفاء',
  digestion: 'الهضم',
  joints: 'المفاصل',
  skin: 'البشرة',
  hair: 'الشعر',
  nails: 'الأظافر',
  pregnancy: 'الحمل',
  kids: 'الأطفال',
  men: 'الرجال',
  women: 'النساء',
  antioxidant: 'مضادات الأكسدة',
  hydration: 'الترطيب',
  blood: 'الدم',
  liver: 'الكبد',
  performance: 'الأداء',
  'healthy-ageing': 'الشيخوخة الصحية',
  growth: 'النمو',
  eyes: 'العيون',
} as const;
export type TagKey = keyof typeof TAGS;

export interface Variant extends Bi {
  slug: string;
  /** Price relative to the type's base strength. */
  factor: number;
  /**
   * The daily dose of each nutrient the label states (one serving a day), written to sku_nutrients for
   * every SKU of the product: the suggestion rules offer only products with a known dose.
   */
  doses?: Dose[];
}

/** A strength, e.g. v('1000 IU', '1000 وحدة دولية'), with its daily doses where rules may offer it. */
export function v(en: string, ar: string, factor = 1, doses?: Dose[]): Variant {
  return { slug: kebab(en), en, ar, factor, ...(doses ? { doses } : {}) };
}

/** A daily dose, e.g. dose('vitamin-d', '1000', 'IU'). */
export function dose(nutrient: Nutrient, amount: string, unit: DoseUnit): Dose {
  return { nutrient, amount, unit };
}

/** For products sold without a strength in their name (blends, proteins). */
export const NO_VARIANT: Variant = { slug: '', en: '', ar: '', factor: 1 };
