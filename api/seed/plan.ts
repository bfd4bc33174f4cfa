// The fixed tables' ids and the product plans: every product decision, made once, before any SQL.
import { BASE_TIMESTAMP, DAY_MS } from './settings';
import { type Bi, CATEGORY_TREE } from './data/categories';
import { BRAND_DATA } from './data/brands';
import {
  type FormKey,
  type DietKey,
  type FlavourKey,
  type SizeKey,
  FORMS,
  DIETS,
  FLAVOURS,
  SIZES,
  ATTRIBUTE_GROUPS,
  type Variant,
} from './data/product-options';
import { type ProductType, PRODUCT_TYPES } from './data/product-types';
import { LINES } from './data/shop-content';
import { kebab, type Rng, rngFor, STREAM, pick, shuffle, roundTo, at } from './random';

// Ids of the fixed tables

export interface Category extends Bi {
  id: number;
  parentId: number | null;
  slug: string;
  color: string;
  sortOrder: number;
  parent: (Bi & { id: number }) | null;
}

/** Parents 1–5 first, then their children 6–15, so parent_id always points backwards. */
export function buildCategories(): Category[] {
  const tops: Category[] = CATEGORY_TREE.map((c, i) => ({
    id: i + 1,
    parentId: null,
    slug: c.slug,
    en: c.en,
    ar: c.ar,
    color: c.color,
    sortOrder: i + 1,
    parent: null,
  }));
  const children: Category[] = [];
  CATEGORY_TREE.forEach((c, i) => {
    const parent = at(tops, i);
    c.children.forEach((child, j) => {
      children.push({
        id: tops.length + children.length + 1,
        parentId: parent.id,
        slug: child.slug,
        en: child.en,
        ar: child.ar,
        color: child.color,
        sortOrder: j + 1,
        parent: { id: parent.id, en: parent.en, ar: parent.ar },
      });
    });
  });
  return [...tops, ...children];
}

export const CATEGORIES = buildCategories();
const CATEGORY_BY_SLUG = new Map(CATEGORIES.map((c) => [c.slug, c]));
export function category(slug: string): Category {
  const c = CATEGORY_BY_SLUG.get(slug);
  if (!c) throw new Error(`unknown category ${slug}`);
  return c;
}

export const BRANDS = BRAND_DATA.map((b, i) => ({ ...b, id: i + 1 }));
type Brand = (typeof BRANDS)[number];

export const ATTRIBUTES = ATTRIBUTE_GROUPS.flatMap((g) => g.entries.map((e) => ({ group: g.group, ...e })));
const ATTRIBUTE_ID = new Map(ATTRIBUTES.map((a, i) => [a.slug, i + 1]));
export function attributeId(slug: string): number {
  const id = ATTRIBUTE_ID.get(slug);
  if (id === undefined) throw new Error(`unknown attribute ${slug}`);
  return id;
}

export const TYPE_BY_KEY = new Map(PRODUCT_TYPES.map((t) => [t.key, t]));

// Product plans: every product decision, made once, before any SQL is written

/** A type at one strength in one form; products are combos made by a brand. */
interface Combo {
  type: ProductType;
  variant: Variant;
  form: FormKey;
  brands: Brand[];
  brandOffset: number;
}

export interface SkuPlan {
  id: number;
  size: SizeKey;
  name: Bi;
  price: number;
  oldPrice: number | null;
  stock: number;
  buyLimit: number | null;
}

export interface ProductPlan {
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
      for (const form of type.forms)
        combos.push({ type, variant, form, brands, brandOffset: Math.floor(rng() * brands.length) });
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
    if (d === 'sugar-free')
      return form !== 'gummy' && (flavour === null || flavour === 'unflavoured' || form === 'powder');
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
function productLabel(
  line: Bi | null,
  type: ProductType,
  variant: Variant,
  form: FormKey,
  flavour: FlavourKey | null,
): Bi {
  const showFlavour = flavour !== null && flavour !== 'unflavoured';
  const en = [line?.en, type.name.en, variant.en, showFlavour ? FLAVOURS[flavour].en : '', FORMS[form].inName.en];
  const ar = [
    line?.ar,
    type.name.ar,
    variant.ar,
    FORMS[form].inName.ar,
    showFlavour ? `بنكهة ${FLAVOURS[flavour].inName}` : '',
  ];
  return { en: en.filter(Boolean).join(' '), ar: ar.filter(Boolean).join(' ') };
}

function skuName(size: SizeKey, form: FormKey): Bi {
  const s = SIZES[size];
  if (!s.counted) return { en: s.en, ar: s.ar };
  return { en: `${s.qty} ${FORMS[form].unit.en}`, ar: `${s.qty} ${FORMS[form].unit.ar}` };
}

/** Shelf price in fils: multiples of 250, a third of them "charm" prices ending in .950 or .450 etc. */
function skuPrice(
  rng: Rng,
  type: ProductType,
  variant: Variant,
  brand: Brand,
  sizes: SizeKey[],
  size: SizeKey,
): number {
  const base = SIZES[at(sizes, 0)].qty;
  const packFactor = (SIZES[size].qty / base) ** 0.85; // bigger packs cost less per unit
  const raw = type.basePrice * variant.factor * brand.priceFactor * packFactor * (0.92 + rng() * 0.16);
  let price = roundTo(Math.min(25_000, Math.max(2_500, raw)), 250);
  if (rng() < 0.35 && price - 50 >= 2_500) price -= 50;
  return price;
}

export function planProducts(count: number): ProductPlan[] {
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
    const slug = [
      brand.slug,
      line?.slug,
      type.key,
      variant.slug,
      kebab(FORMS[form].inName.en),
      edition ? String(edition + 1) : '',
    ]
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
      id,
      slug,
      brand,
      type,
      variant,
      form,
      category: category(type.category),
      name: { en: `${brand.en} ${label.en}`, ar: `${brand.ar} ${label.ar}` },
      label,
      labelKey: [line?.slug, type.key, variant.slug, form, flavour].join('|'),
      flavour,
      diets,
      skus,
      imageCount: rng() < 0.6 ? 2 : 1,
      popularity,
      freeDelivery: rng() < 0.88 ? 1 : 0,
      createdAt,
    });
  }
  return plans;
}

// Denormalised columns, kept in step with the SKUs (see the products table comment).
export const minPrice = (p: ProductPlan) => Math.min(...p.skus.map((s) => s.price));
export const maxDiscount = (p: ProductPlan) =>
  Math.max(0, ...p.skus.map((s) => (s.oldPrice === null ? 0 : s.oldPrice - s.price)));
export const inStock = (p: ProductPlan) => (p.skus.some((s) => s.stock > 0) ? 1 : 0);
export const defaultSku = (p: ProductPlan) => at(p.skus, 0);
