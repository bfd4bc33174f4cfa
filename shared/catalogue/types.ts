// Catalogue shapes the API returns (names already in the request's language). Prices are base
// minor units (KWD fils); the client converts them with the country's rate (shared/money.ts).
import type { PromiseAnswer } from '../delivery/promise';
import type { RatingSummary, ReviewsPreview } from '../reviews/types';
import type { Frequency } from '../subscriptions/frequency';
import type { z } from '../zod';
import type {
  brandSchema,
  cardRatingSchema,
  categoryRefSchema,
  categorySchema,
  imageRefSchema,
  productCardSchema,
  skuPriceSchema,
  skuSummarySchema,
} from './schemas';

export type ImageRef = z.infer<typeof imageRefSchema>;
export type SkuPrice = z.infer<typeof skuPriceSchema>;
export type SkuSummary = z.infer<typeof skuSummarySchema>;
export type ProductCard = z.infer<typeof productCardSchema>;
export type CardRating = z.infer<typeof cardRatingSchema>;

export interface Sku extends SkuSummary {
  stock_level: 'in_stock' | 'low' | 'out_of_stock';
  images: ImageRef[];
}

export interface ProductDetail extends Omit<ProductCard, 'default_sku'> {
  description: string;
  suggested_use: { text: string; tags: string[] };
  ingredients: string;
  warnings: string;
  default_sku: Sku;
  skus: Sku[];
  attributes: Array<{ id: number; group: AttributeGroup; slug: string; name: string }>;
  parent_category: z.infer<typeof categoryRefSchema> | null;
  purchase_together: ProductCard[];
  /** Names in both languages, for hreflang-aware SEO and structured data. */
  alternate: { slug: string; name_en: string; name_ar: string };
  /** The shown ratings: average, count, and per star and language. */
  rating_summary: RatingSummary;
  /** Subscribe and save (decision 45): the percent off, and each size's frequencies (its dosage's period first). */
  subscribe: { discount: number; offered: Record<number, Frequency[]> };
  /**
   * Points each size earns once delivered, at the basic rate of the request's country (issue 61,
   * decision 58: shared/loyalty/rules.ts pointsForPrice); null while the country's programme is off.
   */
  points_to_earn?: Record<number, number> | null;
  /**
   * The first reviews and questions, for the page's first render and its structured data. The
   * storefront renders them on the server only (client/reviews/ReviewsPlace.tsx): they are not part
   * of the page's hydration data.
   */
  reviews_preview?: ReviewsPreview;
  /**
   * When it arrives if ordered now from the country's warehouse, before her area or city is known
   * (decision 65); null when the default size is out of stock or the shop promises nothing.
   */
  delivery: PromiseAnswer | null;
}

export type AttributeGroup = 'form' | 'diet' | 'flavour' | 'size';

export interface Page<T> {
  items: T[];
  page: number;
  per_page: number;
  total: number;
  page_count: number;
}

export type Category = z.infer<typeof categorySchema>;

export type Brand = z.infer<typeof brandSchema>;

export interface Nutritionist {
  id: number;
  slug: string;
  name: string;
  title: string;
  bio: string;
  photo: ImageRef;
  years_experience: number;
}

export interface NutritionistDetail extends Nutritionist {
  lists: Array<{ id: number; name: string; items: Array<{ note: string; product: ProductCard }> }>;
}
