// The product page's data in one D1 batch: product, SKUs, images, attributes, purchase-together, and
// its reviews' summary with the first reviews and questions; for a signed-in shopper, what her part of
// the page needs too (her id, her views' count, what the gates read of her and of the cards).
import type { AttributeGroup, ImageRef, ProductDetail, Sku } from '#shared/catalogue/types';
import type { CountryCode, Lang } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { deliveryStatement, promiseAnswer, readDelivery } from '../delivery/rules';
import { deliveryFeeFor } from '../delivery/fees';
import { promiseText } from '../delivery/promise-texts';
import { formatMinor } from '#shared/money';
import { meByToken } from '../accounts/sessions';
import { offeredFrequencies } from '#shared/subscriptions/frequency';
import { toCard, type CardRow } from './cards';
import { skuPriceColumns } from '../db/country-prices';
import { alsoBoughtCards, togetherCards } from './recommended';
import { herViewStatement, viewedCardsSql } from './viewed';
import { VIEWED_SHOWN } from '#shared/catalogue/viewed';
import { imageRef } from '../media/renditions';
import { col } from '../lib/lang';
import { previewStatements, readQuestions, readReviews, summaryStatement, toSummary } from '../reviews/read';
import type { BrandColumns, CategoryColumns, SkuRow } from './rows';

const LOW_STOCK = 5;

interface ProductRow extends BrandColumns, CategoryColumns {
  id: number;
  slug: string;
  name: string;
  name_en: string;
  name_ar: string;
  description: string;
  suggested_use: string;
  tags: string;
  ingredients: string;
  warnings: string;
  default_sku_id: number;
  free_delivery: number;
  parent_id: number | null;
  parent_slug: string | null;
  parent_name: string | null;
  parent_color: string | null;
  /** The percent a subscription saves: the product's own, else the shop's (decision 45). */
  subscription_discount: number;
}

interface ImageRow {
  sku_id: number | null;
  r2_key: string;
  alt: string;
  width: number;
  height: number;
}

export function stockLevel(stock: number): Sku['stock_level'] {
  return stock <= 0 ? 'out_of_stock' : stock <= LOW_STOCK ? 'low' : 'in_stock';
}

/**
 * A signed-in shopper's own part of the product page, read in its one batch (issue 76): found by her
 * session's token hash, `column` (SQL over her id `me.id`) rides in the product's row and `gate` (SQL
 * over a card's `s` and `p`) in each card's.
 */
export interface HerProductAsk {
  tokenHash: string;
  column: string;
}

/** What the product's batch answered of her: `column`'s value. */
export interface HerProductPart {
  /** Null when the session is no one's. */
  id: number | null;
  column: string | null;
}

/** What the gates read of each suggested card's SKU (a gateJson column), by SKU id: everyone's lists pass
 * the gates too (decision 79), a guest's as a shopper the shop knows nothing of, a signed-in shopper's as her. */
export type CardGates = Map<number, string>;

/** The cards' gate columns, by SKU id. */
export function cardGates(rows: ReadonlyArray<{ sku_id: number; gate?: string | null }>): CardGates {
  return new Map(rows.flatMap((r) => (r.gate ? [[r.sku_id, r.gate] as const] : [])));
}

