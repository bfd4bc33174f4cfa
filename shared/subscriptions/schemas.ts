// Subscribe and save: the one schema of each change a shopper makes to a subscription, and of the
// back office's settings, read by the storefront's forms and by the API (api/src/routes/subscriptions.ts).
import { z } from '../zod';
import { type Frequency, isFrequency, SUBSCRIPTION_RULES } from './frequency';

/** '1m'–'3m' or '<days>d' (14–180), as a cart line and a subscription carry it. */
export const frequencySchema = z
  .string({ error: 'subscription_frequency_invalid' })
  .refine(isFrequency, { error: 'subscription_frequency_invalid' })
  .transform((v) => v as Frequency);

const date = z.string({ error: 'subscription_date_invalid' }).regex(/^\d{4}-\d{2}-\d{2}$/, {
  error: 'subscription_date_invalid',
});

/** One change at a time, as each button of /profile/subscriptions sends it. */
export const subscriptionChangeSchema = z.discriminatedUnion(
  'action',
  [
    /** The next delivery is skipped: the date moves on one period. */
    z.object({ action: z.literal('skip') }),
    z.object({ action: z.literal('date'), date }),
    z.object({ action: z.literal('every'), every: frequencySchema }),
    z.object({
      action: z.literal('count'),
      count: z.coerce
        .number({ error: 'subscription_count_invalid' })
        .int({ error: 'subscription_count_invalid' })
        .min(1, { error: 'subscription_count_invalid' })
        .max(SUBSCRIPTION_RULES.maxCount, { error: 'subscription_count_invalid' }),
    }),
    z.object({ action: z.literal('address'), address_id: z.coerce.number().int().positive() }),
    z.object({ action: z.literal('pay_by'), pay_by: z.enum(['card', 'wallet']) }),
    z.object({ action: z.literal('pause') }),
    z.object({ action: z.literal('resume') }),
    z.object({ action: z.literal('cancel') }),
  ],
  { error: 'bad_request' },
);
export type SubscriptionChange = z.output<typeof subscriptionChangeSchema>;

const percent = z.coerce
  .number({ error: 'subscription_discount_invalid' })
  .int({ error: 'subscription_discount_invalid' })
  .min(0, { error: 'subscription_discount_invalid' })
  .max(SUBSCRIPTION_RULES.maxDiscount, { error: 'subscription_discount_invalid' });

/** The back office: the shop's discount for subscriptions, and a product's own (null: the shop's). */
export const subscriptionSettingsSchema = z.object({ discount: percent });
export const productSubscriptionDiscountSchema = z.object({ discount: percent.nullable() });

/** The back office's lists. */
export const staffSubscriptionQuerySchema = z.object({
  view: z.enum(['all', 'upcoming', 'failed']).default('all'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
