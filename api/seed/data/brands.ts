// The brands of the demo shop (fictional) and the aisles each one sells in.
import { type Bi, type ChildKey, SPORTS, ALL_HEALTH } from './categories';

export interface BrandDef extends Bi {
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
export const BRAND_DATA: BrandDef[] = [
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