export async function productDetail(
  db: D1Database,
  ref: { id: number | null; slug: string },
  lang: Lang,
  country: CountryCode,
  /** SQL of what the gates read of a card's SKU (its `s` and `p`), one column of each suggested card. */
  gateSql: string,
  /** More statements for the same round trip (a cold isolate's rules and rates), read back by `read`. */
  also?: { statements: D1PreparedStatement[]; read: (results: D1Result[]) => void },
  now = Date.now(),
  /** A signed-in shopper: her part rides in the product's own statements. */
  shopper: HerProductAsk | null = null,
): Promise<{ detail: ProductDetail; her: HerProductPart | null; gates: CardGates } | null> {
  const pid = '(SELECT id FROM products WHERE (slug = ?1 OR id = ?2) AND is_active = 1 LIMIT 1)';
  const bind = (s: D1PreparedStatement) => s.bind(ref.slug, ref.id ?? -1);
  // Her id and her part: two more columns of the product's row, found by her session (?3, valid at ?4);
  // the cards carry her part of them.
  const me = shopper ? `WITH me(id) AS (SELECT ${meByToken('?3', '?4')}) ` : '';
  const herColumn = shopper ? `, (SELECT id FROM me) AS her_id, (SELECT ${shopper.column} FROM me) AS her` : '';
  const gate = `, ${gateSql} AS gate`;
  const all = await db.batch([
    db
      .prepare(
        `${me}SELECT p.id, p.slug, p.${col('name', lang)} AS name, p.name_en, p.name_ar, p.${col('description', lang)} AS description,
          p.${col('suggested_use', lang)} AS suggested_use, p.${col('tags', lang)} AS tags, p.${col('ingredients', lang)} AS ingredients,
          p.${col('warnings', lang)} AS warnings, p.default_sku_id, p.free_delivery,
          coalesce(p.subscription_discount,
            (SELECT CAST(value AS INTEGER) FROM shop_settings WHERE key = 'subscriptions.discount'), 0) AS subscription_discount,
          b.id AS brand_id, b.slug AS brand_slug, b.${col('name', lang)} AS brand_name,
          c.id AS category_id, c.slug AS category_slug, c.${col('name', lang)} AS category_name, c.color AS category_color,
          pc.id AS parent_id, pc.slug AS parent_slug, pc.${col('name', lang)} AS parent_name, pc.color AS parent_color${herColumn}
        FROM products p JOIN brands b ON b.id = p.brand_id JOIN categories c ON c.id = p.category_id
        LEFT JOIN categories pc ON pc.id = c.parent_id
        WHERE p.id = ${pid}`,
      )
      .bind(ref.slug, ref.id ?? -1, ...(shopper ? [shopper.tokenHash, now] : [])),
    bind(
      db.prepare(
        `SELECT id, ${col('name', lang)} AS name, ${skuPriceColumns(country)}, stock, buy_limit, pack_units, daily_units FROM skus WHERE product_id = ${pid} ORDER BY sort_order, id`,
      ),
    ),
    bind(
      db.prepare(
        `SELECT sku_id, r2_key, ${col('alt', lang)} AS alt, width, height FROM product_images WHERE product_id = ${pid} ORDER BY sort_order, id`,
      ),
    ),
    bind(
      db.prepare(
        `SELECT a.id, a.group_key, a.slug, a.${col('name', lang)} AS name FROM product_attributes pa JOIN attributes a ON a.id = pa.attribute_id
         WHERE pa.product_id = ${pid} ORDER BY a.group_key, a.sort_order`,
      ),
    ),
    // Bought together: what this country's shoppers bought with it (catalogue/co-purchases.ts), then the
    // hand-set list where that is thin; customers also bought: what its buyers bought in other orders;
    // for a signed-in shopper, what she viewed recently (found by her session, ?4 valid at ?5: her place
    // below the product, decision 76's amendment). One statement, each list named by `list`.
    db
      .prepare(
        `SELECT 0 AS list, * FROM (${togetherCards(lang, pid, country, gate)} LIMIT 8)
         UNION ALL SELECT 1 AS list, * FROM (${alsoBoughtCards(lang, pid, country, gate)} LIMIT 8)${
           shopper
             ? ` UNION ALL SELECT 2 AS list, * FROM (${viewedCardsSql(lang, country, meByToken('?4', '?5'), pid, VIEWED_SHOWN, ', NULL AS gate')})`
             : ''
         }`,
      )
      .bind(ref.slug, ref.id ?? -1, country, ...(shopper ? [shopper.tokenHash, now] : [])),
    // Reviews and questions: the summary and the first ones, in the same round trip.
    summaryStatement(db, pid, [ref.slug, ref.id ?? -1]),
    ...previewStatements(db, pid, [ref.slug, ref.id ?? -1]),
    // The delivery promise's rules, in the same round trip (decision 65).
    deliveryStatement(db, country, now),
    // Her view of it, in the same round trip (decision 82), after the reads (its list leaves it out).
    ...(shopper ? [herViewStatement(db, pid, ref, shopper.tokenHash, now)] : []),
    ...(also?.statements ?? []),
  ]);
  const [product, skus, images, attributes, lists, summary, reviews, questions, questionCount, delivery] = all;
  // The caller's statements close the batch.
  if (also) also.read(all.slice(all.length - also.statements.length));
  const listed = lists!.results as unknown as Array<CardRow & { list: 0 | 1 | 2; gate?: string }>;

  const row = product!.results[0] as (ProductRow & { her_id?: number | null; her?: string | null }) | undefined;
  if (!row) return null;
  const imageRows = images!.results as unknown as ImageRow[];
  // The seed stores an Open Graph PNG for a product's first picture only.
  const toImage = (i: ImageRow, index: number): ImageRef =>
    imageRef('product', i.r2_key, i.alt, { width: i.width, height: i.height }, index === 0);
  const productImages = imageRows.filter((i) => i.sku_id === null).map(toImage);
  const allSkus = skus!.results as unknown as Array<
    Omit<SkuRow, 'price'> & { price: number | null; sold: number } & Parameters<typeof offeredFrequencies>[0]
  >;
  // Her country sells the sizes it prices (country-prices.ts); a product it sells none of is still shown,
  // as not sold in her country (a page, not a 404: the product exists elsewhere), its sizes without a price.
  const soldHere = allSkus.some((s) => s.sold === 1);
  const skuRows = soldHere ? allSkus.filter((s) => s.sold === 1) : allSkus;
  const skuList: Sku[] = skuRows.map((s) => {
    const own = imageRows.filter((i) => i.sku_id === s.id).map(toImage);
    return {
      id: s.id,
      name: s.name,
      price: soldHere ? { price: s.price!, old_price: s.old_price } : { price: 0, old_price: null },
      buy_limit: s.buy_limit,
      in_stock: soldHere && s.stock > 0,
      will_notify: false,
      stock_level: stockLevel(soldHere ? s.stock : 0),
      // A size's own pictures only: a size without any shows the product's (the page falls back to
      // them), which the answer carries once rather than again in every size and the default one.
      images: own,
    };
  });
  const defaultSku = skuList.find((s) => s.id === row.default_sku_id) ?? skuList[0];
  if (!defaultSku) return null;

  const her: HerProductPart | null = shopper
    ? {
        id: row.her_id ?? null,
        column: row.her ?? null,
      }
    : null;
  const detail: ProductDetail = {
    id: row.id,
    slug: row.slug,
    name: row.name,
    images: productImages,
    brand: { id: row.brand_id, slug: row.brand_slug, name: row.brand_name },
    category: { id: row.category_id, slug: row.category_slug, name: row.category_name, color: row.category_color },
    parent_category:
      row.parent_id === null
        ? null
        : { id: row.parent_id, slug: row.parent_slug!, name: row.parent_name!, color: row.parent_color! },
    free_delivery: row.free_delivery === 1,
    description: row.description,
    suggested_use: { text: row.suggested_use, tags: JSON.parse(row.tags) as string[] },
    ingredients: row.ingredients,
    warnings: row.warnings,
    default_sku: defaultSku,
    skus: skuList,
    ...(soldHere ? {} : { sold_here: false }),
    attributes: (
      attributes!.results as Array<{ id: number; group_key: AttributeGroup; slug: string; name: string }>
    ).map((a) => ({
      id: a.id,
      group: a.group_key,
      slug: a.slug,
      name: a.name,
    })),
    purchase_together: listed.filter((r) => r.list === 0).map(toCard),
    also_bought: listed.filter((r) => r.list === 1).map(toCard),
    ...(shopper ? { recently_viewed: listed.filter((r) => r.list === 2).map(toCard) } : {}),
    alternate: { slug: row.slug, name_en: row.name_en, name_ar: row.name_ar },
    rating_summary: toSummary(summary!.results as Array<{ rating: number; lang: Lang; n: number }>),
    subscribe: {
      discount: row.subscription_discount,
      offered: Object.fromEntries(skuRows.map((s) => [s.id, offeredFrequencies(s)])),
    },
    reviews_preview: {
      reviews: readReviews(reviews!.results),
      questions: readQuestions(questions!.results),
      question_count: (questionCount!.results[0] as { n: number }).n,
    },
    // The page opens on the default size, or on a size in stock when that one is sold out: the promise
    // holds for any size in stock (all leave the same warehouse), so one is enough (issue 73).
    delivery: skuList.some((s) => s.in_stock) ? productPromise(country, lang, now, delivery) : null,
  };
  return { detail, her, gates: cardGates(listed) };
}

/** The promise with each speed's fee for this product alone, below and above free delivery. */
function productPromise(country: CountryCode, lang: Lang, now: number, result: D1Result | undefined) {
  const rules = readDelivery(country, now, result);
  const answer = promiseAnswer(rules, { now, zone: null, lang, country });
  // The country's delivery fee that a speed without its own costs (issue 73), a column of the rules' row.
  const countryFee = (result?.results[0] as { delivery_fee?: number | null } | undefined)?.delivery_fee ?? undefined;
  if (!answer || countryFee === undefined) return answer;
  const feeText = (fee: number) =>
    fee === 0
      ? promiseText(lang, 'delivery_fee_free')
      : promiseText(lang, 'delivery_fee', { fee: formatMinor(fee, COUNTRY_FACTS[country].currency, lang, country) });
  return {
    ...answer,
    promises: answer.promises.map((p) => ({
      ...p,
      fee_text: feeText(deliveryFeeFor(1, false, countryFee, rules?.fees[p.speed] ?? null)),
      fee_free_delivery_text: feeText(deliveryFeeFor(1, true, countryFee, rules?.fees[p.speed] ?? null)),
    })),
  };
}
