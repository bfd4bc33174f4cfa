// The zod schemas of the catalogue shapes the API answers (decision 68: a route's `response`); the
// TypeScript types in ./types.ts are inferred from them, so the two cannot drift apart.
import { z } from '../zod';

export const imageRefSchema = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number(),
  height: z.number(),
  /** Every stored width of the image, for <img srcset> ("/media/….webp 400w, …"). */
  srcset: z.string().optional(),
  /** The PNG for og:image (social sites do not all read WebP). */
  og: z.string().optional(),
});

const brandRefSchema = z.object({ id: z.int(), slug: z.string(), name: z.string() });

export const categoryRefSchema = z.object({ id: z.int(), slug: z.string(), name: z.string(), color: z.string() });

export const skuPriceSchema = z.object({ price: z.int(), old_price: z.int().nullable() });

export const skuSummarySchema = z.object({
  id: z.int(),
  name: z.string(),
  price: skuPriceSchema,
  /** Most a shopper may buy at once; null when unlimited. */
  buy_limit: z.int().nullable(),
  in_stock: z.boolean(),
  will_notify: z.boolean(),
});

export const cardRatingSchema = z.object({
  /** One decimal. */
  average: z.number(),
  count: z.int(),
});

export const productCardSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  images: z.array(imageRefSchema),
  brand: brandRefSchema,
  category: categoryRefSchema,
  default_sku: skuSummarySchema,
  free_delivery: z.boolean(),
  /** Present once a rating is shown (api/src/catalogue/cards.ts). */
  rating: cardRatingSchema.optional(),
});

/** A category as a row: a child, a parent, or an entry of the flat list. */
export const categoryRowSchema = z.object({
  ...categoryRefSchema.shape,
  parent_id: z.int().nullable(),
  product_count: z.int().optional(),
});

/** The tree has two levels: a top category carries its children, which carry none. */
export const categorySchema = categoryRowSchema.extend({ children: z.array(categoryRowSchema).optional() });

export const brandSchema = z.object({
  ...brandRefSchema.shape,
  color: z.string(),
  description: z.string(),
  is_featured: z.boolean(),
  logo: imageRefSchema,
  product_count: z.int().optional(),
});

/** A page of a listing: its items and where it is among the pages. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.int(),
    per_page: z.int(),
    total: z.int(),
    page_count: z.int(),
  });
}
