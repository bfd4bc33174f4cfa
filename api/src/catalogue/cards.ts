// The product card: one SELECT with its joins, shared by listings, search, home sections,
// nutritionist lists and purchase-together.
import type { CardRating, ImageRef, ProductCard } from '#shared/catalogue/types';
import { averageRating } from '#shared/reviews/rules';
import type { CountryCode, Lang } from '#shared/locale';
import { imageRef } from '../media/renditions';
import { col } from '../lib/lang';
import { cardSkuJoin } from '../db/country-prices';
import type { BrandColumns, CategoryColumns, SkuSaleColumns } from './rows';

/** A product's first image as JSON (key, alt, w, h), for a SELECT list over `p`. */
export function firstImageColumn(lang: Lang): string {
  return `(SELECT json_object('key', i.r2_key, 'alt', i.${col('alt', lang)}, 'w', i.width, 'h', i.height)
       FROM product_images i WHERE i.product_id = p.id ORDER BY i.sort_order LIMIT 1) AS image`;
}

/** The image list of a card from firstImageColumn's JSON. */
export function imageRefs(json: string | null): ImageRef[] {
  if (!json) return [];
  const image = JSON.parse(json) as { key: string; alt: string; w: number; h: number };
  return [imageRef('product', image.key, image.alt, { width: image.w, height: image.h })];
}

export function cardColumns(lang: Lang): string {
  return `p.id, p.slug, p.${col('name', lang)} AS name, p.free_delivery,
    b.id AS brand_id, b.slug AS brand_slug, b.${col('name', lang)} AS brand_name,
    c.id AS category_id, c.slug AS category_slug, c.${col('name', lang)} AS category_name, c.color AS category_color,
    s.id AS sku_id, s.${col('name', lang)} AS sku_name, s.price, s.old_price, s.stock, s.buy_limit,
    p.rating_count, p.rating_sum, ${firstImageColumn(lang)}`;
}

/**
 * The card shows a size that can be bought: the default SKU when in stock, else the first in stock;
 * in the country's prices, and in an own-priced country only a product it sells (country-prices.ts).
 */
export function cardFrom(country: CountryCode): string {
  return `products p
  JOIN brands b ON b.id = p.brand_id
  JOIN categories c ON c.id = p.category_id
  ${cardSkuJoin(country)}`;
}

export interface CardRow extends BrandColumns, CategoryColumns, SkuSaleColumns {
  id: number;
  slug: string;
  name: string;
  free_delivery: number;
  sku_id: number;
  sku_name: string;
  image: string | null;
  rating_count: number;
  rating_sum: number;
}

export function toCard(row: CardRow): ProductCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    images: imageRefs(row.image),
    brand: { id: row.brand_id, slug: row.brand_slug, name: row.brand_name },
    category: { id: row.category_id, slug: row.category_slug, name: row.category_name, color: row.category_color },
    default_sku: {
      id: row.sku_id,
      name: row.sku_name,
      price: { price: row.price, old_price: row.old_price },
      buy_limit: row.buy_limit,
      in_stock: row.stock > 0,
      will_notify: false,
    },
    free_delivery: row.free_delivery === 1,
    // Stars and count only once somebody's rating is shown: a card without them stays as it was.
    ...(row.rating_count > 0 ? { rating: cardRating(row.rating_sum, row.rating_count) } : {}),
  };
}

/** A card's stars: the average to one decimal and how many ratings it is of. */
function cardRating(sum: number, count: number): CardRating {
  return { average: averageRating(sum, count) ?? 0, count };
}
