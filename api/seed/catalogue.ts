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
//
// The parts: settings.ts, data/ (the tables), random.ts, plan.ts (product decisions), texts.ts, rows.ts
// and sql-writer.ts; this module puts them in order and lists the images to render.
import { logoSvg } from '../src/media/logo';
import type { MediaKind } from '../src/media/renditions';
import { avatarSvg, bannerSvg, packshotSvg, type AvatarInput } from '../src/media/svg';
import { type CatalogueMode, PRODUCT_COUNTS } from './settings';
import type { Bi } from './data/categories';
import { FORMS } from './data/product-options';
import { NUTRITIONISTS, BANNERS } from './data/shop-content';
import { row, insertStatements } from './sql-writer';
import { bloodTestRelatedStatements, nurseStatements } from './blood-tests';
import { consultationStatements } from './consultations';
import { quizStatements } from './quiz';
import { BRANDS, planProducts } from './plan';
import {
  categoryRows,
  brandRows,
  attributeRows,
  productCountryPriceRows,
  productRows,
  skuNutrientRows,
  skuCountryPriceRows,
  skuRows,
  imageStem,
  imageRows,
  productAttributeRows,
  nutritionistRows,
  nutritionistListRows,
  nutritionistListItemRows,
  homeSectionRows,
  purchaseTogetherRows,
  promotionRows,
  promotionGiftRows,
  promotionThresholdRows,
  searchRows,
} from './rows';

export { MAX_STATEMENT_BYTES, PRODUCT_COUNTS, type CatalogueMode } from './settings';
export { utf8Length } from './sql-writer';
export { quizStatements } from './quiz';

/**
 * The statements one at a time, in insert order (categories, brands, attributes, products, skus,
 * images, product attributes, nutritionists and their lists, home sections, purchase-together links,
 * giveaway promotions, search index). Lets a runner stream the large catalogue to a file.
 */
export function* catalogueStatements(mode: CatalogueMode): Generator<string> {
  const plans = planProducts(PRODUCT_COUNTS[mode]);
  yield* insertStatements(
    'categories',
    ['id', 'parent_id', 'slug', 'name_en', 'name_ar', 'color', 'sort_order'],
    categoryRows(),
  );
  yield* insertStatements(
    'brands',
    ['id', 'slug', 'name_en', 'name_ar', 'color', 'description_en', 'description_ar', 'is_featured', 'sort_order'],
    brandRows(),
  );
  yield* insertStatements(
    'attributes',
    ['id', 'group_key', 'slug', 'name_en', 'name_ar', 'sort_order'],
    attributeRows(),
  );
  yield* insertStatements(
    'products',
    [
      'id',
      'slug',
      'brand_id',
      'category_id',
      'name_en',
      'name_ar',
      'description_en',
      'description_ar',
      'suggested_use_en',
      'suggested_use_ar',
      'tags_en',
      'tags_ar',
      'ingredients_en',
      'ingredients_ar',
      'warnings_en',
      'warnings_ar',
      'default_sku_id',
      'free_delivery',
      'popularity',
      'is_active',
      'created_at',
      'min_price',
      'max_discount',
      'in_stock',
    ],
    productRows(plans),
  );
  yield* insertStatements(
    'skus',
    [
      'id',
      'product_id',
      'name_en',
      'name_ar',
      'price',
      'old_price',
      'stock',
      'buy_limit',
      'sort_order',
      'pack_units',
      'daily_units',
    ],
    skuRows(plans),
  );
  yield* insertStatements(
    'sku_country_prices',
    ['sku_id', 'country', 'price', 'old_price'],
    skuCountryPriceRows(plans),
  );
  yield* insertStatements(
    'product_country_prices',
    ['product_id', 'country', 'min_price', 'max_discount'],
    productCountryPriceRows(plans),
  );
  yield* insertStatements('sku_nutrients', ['sku_id', 'nutrient', 'amount', 'unit'], skuNutrientRows(plans));
  yield* insertStatements(
    'product_images',
    ['id', 'product_id', 'sku_id', 'r2_key', 'alt_en', 'alt_ar', 'width', 'height', 'sort_order'],
    imageRows(plans),
  );
  yield* insertStatements('product_attributes', ['product_id', 'attribute_id'], productAttributeRows(plans));
  yield* insertStatements(
    'nutritionists',
    [
      'id',
      'slug',
      'name_en',
      'name_ar',
      'title_en',
      'title_ar',
      'bio_en',
      'bio_ar',
      'photo_key',
      'years_experience',
      'sort_order',
      'gender',
      'languages',
      'qualifications_en',
      'qualifications_ar',
    ],
    nutritionistRows(),
  );
  yield* insertStatements(
    'nutritionist_lists',
    ['id', 'nutritionist_id', 'name_en', 'name_ar', 'sort_order'],
    nutritionistListRows(),
  );
  yield* insertStatements(
    'nutritionist_list_items',
    ['list_id', 'product_id', 'note_en', 'note_ar', 'sort_order'],
    nutritionistListItemRows(plans),
  );
  yield* insertStatements(
    'home_sections',
    ['id', 'type', 'title_en', 'title_ar', 'payload', 'sort_order', 'is_active'],
    homeSectionRows(plans),
  );
  yield* insertStatements(
    'purchase_together',
    ['product_id', 'related_product_id', 'sort_order'],
    purchaseTogetherRows(plans),
  );
  yield* insertStatements('promotions', ['id', 'kind', 'name_en', 'name_ar', 'is_active'], promotionRows(plans));
  yield* insertStatements(
    'promotion_thresholds',
    ['promotion_id', 'country', 'min_subtotal_minor'],
    promotionThresholdRows(),
  );
  yield* insertStatements('promotion_gifts', ['promotion_id', 'sku_id', 'sort_order'], promotionGiftRows(plans));
  yield* insertStatements(
    'product_search',
    ['rowid', 'name', 'brand', 'category', 'ingredients', 'tags'],
    searchRows(plans),
  );
  yield* insertStatements(
    'coupons',
    ['id', 'code', 'kind', 'value', 'min_subtotal_fils', 'max_uses', 'once_per_shopper'],
    COUPON_ROWS.map(row),
  );
  // The coupons of both countries' own amounts in each currency (decision 52): SAVE2 is KWD 2 off from
  // KWD 10 in Kuwait and SAR 25 off from SAR 150 in Saudi Arabia; the percent coupons have no minimum.
  yield* insertStatements(
    'coupon_amounts',
    ['coupon_id', 'country', 'value', 'min_subtotal_minor'],
    COUPON_AMOUNT_ROWS.map(row),
  );
  // A Saudi coupon, its amounts in SAR as the back office takes them: 20 SAR off from 150 SAR.
  yield* insertStatements(
    'coupons',
    ['id', 'code', 'kind', 'value', 'min_subtotal_fils', 'country', 'currency'],
    [row([4, 'RIYADH20', 'fixed', 2000, 15000, 'SA', 'SAR'])],
  );
  // The blood-test catalogue comes with migration 0020; its suggested supplements are this catalogue's.
  yield* bloodTestRelatedStatements(plans);
  yield* nurseStatements();
  // What each nutritionist offers and when (issue 46).
  yield* consultationStatements();
  // The supplement quiz's first version, active.
  yield* quizStatements();
}

