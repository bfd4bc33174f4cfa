// The rows of each table, from the data tables and the product plans.
import { normalizeSearchText } from '#shared/search/normalize';
import { RENDITIONS } from '../src/media/renditions';
import { PRODUCT_COUNTS } from './settings';
import type { Bi, ChildKey } from './data/categories';
import { FORMS, SIZES, TAGS } from './data/product-options';
import { CONSULTATION_PROFILES } from './data/consultations';
import { NUTRITIONISTS, COMPLEMENTS, BANNERS } from './data/shop-content';
import { rngFor, STREAM, pick } from './random';
import { type Literal, literal, memo, type SqlRow, row } from './sql-writer';
import { CORE, type CountryCode, ownPricedCountries } from '#shared/countries';
import {
  CATEGORIES,
  category,
  BRANDS,
  ATTRIBUTES,
  attributeId,
  TYPE_BY_KEY,
  type SkuPlan,
  type ProductPlan,
  minPrice,
  maxDiscount,
  inStock,
  defaultSku,
} from './plan';
import { ingredients, description, suggestedUse, warnings, tags } from './texts';

export function* categoryRows(): Generator<SqlRow> {
  for (const c of CATEGORIES) yield row([c.id, c.parentId, c.slug, c.en, c.ar, c.color, c.sortOrder]);
}

export function* brandRows(): Generator<SqlRow> {
  for (const b of BRANDS) {
    yield row([b.id, b.slug, b.en, b.ar, b.color, b.description.en, b.description.ar, b.featured ? 1 : 0, b.id]);
  }
}

export function* attributeRows(): Generator<SqlRow> {
  const order = new Map<string, number>();
  for (const [i, a] of ATTRIBUTES.entries()) {
    const n = (order.get(a.group) ?? 0) + 1; // sort order within the group
    order.set(a.group, n);
    yield row([i + 1, a.group, a.slug, a.en, a.ar, n]);
  }
}

/** What a product's ingredients depend on. */
const ingredientsKey = (p: ProductPlan) => `${p.type.key}|${p.variant.slug}|${p.form}|${p.flavour ?? ''}`;

export function* productRows(plans: ProductPlan[]): Generator<SqlRow> {
  const cached = memo<[Literal, Literal]>();
  const texts = (key: string, make: () => Bi) =>
    cached(key, () => {
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
      p.id,
      p.slug,
      p.brand.id,
      p.category.id,
      p.name.en,
      p.name.ar,
      ...d,
      ...u,
      ...t,
      ...i,
      ...w,
      defaultSku(p).id,
      p.freeDelivery,
      p.popularity,
      1,
      p.createdAt,
      minPrice(p),
      maxDiscount(p),
      inStock(p),
    ]);
  }
}

export function* skuRows(plans: ProductPlan[]): Generator<SqlRow> {
  for (const p of plans) {
    for (const [i, s] of p.skus.entries()) {
      // Counted packs have a known supply: so many units, the type's units a day (subscribe and save).
      const size = SIZES[s.size];
      yield row([
        s.id,
        p.id,
        s.name.en,
        s.name.ar,
        s.price,
        s.oldPrice,
        s.stock,
        s.buyLimit,
        i + 1,
        size.counted ? size.qty : null,
        size.counted ? (p.type.dailyUnits ?? FORMS[p.form].dailyUnits ?? 1) : null,
      ]);
    }
  }
}

/**
 * The demo's own prices of the countries whose owner sets them (pricing 'own', issue 77): what the owner
 * of a Gulf shop would type, each SKU's KWD price at about the day's rate with VAT, rounded to a whole
 * unit of the country's currency (never a converted price shown to fils). A factor a country.
 */
const OWN_PRICE_FACTORS: Partial<Record<CountryCode, number>> = { AE: 12.55 };

function ownPrice(fils: number, country: CountryCode): number {
  return Math.max(1, Math.round((fils / 1000) * OWN_PRICE_FACTORS[country]!)) * 10 ** CORE[country].decimals;
}

/** Each own-priced country's price of each SKU (sku_country_prices); an old price only where it stays above. */
export function* skuCountryPriceRows(plans: ProductPlan[]): Generator<SqlRow> {
  for (const country of ownPricedCountries().filter((c) => OWN_PRICE_FACTORS[c]))
    for (const p of plans)
      for (const s of p.skus) {
        const price = ownPrice(s.price, country);
        const old = s.oldPrice === null ? null : ownPrice(s.oldPrice, country);
        yield row([s.id, country, price, old !== null && old > price ? old : null]);
      }
}

/** An own-priced country's listing columns of each product (product_country_prices), as maintain.ts makes them. */
export function* productCountryPriceRows(plans: ProductPlan[]): Generator<SqlRow> {
  for (const country of ownPricedCountries().filter((c) => OWN_PRICE_FACTORS[c]))
    for (const p of plans) {
      const prices = p.skus.map((s) => {
        const price = ownPrice(s.price, country);
        const old = s.oldPrice === null ? null : ownPrice(s.oldPrice, country);
        return { price, discount: old !== null && old > price ? old - price : 0 };
      });
      yield row([
        p.id,
        country,
        Math.min(...prices.map((x) => x.price)),
        Math.max(0, ...prices.map((x) => x.discount)),
      ]);
    }
}

