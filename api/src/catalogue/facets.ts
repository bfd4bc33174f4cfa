// Filters and sorts available for the current result, with counts (over products alone: no card joins). Each facet is counted with every
// other filter applied but its own, so a shopper can widen a selection (choose a second brand).
import { normalizeFilters, type FilterKey, type ProductQuery } from '#shared/catalogue/filter-model';
import type { Lang } from '#shared/locale';
import { payableMinor, type CurrencyInfo } from '#shared/money';
import { countryAmountsOf, majorCeil, type CountryAmounts } from '#shared/country-amounts';
import { brandLogo } from '../media/refs';
import { col } from '../lib/lang';
import type { CountryCode } from '#shared/locale';
import {
  currencyFor,
  currencyStatement,
  knownCountryAmounts,
  knownCurrency,
  rememberCurrencies,
} from '../lib/currency';
import { cappedCountSql, cappedTotal } from './capped-count';
import { compileProductQuery, needsCurrency } from './query';
import type { SearchMatch } from './search';

const SORTS = [
  { key: 'popularity', value: 'desc' },
  { key: 'price', value: 'asc' },
  { key: 'price', value: 'desc' },
  { key: 'newest', value: 'desc' },
  { key: 'discount', value: 'desc' },
  { key: 'rating', value: 'desc' },
] as const;

export async function facets(
  db: D1Database,
  q: ProductQuery,
  lang: Lang,
  country: CountryCode,
  match: SearchMatch | null,
) {
  const plan = await facetStatements(db, q, lang, country, match);
  return plan.read(await db.batch(plan.statements));
}

/**
 * The facet statements, to run in a batch of their own (facets) or in a search's listing batch (so a
 * search page reads its results and filters in one round trip), and how to read their results.
 */
export async function facetStatements(
  db: D1Database,
  q: ProductQuery,
  lang: Lang,
  country: CountryCode,
  match: SearchMatch | null,
) {
  // The price ranges need the currency only after the batch: on a cold isolate it is read in the batch.
  const currency: CurrencyInfo | null =
    knownCurrency(country) ?? (needsCurrency(q) ? await currencyFor(db, country) : null);
  // The country's own price filter amounts (decision 52), read with the currency.
  const amounts = currency ? knownCountryAmounts(country) : null;
  const without = (key: FilterKey) =>
    compileProductQuery(
      { ...q, filters: normalizeFilters(q.filters).filter((f) => f.key !== key) },
      lang,
      currency,
      match,
      country,
    );
  const all = compileProductQuery(q, lang, currency, match, country);
  const listing = all.listing;
  const brand = without('brand_id');
  const category = without('category_id');
  const attrs = without('attributes_id');
  const price = without('sku_price');
  const flags = (key: FilterKey, condition: string) => {
    const w = without(key);
    return db.prepare(`SELECT count(*) AS n FROM products p WHERE ${w.where} AND ${condition}`).bind(...w.params);
  };

  // The categories, brands and attributes the shopper chose, by id, with their names: the listing's
  // title, its brand header and its chips read them (a chosen parent category is not among the facet
  // items, which group products by their own leaf category), and an id missing here names nothing, so
  // the listing drops it from its URL. Same batch, so no extra round trip.
  const chosen = (key: FilterKey) =>
    normalizeFilters(q.filters)
      .filter((f) => f.key === key)
      .flatMap((f) => f.items ?? [])
      .slice(0, 50);
  const chosenCategories = chosen('category_id');
  const chosenBrands = chosen('brand_id');
  const chosenAttributes = chosen('attributes_id');
  const marks = (ids: number[]) => (ids.length ? ids.map(() => '?').join(', ') : 'NULL');
  const selectedStatement = db
    .prepare(
      `SELECT 'category' AS kind, c.id, c.slug, c.${col('name', lang)} AS name, '' AS description, c.color FROM categories c WHERE c.id IN (${marks(chosenCategories)})
       UNION ALL
       SELECT 'brand' AS kind, b.id, b.slug, b.${col('name', lang)} AS name, b.${col('description', lang)} AS description, b.color FROM brands b WHERE b.id IN (${marks(chosenBrands)})
       UNION ALL
       SELECT 'attribute' AS kind, a.id, a.slug, a.${col('name', lang)} AS name, '' AS description, '' AS color FROM attributes a WHERE a.id IN (${marks(chosenAttributes)})`,
    )
    .bind(...chosenCategories, ...chosenBrands, ...chosenAttributes);

  const statements = [
    db.prepare(cappedCountSql('products p', all.where)).bind(...all.params),
    db
      .prepare(
        `SELECT b.id, b.${col('name', lang)} AS name, count(*) AS count FROM products p JOIN brands b ON b.id = p.brand_id WHERE ${brand.where} GROUP BY b.id ORDER BY name`,
      )
      .bind(...brand.params),
    db
      .prepare(
        `SELECT c.id, c.${col('name', lang)} AS name, c.parent_id, count(*) AS count FROM products p JOIN categories c ON c.id = p.category_id WHERE ${category.where} GROUP BY c.id ORDER BY c.sort_order`,
      )
      .bind(...category.params),
    db
      .prepare(
        `SELECT a.id, a.group_key, a.${col('name', lang)} AS name, count(*) AS count FROM products p
         JOIN product_attributes pa ON pa.product_id = p.id JOIN attributes a ON a.id = pa.attribute_id
         WHERE ${attrs.where} GROUP BY a.id ORDER BY a.group_key, a.sort_order`,
      )
      .bind(...attrs.params),
    db
      .prepare(
        `SELECT min(${listing.minPrice}) AS lo, max(${listing.minPrice}) AS hi FROM products p WHERE ${price.where}`,
      )
      .bind(...price.params),
    flags('only_available', listing.inStock),
    flags('free_delivery', 'p.free_delivery = 1'),
    flags('on_sale', `${listing.maxDiscount} > 0`),
    selectedStatement,
    ...(currency ? [] : [currencyStatement(db)]),
  ];
  return { statements, read: (results: D1Result[]) => readFacets(results, currency, amounts, country) };
}

