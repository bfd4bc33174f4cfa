// Catalogue shapes the API returns (names already in the request's language). Prices are base
// minor units (KWD fils); the client converts them with the country's rate (shared/money.ts).
import type { z } from '../zod';
import type {
  brandSchema,
  cardRatingSchema,
  categorySchema,
  imageRefSchema,
  productCardSchema,
  skuPriceSchema,
  skuSummarySchema,
} from './schemas';
import type { herProductPartsSchema, productDetailSchema, suggestionsSchema } from './product-responses';

export type ImageRef = z.infer<typeof imageRefSchema>;
export type SkuPrice = z.infer<typeof skuPriceSchema>;
export type SkuSummary = z.infer<typeof skuSummarySchema>;
export type ProductCard = z.infer<typeof productCardSchema>;
export type CardRating = z.infer<typeof cardRatingSchema>;

/** A size of the product page: its stock level and own pictures. */
export type Sku = ProductDetail['default_sku'];

/** GET /product/{ref}/v2, inferred from its response schema (./product-responses.ts). */
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** GET /product/{ref}/v2?only=hers: her parts of the product page alone (her kept page's trip). */
export type HerProductParts = z.infer<typeof herProductPartsSchema>;

/** GET /product/search: the search box's suggestions. */
export type SearchSuggestions = z.infer<typeof suggestionsSchema>;

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
