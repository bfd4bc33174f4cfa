// What the product routes answer beyond the listings (api/src/routes/product.ts): the product page,
// the search box's suggestions and the cart's sync. The routes' response schemas (decision 68); the
// types the storefront reads are inferred from them. Apart from ./schemas.ts so that nothing the
// listing pages load at run time grows: the storefront imports these files' types only.
import { bloodTestCardSchema } from '../blood-tests/catalogue-schemas';
import { DELIVERY_SPEEDS } from '../delivery/speeds';
import { giftOptionSchema, promotionReasonSchema } from '../orders/answer-schemas';
import { PROMOTION_KINDS } from '../orders/promotion-facts';
import { ratingSummarySchema, reviewsPreviewSchema } from '../reviews/answer-schemas';
import { frequencyAnswerSchema, herSubscriptionSchema } from '../subscriptions/answer-schemas';
import { z } from '../zod';
import { categoryRefSchema, imageRefSchema, productCardSchema, skuPriceSchema, skuSummarySchema } from './schemas';

const stockLevel = z.enum(['in_stock', 'low', 'out_of_stock']);

/** A size of the product page, with its own pictures (none: the page shows the product's). */
const skuSchema = skuSummarySchema.extend({ stock_level: stockLevel, images: z.array(imageRefSchema) });

/** A promise as the API answers it (product, cart, checkout): each speed's day, and when it moves. */
const promiseAnswerSchema = z.object({
  promises: z.array(
    z.object({
      speed: z.enum(DELIVERY_SPEEDS),
      arrives: z.string(),
      order_by: z.int(),
      /** The day as the shopper reads it, in the answer's language. */
      day: z.string(),
      /** By when to order for that day ("Order by 2:00 PM"; issue 73), as she reads it. */
      order_by_text: z.string(),
      /** The day it arrives if ordered after that ("Orders after that arrive Sun, Nov 29."): the warning. */
      then_text: z.string().nullable(),
      /**
       * The speed's fee for this product alone, written out: below the free-delivery threshold, and once
       * above it ("Free" for a speed without a fee of its own). The page prints the one its size reaches.
       */
      fee_text: z.string().optional(),
      fee_free_delivery_text: z.string().optional(),
    }),
  ),
  /** The instant the first of them moves: a page that shows them is kept no longer. */
  valid_until: z.int(),
});

/** GET /product/{ref}/v2. */
export const productDetailSchema = productCardSchema.omit({ default_sku: true }).extend({
  description: z.string(),
  suggested_use: z.object({ text: z.string(), tags: z.array(z.string()) }),
  ingredients: z.string(),
  warnings: z.string(),
  default_sku: skuSchema,
  skus: z.array(skuSchema),
  /**
   * False when the request's country sells none of its sizes (an own-priced country without the owner's
   * price, decision 77): the page says so, its sizes carry no price (0) and cannot be bought. Absent: sold.
   */
  sold_here: z.literal(false).optional(),
  attributes: z.array(
    z.object({ id: z.int(), group: z.enum(['form', 'diet', 'flavour', 'size']), slug: z.string(), name: z.string() }),
  ),
  parent_category: categoryRefSchema.nullable(),
  /** Bought together (issue 64): learned from this country's orders, the hand-set list filling in where they are thin. */
  purchase_together: z.array(productCardSchema),
  /** Customers also bought: what this product's buyers bought in their other orders, learned the same way. */
  also_bought: z.array(productCardSchema),
  /** Names in both languages, for hreflang-aware SEO and structured data. */
  alternate: z.object({ slug: z.string(), name_en: z.string(), name_ar: z.string() }),
  /** The shown ratings: average, count, and per star and language. */
  rating_summary: ratingSummarySchema,
  /** Subscribe and save (decision 45): the percent off, and each size's frequencies (its dosage's period first), by SKU id. */
  subscribe: z.object({ discount: z.number(), offered: z.record(z.string(), z.array(frequencyAnswerSchema)) }),
  /**
   * Points each size earns once delivered, by SKU id, at the basic rate of the request's country
   * (issue 61, decision 58: shared/loyalty/rules.ts pointsForPrice); null while the country's programme is off.
   */
  points_to_earn: z.record(z.string(), z.int()).nullable().optional(),
  /** Hers only (a signed-in shopper's answer): her live subscriptions to this product, for subscribe and save. */
  subscribed: z.array(herSubscriptionSchema).optional(),
  /** Hers only: what she viewed recently (this product left out), newest first, for "more to see" below it. */
  recently_viewed: z.array(productCardSchema).optional(),
  /**
   * The first reviews and questions, for the page's first render and its structured data. The
   * storefront renders them on the server only (client/reviews/ReviewsPlace.tsx): they are not part
   * of the page's hydration data.
   */
  reviews_preview: reviewsPreviewSchema.optional(),
  /**
   * When it arrives if ordered now from the country's warehouse, before her area or city is known
   * (decision 65); null when the default size is out of stock or the shop promises nothing.
   */
  delivery: promiseAnswerSchema.nullable(),
});