function readFacets(
  results: D1Result[],
  known: CurrencyInfo | null,
  knownAmounts: CountryAmounts | null,
  country: CountryCode,
) {
  let currency = known;
  const [total, brands, categories, attributes, prices, available, free, sale, selected, currencies] = results;
  const selectedRows = selected!.results as Array<{
    kind: 'category' | 'brand' | 'attribute';
    id: number;
    slug: string;
    name: string;
    description: string;
    color: string;
  }>;
  let amounts = knownAmounts;
  if (!currency) {
    rememberCurrencies(currencies!.results);
    currency = knownCurrency(country)!;
  }
  amounts ??= knownCountryAmounts(country) ?? countryAmountsOf(country, null);
  const info = currency;

  const n = (r: D1Result | undefined) => (r!.results[0] as { n: number }).n;
  const bounds = prices!.results[0] as { lo: number | null; hi: number | null };
  // Ranges in major units of what the shopper pays (VAT included), like the cards and the typed filter.
  const major = (fils: number, round: 'floor' | 'ceil') => Math[round](payableMinor(fils, info) / 10 ** info.decimals);
  const groups = new Map<string, Array<{ id: number; name: string; count: number }>>();
  for (const a of attributes!.results as Array<{ id: number; group_key: string; name: string; count: number }>) {
    groups.set(a.group_key, [...(groups.get(a.group_key) ?? []), { id: a.id, name: a.name, count: a.count }]);
  }

  return {
    ...cappedTotal(n(total)),
    currency: info.currency,
    sorts: SORTS,
    selected: {
      categories: selectedRows.filter((r) => r.kind === 'category').map(({ kind: _kind, description: _d, ...r }) => r),
      brands: selectedRows
        .filter((r) => r.kind === 'brand')
        .map(({ kind: _kind, ...r }) => ({ ...r, logo: brandLogo(r.slug) })),
      attributes: selectedRows.filter((r) => r.kind === 'attribute').map(({ id, slug, name }) => ({ id, slug, name })),
    },
    filters: [
      {
        key: 'sku_price',
        type: 'range',
        // The country's own amounts in whole units of its currency ('Under SAR 250'), never converted.
        range: { min: 0, max: majorCeil(amounts.price_range_max_minor, country) },
        result_range: bounds.lo === null ? null : { min: major(bounds.lo, 'floor'), max: major(bounds.hi!, 'ceil') },
        quick: [{ id: 'under_25_kd', range: { min: 0, max: majorCeil(amounts.price_quick_max_minor, country) } }],
      },
      { key: 'only_available', type: 'boolean', count: n(available) },
      { key: 'free_delivery', type: 'boolean', count: n(free) },
      { key: 'on_sale', type: 'boolean', count: n(sale) },
      { key: 'brand_id', type: 'multiSelect', items: brands!.results },
      { key: 'category_id', type: 'multiSelect', items: categories!.results },
      {
        key: 'attributes_id',
        type: 'multiSelect',
        items_operation: 'or',
        groups: [...groups.entries()].map(([group, items]) => ({ group, items })),
      },
    ],
  };
}
