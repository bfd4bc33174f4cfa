// The blood-test catalogue's inputs (GET /bloodTest query, POST /bloodTest/sku body), shared by the
// API's contract and the storefront's URL handling.
import { BLOOD_TEST_CATEGORY_SLUG, BLOOD_TEST_MAX_PRICE, BLOOD_TEST_SORTS } from '../blood-tests/list-params';
import { z } from '../zod';

/** The list's query: every field optional; unknown values are refused (400), as the contract does. */
export const bloodTestListQuery = z.object({
  category: z.string().regex(BLOOD_TEST_CATEGORY_SLUG).optional(),
  kind: z.enum(['test', 'panel']).optional(),
  /** 'yes': only tests that need fasting; 'no': only tests that do not. */
  fasting: z.enum(['yes', 'no']).optional(),
  /** Minor units of the shopper's currency. */
  max_price: z.string().regex(BLOOD_TEST_MAX_PRICE).transform(Number).optional(),
  sort: z.enum(BLOOD_TEST_SORTS).optional(),
  search: z.string().max(100).optional(),
});
export type BloodTestListQuery = z.output<typeof bloodTestListQuery>;

export const bloodTestSkuSchema = z.object({ ids: z.array(z.number().int().positive()).max(50) });
