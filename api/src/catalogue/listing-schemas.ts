// What the product listing and its filters answer (decision 68: the routes' `response` schemas in
// api/src/routes/product.ts), written from api/src/catalogue/listing.ts, facets.ts and search-rescue.ts.
import { bloodTestCardSchema } from '#shared/blood-tests/catalogue-schemas';
import { categoryRefSchema, imageRefSchema, pageSchema, productCardSchema } from '#shared/catalogue/schemas';
import { z } from '#shared/zod';
import { CURRENCY_CODES } from '#shared/countries';

const currency = z.enum(CURRENCY_CODES);
const range = z.object({ min: z.int(), max: z.int() });
const counted = z.object({ id: z.int(), name: z.string(), count: z.int() });

/** The filters and sorts a listing offers, each counted with the other filters applied. */
export const facetsSchema = z.object({
  total: z.int(),
  total_capped: z.boolean(),
  currency,
  sorts: z.array(
    z.object({ key: z.enum(['popularity', 'price', 'newest', 'discount', 'rating']), value: z.enum(['asc', 'desc']) }),
  ),
  selected: z.object({
    categories: z.array(categoryRefSchema),
    brands: z.array(z.object({ ...categoryRefSchema.shape, description: z.string(), logo: imageRefSchema })),
    attributes: z.array(z.object({ id: z.int(), slug: z.string(), name: z.string() })),
  }),
  filters: z.tuple([
    z.object({
      key: z.literal('sku_price'),
      type: z.literal('range'),
      range,
      result_range: range.nullable(),
      quick: z.array(z.object({ id: z.string(), range })),
    }),
    z.object({ key: z.literal('only_available'), type: z.literal('boolean'), count: z.int() }),
    z.object({ key: z.literal('free_delivery'), type: z.literal('boolean'), count: z.int() }),
    z.object({ key: z.literal('on_sale'), type: z.literal('boolean'), count: z.int() }),
    z.object({ key: z.literal('brand_id'), type: z.literal('multiSelect'), items: z.array(counted) }),
    z.object({
      key: z.literal('category_id'),
      type: z.literal('multiSelect'),
      items: z.array(counted.extend({ parent_id: z.int().nullable() })),
    }),
    z.object({
      key: z.literal('attributes_id'),
      type: z.literal('multiSelect'),
      items_operation: z.literal('or'),
      groups: z.array(z.object({ group: z.string(), items: z.array(counted) })),
    }),
  ]),
});

/** A listing page: the cards, a search's correction or fallback, its blood tests, and its filters when asked. */
export const listingSchema = pageSchema(productCardSchema).extend({
  total_capped: z.boolean(),
  corrected: z.boolean(),
  suggestion: z.string().nullable(),
  fallback: z
    .object({
      category: z.object({ id: z.int(), slug: z.string(), name: z.string() }),
      items: z.array(productCardSchema),
    })
    .nullable(),
  blood_tests: z.array(bloodTestCardSchema),
  blood_test_currency: currency,
  facets: facetsSchema.optional(),
});
