// After a failed delivery attempt (issue 62): the shopper's answer from her order page, another delivery
// day or her corrected address and phone. One schema for the page's form and the API.
import { z } from '../zod';
import { normalizeDigits } from '../text/digits';

const base = {
  order_id: z.number().int().positive(),
  /** A guest's order link key (as cancel and pay again take it). */
  key: z
    .string()
    .regex(/^[0-9a-f]{64}$/, { error: 'item_validation_error' })
    .optional(),
};

export const redeliverySchema = z.discriminatedUnion('kind', [
  z.object({
    ...base,
    kind: z.literal('day'),
    day: z
      .string({ error: 'redelivery_day_invalid' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'redelivery_day_invalid' }),
  }),
  z.object({
    ...base,
    kind: z.literal('address'),
    lines: z
      .array(z.string().trim().min(1, { error: 'mandatory-field' }).max(200), { error: 'mandatory-field' })
      .min(1, { error: 'mandatory-field' })
      .max(4),
    phone: z
      .string({ error: 'mandatory-field' })
      .overwrite(normalizeDigits)
      .trim()
      .regex(/^\+?\d{8,15}$/, { error: 'phone_invalid' }),
  }),
]);
export type RedeliveryInput = z.infer<typeof redeliverySchema>;

/** How many delivery days she may choose from after a failed attempt. */
export const REDELIVERY_DAYS = 4;