/**
 * GET /product/{ref}/v2?only=hers: her parts of the product page alone, for her kept page's trip
 * (decision 76): the product's id, bought together gated for her, her subscriptions to it and what she
 * viewed recently. Nothing of the page's own (name, prices, reviews): the kept copy has those.
 */
export const herProductPartsSchema = z.object({
  id: z.int(),
  purchase_together: z.array(productCardSchema),
  subscribed: z.array(herSubscriptionSchema),
  recently_viewed: z.array(productCardSchema),
});

const suggestionRefSchema = z.object({ id: z.int(), slug: z.string(), name: z.string() });

/** GET /product/search: as-you-type suggestions (corrected: found only by correcting a typo). */
export const suggestionsSchema = z.object({
  products: z.array(productCardSchema),
  brands: z.array(suggestionRefSchema),
  categories: z.array(suggestionRefSchema.extend({ color: z.string() })),
  /** Priced in `currency`. */
  blood_tests: z.array(bloodTestCardSchema),
  currency: z.string(),
  corrected: z.boolean(),
});

/** A SKU as the cart sync returns it, with its product's and brand's names in the call's language. */
const syncedSkuSchema = z.object({
  id: z.int(),
  name: z.string(),
  price: skuPriceSchema,
  buy_limit: z.int().nullable(),
  in_stock: z.boolean(),
  stock_level: stockLevel,
  product: z.object({
    id: z.int(),
    slug: z.string(),
    name: z.string(),
    brand: z.object({ id: z.int(), slug: z.string(), name: z.string() }),
    images: z.array(imageRefSchema),
  }),
});

/** A live gift promotion of the cart sync (decision 33), and whether these SKUs qualify for it. */
export const giveawayItemSchema = z.object({
  /** The promotion's id. */
  id: z.int(),
  kind: z.enum(PROMOTION_KINDS),
  title: z.string(),
  /** gift_threshold: the subtotal it needs in the shopper's country, minor units of its currency as paid (= threshold). */
  min_subtotal: z.int().nullable(),
  threshold: z.int().nullable(),
  qualifies: z.boolean(),
  /** gift_threshold: what is still missing, as the shopper pays it (0 once it qualifies). */
  remaining: z.int().nullable(),
  reason: promotionReasonSchema,
  gifts: z.array(giftOptionSchema),
  /** The gift it gives now (the first in stock), if it qualifies. */
  gift_sku_id: z.int().nullable(),
});

/** POST /product/sku: the cart's SKUs refreshed, the giveaways, and bought-together cards. */
export const cartSyncSchema = z.object({
  items: z.array(syncedSkuSchema),
  /** SKUs asked that exist but are not sold in the request's country: the cart drops them and says why (issue 77). */
  not_sold: z.array(z.number().int()),
  giveaway_items: z.array(giveawayItemSchema),
  purchase_together: z.array(productCardSchema),
});
export type CartSync = z.infer<typeof cartSyncSchema>;
