// The back office's shipping (issue 62, decision 66): the inputs of the ship page and its answers.
import { z } from '../zod';

const country = z.enum(['KW', 'SA']);
const carrier = z.enum(['local', 'aramex', 'smsa', 'dhl', 'own']);
const ids = z.array(z.number().int().positive()).min(1).max(100);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'shipping_day_invalid' });

export const shippingListQuery = z.object({ country: country.optional() });
export const shipOrdersSchema = z.object({ order_ids: ids });
export const shipPartSchema = z.object({
  lines: z
    .array(z.object({ sku_id: z.number().int().positive(), count: z.number().int().min(0).max(1000) }))
    .min(1)
    .max(100),
});
export const labelsQuery = z.object({ ids: z.string().regex(/^\d+(,\d+){0,99}$/) });
export const manifestQuery = z.object({ country, carrier, day, format: z.enum(['json', 'csv']).optional() });
export const pickupSchema = z.object({ country, carrier, day });
const carrierRuleSchema = z.object({
  country,
  priority: z.number().int().min(0).max(10000),
  zones: z.union([z.literal('all'), z.array(z.number().int().positive()).min(1).max(500)]),
  speed: z.enum(['any', 'same_day', 'next_day', 'standard']),
  cod: z.enum(['any', 'yes', 'no']),
  max_weight_grams: z.number().int().positive().nullable(),
  carrier,
});
export const carrierRulesSchema = z.object({
  country,
  rules: z.array(carrierRuleSchema.omit({ country: true })).max(50),
});

export interface ParcelView {
  id: number;
  order_id: number;
  country: 'KW' | 'SA';
  carrier: z.infer<typeof carrier>;
  status: string;
  reference: string;
  tracking_number: string | null;
  label: boolean;
  weight_grams: number;
  cod_amount: number;
  currency: 'KWD' | 'SAR';
  create_tries: number;
  /** The last failure: a refusal's carrier code and words, or why the carrier could not be reached. */
  error: { kind: 'refused' | 'unavailable'; code: string | null; message: string } | null;
  items: Array<{ sku_id: number; count: number }>;
  created_at: number;
}
