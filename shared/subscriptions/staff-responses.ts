// What the back office's subscription routes answer (api/src/routes/staff/subscriptions.ts): the
// routes' response schemas (decision 68) and the types the subscriptions page reads, one declaration.
import { z } from '../zod';
import { COUNTRY_CODES } from '../locale';

/** '1m'–'3m' or '<days>d': a template literal, so the inferred type is the Frequency the code uses. */
const frequency = z.union([z.templateLiteral([z.literal([1, 2, 3]), 'm']), z.templateLiteral([z.number(), 'd'])]);

const RUN_FAILURES = [
  'out_of_stock',
  'unavailable',
  'card_declined',
  'payment_unconfirmed',
  'no_card',
  'wallet_insufficient',
  'address_gone',
] as const;

export const subscriptionRunSchema = z.object({
  due_date: z.string(),
  status: z.enum(['claimed', 'placed', 'skipped', 'failed']),
  failure: z.enum(RUN_FAILURES).nullable(),
  order_id: z.int().nullable(),
});

export const staffSubscriptionRowSchema = z.object({
  id: z.int(),
  status: z.enum(['pending', 'active', 'paused', 'cancelled', 'ended']),
  user: z.object({ id: z.int(), name: z.string(), email: z.string().nullable() }),
  country: z.enum(COUNTRY_CODES),
  product_name: z.string(),
  sku_name: z.string(),
  count: z.int(),
  every: frequency,
  /** The next delivery date and the date its order is placed (YYYY-MM-DD, the subscription's country's calendar). */
  next_date: z.string(),
  pay_by: z.enum(['card', 'wallet']),
  last_run: subscriptionRunSchema.nullable(),
});

/** GET /staff/subscriptions: one page of a list, the counts of the three lists and the shop's discount. */
export const staffSubscriptionListSchema = z.object({
  items: z.array(staffSubscriptionRowSchema.extend({ order_date: z.string() })),
  view: z.enum(['all', 'upcoming', 'failed']),
  page: z.int(),
  per_page: z.int(),
  counts: z.object({ all: z.int(), upcoming: z.int(), failed: z.int(), active: z.int() }),
  discount: z.number(),
});
export type StaffSubscriptionList = z.infer<typeof staffSubscriptionListSchema>;

/** POST /staff/subscriptions/settings: the shop's discount as saved. */
export const subscriptionSettingsSavedSchema = z.object({ discount: z.number() });
/** POST /staff/products/:id/subscription-discount: the product and its own discount (null: the shop's). */
export const productSubscriptionDiscountSavedSchema = z.object({ id: z.int(), discount: z.number().nullable() });