/** Each SKU's daily dose of each nutrient its strength states (sku_nutrients, read by the results suggestion rules). */
export function* skuNutrientRows(plans: ProductPlan[]): Generator<SqlRow> {
  for (const p of plans) {
    for (const s of p.skus) {
      for (const d of p.variant.doses ?? []) yield row([s.id, d.nutrient, d.amount, d.unit]);
    }
  }
}

/**
 * The stored image a product shows (decision 11): the demo's products have packshots of their own;
 * the large catalogue's others share one per brand, form and view, so the bench renders a few hundred
 * images instead of 100 000.
 */
export function imageStem(p: ProductPlan, n: number): string {
  return p.id <= PRODUCT_COUNTS.demo ? `products/${p.slug}/${n}` : `packshots/${p.brand.slug}/${p.form}/${n}`;
}

export function* imageRows(plans: ProductPlan[]): Generator<SqlRow> {
  let id = 0;
  const { width, height } = RENDITIONS.product;
  for (const p of plans) {
    for (let n = 1; n <= p.imageCount; n++) {
      const alt = n === 1 ? p.name : { en: `${p.name.en} – label`, ar: `${p.name.ar} – الملصق` };
      yield row([++id, p.id, null, imageStem(p, n), alt.en, alt.ar, width, height, n]);
    }
  }
}

export function* productAttributeRows(plans: ProductPlan[]): Generator<SqlRow> {
  for (const p of plans) {
    const slugs: string[] = [p.form, ...p.diets, ...(p.flavour ? [p.flavour] : []), ...p.skus.map((s) => s.size)];
    for (const slug of new Set(slugs)) yield row([p.id, attributeId(slug)]);
  }
}

export function* nutritionistRows(): Generator<SqlRow> {
  for (const [i, n] of NUTRITIONISTS.entries()) {
    yield row([
      i + 1,
      n.slug,
      n.name.en,
      n.name.ar,
      n.title.en,
      n.title.ar,
      n.bio.en,
      n.bio.ar,
      `nutritionists/${n.slug}`,
      n.years,
      i + 1,
      CONSULTATION_PROFILES[i]!.gender,
      CONSULTATION_PROFILES[i]!.languages,
      CONSULTATION_PROFILES[i]!.qualifications.en,
      CONSULTATION_PROFILES[i]!.qualifications.ar,
    ]);
  }
}

export function* nutritionistListRows(): Generator<SqlRow> {
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

export function* nutritionistListItemRows(plans: ProductPlan[]): Generator<SqlRow> {
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

export function* homeSectionRows(plans: ProductPlan[]): Generator<SqlRow> {
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
export function* purchaseTogetherRows(plans: ProductPlan[]): Generator<SqlRow> {
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

/**
 * Giveaways (decision 33): free-gift promotions from a cart subtotal, one gift SKU each, with the cart
 * total of each country in its own currency as paid (decision 52): KWD 20 and SAR 250, KWD 35 and SAR 400.
 */
const GIFT_THRESHOLDS: Array<[string, { KW: number; SA: number }]> = [
  ['vitamin-c', { KW: 20_000, SA: 25_000 }],
  ['omega-3-fish-oil', { KW: 35_000, SA: 40_000 }],
];

export function* promotionRows(plans: ProductPlan[]): Generator<SqlRow> {
  for (const [i, [typeKey]] of GIFT_THRESHOLDS.entries()) {
    const { plan, sku } = cheapestSku(plans, typeKey);
    yield row([
      i + 1,
      'gift_threshold',
      `Free gift: ${plan.name.en} (${sku.name.en})`,
      `هدية مجانية: ${plan.name.ar} (${sku.name.ar})`,
      1,
    ]);
  }
}

export function* promotionThresholdRows(): Generator<SqlRow> {
  for (const [i, [, amounts]] of GIFT_THRESHOLDS.entries())
    for (const country of ['KW', 'SA'] as const) yield row([i + 1, country, amounts[country]]);
}

export function* promotionGiftRows(plans: ProductPlan[]): Generator<SqlRow> {
  for (const [i, [typeKey]] of GIFT_THRESHOLDS.entries()) yield row([i + 1, cheapestSku(plans, typeKey).sku.id, 0]);
}

export function* searchRows(plans: ProductPlan[]): Generator<SqlRow> {
  const normalised = memo<string>();
  const column = memo<Literal>();
  const norm = (key: string, text: string) => normalised(key, () => normalizeSearchText(text));
  for (const p of plans) {
    const { brand, category: c, label } = p;
    // The name column holds the product's own name (the label), without the brand: the brand has its
    // own column, so a product found only through its brand's name ranks after the products the words
    // name (decision 23). Labels repeat across products and are normalised once.
    const name = [norm(`l|en|${p.labelKey}`, label.en), norm(`l|ar|${p.labelKey}`, label.ar)];
    yield row([
      p.id,
      name.filter(Boolean).join(' '),
      column(`b|${brand.id}`, () => literal(normalizeSearchText(`${brand.en} ${brand.ar}`))),
      column(`c|${c.id}`, () =>
        literal(normalizeSearchText(`${c.en} ${c.parent?.en ?? ''} ${c.ar} ${c.parent?.ar ?? ''}`)),
      ),
      column(`i|${ingredientsKey(p)}`, () => {
        const i = ingredients(p);
        return literal(normalizeSearchText(`${i.en} ${i.ar}`));
      }),
      column(`t|${p.type.key}`, () =>
        literal(normalizeSearchText(`${p.type.tags.join(' ')} ${p.type.tags.map((t) => TAGS[t]).join(' ')}`)),
      ),
    ]);
  }
}
