// The category tree: five departments with two aisles each.

export interface Bi {
  en: string;
  ar: string;
}

type TopKey = 'vitamins' | 'minerals' | 'sports-nutrition' | 'herbs-natural' | 'beauty-wellness';
export type ChildKey =
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

export interface CategoryDef extends Bi {
  slug: TopKey;
  color: string;
  children: Array<Bi & { slug: ChildKey; color: string }>;
}

// Five departments with two aisles each; products always sit in an aisle (a child category).
export const CATEGORY_TREE: CategoryDef[] = [
  {
    slug: 'vitamins',
    en: 'Vitamins',
    ar: 'فيتامينات',
    color: '#F4A51C',
    children: [
      { slug: 'multivitamins', en: 'Multivitamins', ar: 'فيتامينات متعددة', color: '#F6C344' },
      { slug: 'single-vitamins', en: 'Single Vitamins', ar: 'فيتامينات فردية', color: '#E8871E' },
    ],
  },
  {
    slug: 'minerals',
    en: 'Minerals',
    ar: 'معادن',
    color: '#4A90C2',
    children: [
      { slug: 'essential-minerals', en: 'Essential Minerals', ar: 'معادن أساسية', color: '#6FB1E0' },
      { slug: 'bone-joint', en: 'Bone & Joint', ar: 'العظام والمفاصل', color: '#2F6F9F' },
    ],
  },
  {
    slug: 'sports-nutrition',
    en: 'Sports Nutrition',
    ar: 'التغذية الرياضية',
    color: '#D64545',
    children: [
      { slug: 'protein', en: 'Protein', ar: 'البروتين', color: '#E57373' },
      { slug: 'performance-recovery', en: 'Performance & Recovery', ar: 'الأداء والاستشفاء', color: '#A83232' },
    ],
  },
  {
    slug: 'herbs-natural',
    en: 'Herbs & Natural',
    ar: 'أعشاب وطبيعي',
    color: '#4CAF50',
    children: [
      { slug: 'herbal-extracts', en: 'Herbal Extracts', ar: 'مستخلصات عشبية', color: '#7CB342' },
      { slug: 'omega-fish-oil', en: 'Omega & Fish Oil', ar: 'أوميغا 3 وزيت السمك', color: '#1E88A8' },
    ],
  },
  {
    slug: 'beauty-wellness',
    en: 'Beauty & Wellness',
    ar: 'الجمال والعناية',
    color: '#C2185B',
    children: [
      { slug: 'hair-skin-nails', en: 'Hair, Skin & Nails', ar: 'الشعر والبشرة والأظافر', color: '#E91E8C' },
      { slug: 'general-wellness', en: 'General Wellness', ar: 'الصحة العامة', color: '#8E6CC8' },
    ],
  },
];

export const SPORTS: ChildKey[] = ['protein', 'performance-recovery'];
export const ALL_HEALTH: ChildKey[] = [
  'multivitamins',
  'single-vitamins',
  'essential-minerals',
  'bone-joint',
  'herbal-extracts',
  'omega-fish-oil',
  'hair-skin-nails',
  'general-wellness',
];