// Images (decision 11): what the seed renders to WebP and PNG and stores in R2

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
  return {
    color: PORTRAIT_COLORS[index % PORTRAIT_COLORS.length]!,
    look: PORTRAIT_LOOKS[index % PORTRAIT_LOOKS.length]!,
  };
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
      yield {
        kind: 'product',
        stem,
        og: n === 1,
        svg: () =>
          packshotSvg({
            brand: p.brand.en,
            name: own ? p.label.en : FORMS[p.form].inName.en,
            form: p.form,
            color: p.brand.color,
            variant,
          }),
      };
    }
  }
  for (const b of BRANDS)
    yield { kind: 'logo', stem: `brands/${b.slug}`, og: true, svg: () => logoSvg({ name: b.en, color: b.color }) };
  for (const [i, n] of NUTRITIONISTS.entries()) {
    yield {
      kind: 'portrait',
      stem: `nutritionists/${n.slug}`,
      og: true,
      svg: () => avatarSvg({ name: n.name.en, ...nutritionistPortrait(i) }),
    };
  }
  for (const [i, b] of BANNERS.entries()) {
    for (const lang of ['en', 'ar'] as const) {
      const color = BANNER_COLORS[i % BANNER_COLORS.length]!;
      yield {
        kind: 'banner',
        stem: `banners/${i + 1}-${lang}`,
        og: true,
        svg: () =>
          bannerSvg({ title: b.alt[lang], subtitle: TAGLINE[lang], color, dir: lang === 'ar' ? 'rtl' : 'ltr' }),
      };
    }
  }
}

/** Demo coupons: a welcome discount once per shopper, a fixed amount over a minimum, a limited one. */
const COUPON_AMOUNT_ROWS: Array<Array<string | number>> = [
  [1, 'KW', 0, 0],
  [1, 'SA', 0, 0],
  [2, 'KW', 2000, 10000],
  [2, 'SA', 2500, 15000],
  [3, 'KW', 0, 0],
  [3, 'SA', 0, 0],
];

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
