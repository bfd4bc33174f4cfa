// What the shopper's subscription routes answer (api/src/routes/subscriptions.ts): the routes' response
// schemas (decision 68); SubscriptionView in ./types.ts is inferred from them.
import { z } from '../zod';
import { subscriptionRunSchema } from './staff-responses';
import { COUNTRY_CODES } from '../locale';

/**
 * '1m'–'3m' or '<days>d' as an answer carries it: a template literal, not the request's refining
 * schema (./schemas.ts), so the inferred type is the Frequency the code uses and the OpenAPI
 * description can read it (a transform has no output type to describe).
 */
export const frequencyAnswerSchema = z.union([
  z.templateLiteral([z.literal([1, 2, 3]), 'm']),
  z.templateLiteral([z.number(), 'd']),
]);

/**
 * Her own subscription to a product, as the product page's answer carries it for her (decision 76's
 * amendment, her subscribe-and-save place): the size, how often, how many, the next delivery and the
 * state; her price a delivery is the page's (the size's price at the product's discount).
 */
export const herSubscriptionSchema = z.object({
  sku_id: z.int(),
  every: frequencyAnswerSchema,
  count: z.int(),
  next_date: z.string(),
  status: z.enum(['pending', 'active', 'paused']),
});

export const subscriptionViewSchema = z.object({
  id: z.int(),
  status: z.enum(['pending', 'active', 'paused', 'cancelled', 'ended']),
  /** The shop country it delivers in: its addresses are of this country. */
  country: z.enum(COUNTRY_CODES),
  product: z.object({ id: z.int(), slug: z.string(), name: z.string(), image: z.string().nullable() }),
  sku: z.object({ id: z.int(), name: z.string() }),
  count: z.int(),
  every: frequencyAnswerSchema,
  /** The frequencies this product offers (its dosage's period first when it has one). */
  offered: z.array(frequencyAnswerSchema),
  /** The next delivery date and the date its order is placed (YYYY-MM-DD, the subscription's country's calendar). */
  next_date: z.string(),
  order_date: z.string(),
  /** The price of one unit on the next order, after the discount, in the country's currency (minor units). */
  unit_price: z.int(),
  /** Percent off. */
  discount: z.number(),
  currency: z.string(),
  address: z.object({ id: z.int(), line: z.string() }),
  pay_by: z.enum(['card', 'wallet']),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** The latest run; a failed one says why and, with an order, that it can be paid from there. */
  last_run: subscriptionRunSchema.nullable(),
});

/** GET /subscriptions. */
export const subscriptionListSchema = z.object({ items: z.array(subscriptionViewSchema) });
