import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeSearchText } from '#shared/search/normalize';
import { SKIN_TONES } from '../src/media/svg';
import { generateCatalogue, MAX_STATEMENT_BYTES, mediaSources, PRODUCT_COUNTS } from './catalogue';

// The statements are read back with a tiny parser for the INSERT … VALUES form the generator writes,
// so the tests check the SQL itself (quoting included), not the generator's internals.
type Value = string | number | null;
type Row = Record<string, Value>;

const HEAD = /^INSERT INTO (\w+) \(([^)]*)\) VALUES /;

function parseRows(statement: string, columns: string[], start: number): Row[] {
  const rows: Row[] = [];
  let i = start;
  const fail = (what: string) => new Error(`${what} at ${i}: ${statement.slice(Math.max(0, i - 40), i + 40)}`);
  while (i < statement.length) {
    if (statement[i] !== '(') throw fail('expected (');
    i++;
    const values: Value[] = [];
    for (;;) {
      if (statement[i] === "'") {
        let text = '';
        i++;
        for (;;) {
          const q = statement.indexOf("'", i);
          if (q < 0) throw fail('unterminated string');
          text += statement.slice(i, q);
          if (statement[q + 1] === "'") {
            text += "'";
            i = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
        values.push(text);
      } else if (statement.startsWith('NULL', i)) {
        values.push(null);
        i += 4;
      } else {
        const m = /^-?\d+/.exec(statement.slice(i, i + 24));
        if (!m) throw fail('expected a value');
        values.push(Number(m[0]));
        i += m[0].length;
      }
      if (statement[i] === ',') i++;
      else if (statement[i] === ')') {
        i++;
        break;
      } else throw fail('expected , or )');
    }
    if (values.length !== columns.length) throw fail(`row has ${values.length} values for ${columns.length} columns`);
    rows.push(Object.fromEntries(columns.map((c, k) => [c, values[k]!])));
    if (i < statement.length) {
      if (statement[i] !== ',') throw fail('expected , between rows');
      i++;
    }
  }
  return rows;
}

/** Rows per table. */
function parseCatalogue(statements: string[]): Map<string, Row[]> {
  const tables = new Map<string, Row[]>();
  for (const s of statements) {
    const head = HEAD.exec(s);
    if (!head) throw new Error(`not an INSERT: ${s.slice(0, 80)}`);
    const table = head[1]!;
    const rows = tables.get(table) ?? [];
    rows.push(...parseRows(s, head[2]!.split(','), head[0].length));
    tables.set(table, rows);
  }
  return tables;
}

function rowsOf(tables: Map<string, Row[]>, table: string): Row[] {
  return tables.get(table) ?? [];
}

const num = (v: Value | undefined): number => {
  if (typeof v !== 'number') throw new Error(`expected a number, got ${String(v)}`);
  return v;
};
const str = (v: Value | undefined): string => {
  if (typeof v !== 'string') throw new Error(`expected a string, got ${String(v)}`);
  return v;
};

const ARABIC = /[\u0600-\u06FF]/;
const HEX = /^#[0-9A-F]{6}$/i;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const encoder = new TextEncoder();

describe('demo catalogue', () => {
  let statements: string[];
  let db: Map<string, Row[]>;
  beforeAll(() => {
    statements = generateCatalogue('demo');
    db = parseCatalogue(statements);
  });
  const t = (table: string) => rowsOf(db, table);

  it('is deterministic', () => {
    expect(generateCatalogue('demo')).toEqual(statements);
  });

  it('keeps every statement within the D1 limit', () => {
    for (const s of statements) {
      expect(s.length).toBeLessThanOrEqual(90_000);
      expect(encoder.encode(s).length).toBeLessThanOrEqual(MAX_STATEMENT_BYTES);
    }
  });

  it('has the expected counts', () => {
    expect(t('products').length).toBe(PRODUCT_COUNTS.demo);
    expect(t('products').length).toBeGreaterThanOrEqual(300);
    expect(t('skus').length).toBeGreaterThanOrEqual(450);
    expect(t('brands')).toHaveLength(25);
    expect(t('categories')).toHaveLength(15);
    expect(t('nutritionists')).toHaveLength(8);
    expect(t('nutritionist_lists')).toHaveLength(16);
    expect(t('home_sections')).toHaveLength(7);
    expect(t('promotions')).toHaveLength(2);
    expect(t('promotion_gifts')).toHaveLength(2);
    expect(t('product_search')).toHaveLength(t('products').length);
    expect(db.has('search_terms')).toBe(false);
  });

  it('numbers every table 1…n', () => {
    for (const table of [
      'categories',
      'brands',
      'attributes',
      'products',
      'skus',
      'product_images',
      'nutritionists',
      'nutritionist_lists',
      'home_sections',
    ]) {
      expect(t(table).map((r) => r.id)).toEqual(t(table).map((_, i) => i + 1));
    }
  });

  it('has two category levels with parents first, distinct colours and kebab slugs', () => {
    const categories = t('categories');
    const tops = categories.filter((c) => c.parent_id === null);
    const children = categories.filter((c) => c.parent_id !== null);
    expect(tops).toHaveLength(5);
    expect(children).toHaveLength(10);
    for (const top of tops) expect(children.filter((c) => c.parent_id === top.id)).toHaveLength(2);
    for (const c of children) expect(num(c.parent_id)).toBeLessThan(num(c.id));
    expect(new Set(categories.map((c) => c.color)).size).toBe(15);
    for (const c of categories) {
      expect(str(c.color)).toMatch(HEX);
      expect(str(c.slug)).toMatch(KEBAB);
      expect(str(c.name_ar)).toMatch(ARABIC);
    }
    // Products sit in the aisles, never directly in a department.
    const childIds = new Set(children.map((c) => c.id));
    for (const p of t('products')) expect(childIds.has(p.category_id!)).toBe(true);
  });

  it('has 25 bilingual brands, some featured, each with products', () => {
    const brands = t('brands');
    expect(new Set(brands.map((b) => b.slug)).size).toBe(25);
    expect(brands.some((b) => b.is_featured === 1)).toBe(true);
    for (const b of brands) {
      expect(str(b.color)).toMatch(HEX);
      expect(str(b.name_ar)).toMatch(ARABIC);
      expect(str(b.description_en).length).toBeGreaterThan(10);
      expect(str(b.description_ar)).toMatch(ARABIC);
      expect(t('products').filter((p) => p.brand_id === b.id).length).toBeGreaterThanOrEqual(3);
    }
  });

  it('has bilingual products with unique kebab slugs and JSON tags', () => {
    const products = t('products');
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    for (const p of products) {
      expect(str(p.slug)).toMatch(KEBAB);
      expect(str(p.name_ar)).toMatch(ARABIC);
      expect(str(p.description_ar)).toMatch(ARABIC);
      expect(str(p.suggested_use_ar)).toMatch(ARABIC);
      expect(str(p.ingredients_ar)).toMatch(ARABIC);
      expect(str(p.warnings_ar)).toMatch(ARABIC);
      const tagsEn = JSON.parse(str(p.tags_en)) as string[];
      const tagsAr = JSON.parse(str(p.tags_ar)) as string[];
      expect(tagsEn.length).toBeGreaterThan(0);
      expect(tagsAr).toHaveLength(tagsEn.length);
      expect(p.is_active).toBe(1);
      expect(num(p.popularity)).toBeGreaterThanOrEqual(0);
      expect(num(p.popularity)).toBeLessThanOrEqual(1000);
    }
    expect(products.some((p) => /^[a-z0-9-]+-vitamin-d3-1000-iu-softgels$/.test(str(p.slug)))).toBe(true);
    expect(products.filter((p) => p.free_delivery === 1).length / products.length).toBeGreaterThan(0.75);
  });

  it('prices SKUs realistically, with sales, sold-out items and buy limits', () => {
    const skus = t('skus');
    for (const s of skus) {
      expect(num(s.price)).toBeGreaterThanOrEqual(2_500);
      expect(num(s.price)).toBeLessThanOrEqual(25_000);
      expect(num(s.price) % 50).toBe(0);
      if (s.old_price !== null) {
        expect(num(s.old_price)).toBeGreaterThan(num(s.price));
        expect(num(s.old_price) % 50).toBe(0);
      }
      if (s.buy_limit !== null) expect([2, 3, 4, 5]).toContain(s.buy_limit);
      expect(str(s.name_ar)).toMatch(ARABIC);
    }
    const share = (f: (s: Row) => boolean) => skus.filter(f).length / skus.length;
    expect(share((s) => s.old_price !== null)).toBeGreaterThan(0.12);
    expect(share((s) => s.old_price !== null)).toBeLessThan(0.3);
    expect(share((s) => s.stock === 0)).toBeGreaterThan(0.03);
    expect(share((s) => s.stock === 0)).toBeLessThan(0.15);
    expect(share((s) => s.buy_limit !== null)).toBeGreaterThan(0.05);
    expect(share((s) => s.buy_limit !== null)).toBeLessThan(0.18);
    expect(t('products').some((p) => p.in_stock === 0)).toBe(true);
  });

  it('keeps the denormalised product columns in step with the SKUs', () => {
    const skusByProduct = new Map<Value, Row[]>();
    for (const s of t('skus')) skusByProduct.set(s.product_id!, [...(skusByProduct.get(s.product_id!) ?? []), s]);
    for (const p of t('products')) {
      const skus = skusByProduct.get(p.id!) ?? [];
      expect(skus.length).toBeGreaterThanOrEqual(1);
      expect(skus.length).toBeLessThanOrEqual(2);
      expect(p.default_sku_id).toBe(skus[0]!.id);
      expect(p.min_price).toBe(Math.min(...skus.map((s) => num(s.price))));
      expect(p.max_discount).toBe(
        Math.max(0, ...skus.map((s) => (s.old_price === null ? 0 : num(s.old_price) - num(s.price)))),
      );
      expect(p.in_stock).toBe(skus.some((s) => num(s.stock) > 0) ? 1 : 0);
    }
  });

  it('gives each product 1–2 images named after it', () => {
    const products = new Map(t('products').map((p) => [p.id, p]));
    const count = new Map<Value, number>();
    for (const img of t('product_images')) {
      const p = products.get(img.product_id!)!;
      const n = (count.get(img.product_id!) ?? 0) + 1;
      count.set(img.product_id!, n);
      expect(img.r2_key).toBe(`products/${str(p.slug)}/${n}`);
      expect(img.sku_id).toBeNull();
      expect([img.width, img.height]).toEqual([800, 800]);
      expect(str(img.alt_en).startsWith(str(p.name_en))).toBe(true);
      expect(str(img.alt_ar).startsWith(str(p.name_ar))).toBe(true);
    }
    for (const p of products.values()) expect([1, 2]).toContain(count.get(p.id!) ?? 0);
  });

  it('tags products with one form, 1–3 diets, at most one flavour and the sizes of their SKUs', () => {
    const attributes = new Map(t('attributes').map((a) => [a.id, a]));
    for (const a of attributes.values()) expect(str(a.name_ar)).toMatch(ARABIC);
    const groups = new Map<Value, string[]>();
    for (const pa of t('product_attributes')) {
      const a = attributes.get(pa.attribute_id!)!;
      groups.set(pa.product_id!, [...(groups.get(pa.product_id!) ?? []), `${str(a.group_key)}:${str(a.slug)}`]);
    }
    const skuSizes = new Map<Value, string[]>();
    for (const s of t('skus')) skuSizes.set(s.product_id!, [...(skuSizes.get(s.product_id!) ?? []), str(s.name_en)]);
    for (const p of t('products')) {
      const attrs = groups.get(p.id!) ?? [];
      const of = (g: string) => attrs.filter((a) => a.startsWith(`${g}:`));
      expect(of('form')).toHaveLength(1);
      expect(of('diet').length).toBeGreaterThanOrEqual(1);
      expect(of('diet').length).toBeLessThanOrEqual(3);
      expect(of('flavour').length).toBeLessThanOrEqual(1);
      expect(of('size')).toHaveLength(skuSizes.get(p.id!)!.length);
    }
  });

  it('has nutritionists with two lists of 4–6 existing products each', () => {
    const productIds = new Set(t('products').map((p) => p.id));
    for (const n of t('nutritionists')) {
      expect(str(n.name_ar)).toMatch(ARABIC);
      expect(n.photo_key).toBe(`nutritionists/${str(n.slug)}`);
      expect(t('nutritionist_lists').filter((l) => l.nutritionist_id === n.id)).toHaveLength(2);
    }
    for (const l of t('nutritionist_lists')) {
      const items = t('nutritionist_list_items').filter((i) => i.list_id === l.id);
      expect(items.length).toBeGreaterThanOrEqual(4);
      expect(items.length).toBeLessThanOrEqual(6);
      expect(new Set(items.map((i) => i.product_id)).size).toBe(items.length);
      for (const i of items) {
        expect(productIds.has(i.product_id!)).toBe(true);
        expect(str(i.note_ar)).toMatch(ARABIC);
      }
    }
  });

  it('gives every nutritionist what a shopper books by: gender, languages, qualifications, services, hours', () => {
    const services = t('consultation_services');
    const prices = t('consultation_service_prices');
    for (const n of t('nutritionists')) {
      expect(['female', 'male']).toContain(n.gender);
      expect(str(n.languages)).toMatch(/^ar(,[a-z]{2})*$/);
      expect(str(n.qualifications_en).length).toBeGreaterThan(10);
      expect(str(n.qualifications_ar)).toMatch(ARABIC);
      const own = services.filter((s) => s.nutritionist_id === n.id);
      expect(own.map((s) => [s.kind, s.minutes])).toEqual([
        ['first_call', 20],
        ['full', 45],
        ['follow_up', 30],
      ]);
      const first = own[0]!;
      expect(prices.filter((p) => p.service_id === first.id).map((p) => p.country)).toEqual(['KW', 'SA']);
      const followUp = own[2]!;
      const pkg = t('consultation_packages').find((p) => p.service_id === followUp.id);
      expect(pkg).toMatchObject({ sessions: 4 });
      expect(t('consultation_package_prices').filter((p) => p.package_id === pkg!.id)).toHaveLength(2);
      const hours = t('nutritionist_availability').filter((a) => a.nutritionist_id === n.id);
      expect(hours.length).toBeGreaterThan(0);
      for (const h of hours) expect(num(h.end_minute)).toBeGreaterThan(num(h.start_minute));
    }
    // The first call of the first nutritionist: KWD 8.000 and SAR 99.00 (minor units).
    expect(prices.filter((p) => p.service_id === 1).map((p) => p.price)).toEqual([8000, 9900]);
    // Sun–Thu hours in the morning and the evening, Gulf time.
    const first = t('nutritionist_availability').filter((a) => a.nutritionist_id === 1);
    expect(first.map((a) => [a.weekday, a.start_minute, a.end_minute])).toContainEqual([0, 540, 780]);
    expect(first.map((a) => [a.weekday, a.start_minute, a.end_minute])).toContainEqual([4, 960, 1200]);
    expect(first.some((a) => a.weekday === 5)).toBe(false);
    // One service is not offered in Saudi Arabia (no price there).
    expect(services.some((s) => !prices.some((p) => p.service_id === s.id && p.country === 'SA'))).toBe(true);
    expect(new Set(t('nutritionists').map((n) => n.gender))).toEqual(new Set(['female', 'male']));
  });

  it('lays out the home page in order, with an on-sale collection', () => {
    const sections = t('home_sections');
    expect(sections.map((s) => s.type)).toEqual([
      'banner',
      'categories',
      'popular',
      'brands',
      'nutritionist_banner',
      'quiz',
      'collection',
    ]);
    for (const s of sections) expect(str(s.title_ar)).toMatch(ARABIC);
    const banner = JSON.parse(str(sections[0]!.payload)) as { items: Array<{ image_key: string; link: string }> };
    expect(banner.items.map((i) => i.image_key)).toEqual(['banners/1', 'banners/2', 'banners/3']);
    for (const item of banner.items) expect(item.link).toMatch(/^\/products\?category=\d+$/);
    expect(JSON.parse(str(sections[4]!.payload))).toEqual({ nutritionist_id: 1 });
    const { product_ids: ids } = JSON.parse(str(sections[6]!.payload)) as { product_ids: number[] };
    expect(ids).toHaveLength(8);
    const products = new Map(t('products').map((p) => [p.id, p]));
    for (const id of ids) expect(num(products.get(id)!.max_discount)).toBeGreaterThan(0);
  });

  it('links most products to 2–3 others, without self links or duplicates', () => {
    const links = t('purchase_together');
    const productIds = new Set(t('products').map((p) => p.id));
    const keys = links.map((l) => `${l.product_id}-${l.related_product_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const perProduct = new Map<Value, number>();
    for (const l of links) {
      expect(l.product_id).not.toBe(l.related_product_id);
      expect(productIds.has(l.related_product_id!)).toBe(true);
      perProduct.set(l.product_id!, (perProduct.get(l.product_id!) ?? 0) + 1);
    }
    expect(perProduct.size / productIds.size).toBeGreaterThan(0.7);
    expect([...perProduct.values()].filter((n) => n >= 2).length / perProduct.size).toBeGreaterThan(0.9);
  });

  it('offers two in-stock gifts', () => {
    const skus = new Map(t('skus').map((s) => [s.id, s]));
    const promotions = t('promotions');
    // Each country's own cart total, in its currency as paid (decision 52): KWD 20 / SAR 250, KWD 35 / SAR 400.
    expect(t('promotion_thresholds').map((r) => [r.promotion_id, r.country, r.min_subtotal_minor])).toEqual([
      [1, 'KW', 20_000],
      [1, 'SA', 25_000],
      [2, 'KW', 35_000],
      [2, 'SA', 40_000],
    ]);
    expect(promotions.map((p) => p.kind)).toEqual(['gift_threshold', 'gift_threshold']);
    for (const p of promotions) expect(str(p.name_ar)).toMatch(ARABIC);
    for (const g of t('promotion_gifts')) expect(num(skus.get(g.sku_id!)!.stock)).toBeGreaterThan(0);
  });

  it('indexes every product for search with normalised text', () => {
    const products = new Map(t('products').map((p) => [p.id, p]));
    const brands = new Map(t('brands').map((b) => [b.id, b]));
    for (const s of t('product_search')) {
      const p = products.get(s.rowid!)!;
      const b = brands.get(p.brand_id!)!;
      // The product's own name without its brand: the brand column ranks on its own (decision 23).
      const label = (name: Value | undefined, brand: Value | undefined) => str(name).slice(str(brand).length + 1);
      expect(str(p.name_en).startsWith(`${str(b.name_en)} `)).toBe(true);
      expect(s.name).toBe(normalizeSearchText(`${label(p.name_en, b.name_en)} ${label(p.name_ar, b.name_ar)}`));
      expect(s.brand).toBe(normalizeSearchText(`${str(b.name_en)} ${str(b.name_ar)}`));
      expect(str(s.brand)).toMatch(ARABIC);
      expect(str(s.tags)).toMatch(ARABIC);
    }
    // Parent and child category names are both searchable.
    expect(
      t('product_search').some((s) => str(s.category).includes('vitamins') && str(s.category).includes('فيتامينات')),
    ).toBe(true);
    expect(t('product_search').some((s) => str(s.name).includes('فيتامين'))).toBe(true);
  });
});

/** Rows of one INSERT, counted without building values (fast enough for ~120 MB of SQL). */
function countRows(statement: string): number {
  let rows = 0;
  let depth = 0;
  for (let i = statement.indexOf(' VALUES ') + 8; i < statement.length; i++) {
    const c = statement.charCodeAt(i);
    if (c === 39 /* ' */) {
      let end = statement.indexOf("'", i + 1);
      while (statement.charCodeAt(end + 1) === 39) end = statement.indexOf("'", end + 2);
      if (end < 0) throw new Error('unterminated string');
      i = end;
    } else if (c === 40 /* ( */) {
      if (depth++ === 0) rows++;
    } else if (c === 41 /* ) */) depth--;
  }
  return rows;
}

describe('large catalogue', () => {
  const counts = new Map<string, number>();
  let longest = 0;
  let firstStatement = '';
  beforeAll(() => {
    const statements = generateCatalogue('large'); // once: ~3 s
    firstStatement = statements.find((s) => s.startsWith('INSERT INTO products '))!;
    for (const s of statements) {
      const table = HEAD.exec(s)![1]!;
      counts.set(table, (counts.get(table) ?? 0) + countRows(s));
      longest = Math.max(longest, s.length);
    }
  }, 60_000);

  it('has 50,000 products with the same fixed tables', () => {
    expect(counts.get('products')).toBe(PRODUCT_COUNTS.large);
    expect(PRODUCT_COUNTS.large).toBe(50_000);
    expect(counts.get('product_search')).toBe(50_000);
    expect(counts.get('skus')).toBeGreaterThan(60_000);
    expect(counts.get('brands')).toBe(25);
    expect(counts.get('categories')).toBe(15);
    expect(counts.get('nutritionists')).toBe(8);
    expect(counts.get('home_sections')).toBe(7);
  });

  it('keeps statements within the limit and starts with the demo products', () => {
    expect(longest).toBeLessThanOrEqual(90_000);
    const demoProducts = generateCatalogue('demo').find((s) => s.startsWith('INSERT INTO products '))!;
    expect(firstStatement).toBe(demoProducts);
  });
});

describe('images rendered at seed time (decision 11)', () => {
  const demo = [...mediaSources('demo')];
  const stems = new Set(demo.map((m) => m.stem));

  it('renders every image the demo rows point at, once each, with a PNG for first pictures only', () => {
    const statements = generateCatalogue('demo');
    const db = parseCatalogue(statements);
    const rows = (table: string) => rowsOf(db, table);
    expect(stems.size).toBe(demo.length);
    for (const img of rows('product_images')) {
      const source = demo.find((m) => m.stem === img.r2_key);
      expect(source?.kind, String(img.r2_key)).toBe('product');
      expect(source!.og).toBe(img.sort_order === 1);
    }
    for (const n of rows('nutritionists')) expect(demo.find((m) => m.stem === n.photo_key)?.kind).toBe('portrait');
    for (const b of rows('brands')) expect(demo.find((m) => m.stem === `brands/${str(b.slug)}`)?.kind).toBe('logo');
    const banner = JSON.parse(str(rows('home_sections').find((s) => s.type === 'banner')!.payload)) as {
      items: Array<{ image_key: string }>;
    };
    for (const item of banner.items)
      for (const lang of ['en', 'ar']) expect(stems.has(`${item.image_key}-${lang}`)).toBe(true);
  });

  it('draws Arabic banners right to left with Arabic text', () => {
    const ar = demo.find((m) => m.stem === 'banners/1-ar')!.svg();
    expect(ar).toMatch(/[\u0600-\u06FF]/);
    expect(ar).toContain('text-anchor="end"');
    expect(demo.find((m) => m.stem === 'banners/1-en')!.svg()).not.toMatch(/[\u0600-\u06FF]/);
  });

  it('gives every nutritionist a portrait of their own: colour, face and initials differ', () => {
    const portraits = demo.filter((m) => m.kind === 'portrait').map((m) => m.svg());
    expect(portraits).toHaveLength(8);
    expect(new Set(portraits).size).toBe(8);
    const badge = (svg: string) => /<circle cx="316" cy="316" r="60" fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];
    const skin = (svg: string) => SKIN_TONES.find((tone) => svg.includes(`stop-color="${tone}"`));
    expect(new Set(portraits.map(badge)).size).toBe(8);
    expect(new Set(portraits.map(skin)).size).toBeGreaterThanOrEqual(4);
  });

  it('makes the large catalogue reuse packshots by brand and form instead of one per product', () => {
    const large = [...mediaSources('large')];
    const products = large.filter((m) => m.kind === 'product');
    expect(new Set(large.map((m) => m.stem)).size).toBe(large.length);
    // The demo's own packshots, then at most one per brand, form and view (25 brands × 7 forms × 2).
    expect(products.length).toBeLessThanOrEqual(demo.filter((m) => m.kind === 'product').length + 25 * 7 * 2);
    expect(products.filter((m) => m.stem.startsWith('packshots/')).length).toBeGreaterThan(0);
  }, 60_000);
});
