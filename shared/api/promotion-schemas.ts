// The back office's promotion form (decision 33), shared by the staff app's form and the
// API's contract. Form fields arrive as strings (empty: not set); the API gets the parsed values
// back and parses them again, so every field takes both its string and its parsed form.
import { z } from '../zod';
import { COUNTRY_CODES, type CountryCode } from '../locale';
import { COUNTRY_FACTS } from '../countries';
import { normalizeDigits } from '../text/digits';
import { GIFT_LIMIT, PROMOTION_KINDS } from '../orders/promotions';
import { decimalToMinor } from './people-schemas';

const text = (v: unknown) => (typeof v === 'string' ? normalizeDigits(v).trim() : v);
const blank = (v: unknown) => (typeof v === 'string' && v === '' ? undefined : v);

const int = (min: number, max: number, fallback?: number) =>
  z.preprocess(
    (v) => blank(text(v)) ?? fallback,
    z.coerce.number({ error: 'item_validation_error' }).int({ error: 'item_validation_error' }).min(min).max(max),
  );
const optionalInt = (max: number) =>
  z.preprocess((v) => blank(text(v)), z.coerce.number().int().min(1).max(max).optional());

/** "12, 401 77" or [12, 401, 77]: SKU or product ids, at most 25, no repeats. */
const ids = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? normalizeDigits(v)
          .split(/[\s,،]+/)
          .filter(Boolean)
      : (v ?? []),
  z
    .array(z.coerce.number({ error: 'item_validation_error' }).int().positive({ error: 'item_validation_error' }))
    .max(GIFT_LIMIT, { error: 'item_validation_error' })
    .refine((list) => new Set(list).size === list.length, { error: 'item_validation_error' }),
);

const date = z.preprocess(
  (v) => blank(text(v)),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'item_validation_error' })
    .optional(),
);

const name = z.string({ error: 'mandatory-field' }).trim().min(1, { error: 'mandatory-field' }).max(120);

/** A cart total typed in a country's currency ("20.000", "250"); its decimals are checked with the country. */
const thresholdText = z.preprocess(
  (v) => blank(typeof v === 'number' ? String(v) : text(v)),
  z
    .string()
    .regex(/^\d{1,7}(\.\d{1,3})?$/, { error: 'item_validation_error' })
    .optional(),
);

/** The countries a promotion runs in: its one country, or both. */
const thresholdCountries = (country: CountryCode | null): readonly CountryCode[] =>
  country === null ? COUNTRY_CODES : [country];

/** A `min_subtotal_<code>` field for each country, as the offer form names them. */
const thresholdFields = Object.fromEntries(COUNTRY_CODES.map((c) => [`min_subtotal_${c}`, thresholdText])) as Record<
  `min_subtotal_${CountryCode}`,
  typeof thresholdText
>;

export const promotionInputSchema = z
  .object({
    kind: z.enum(PROMOTION_KINDS, { error: 'item_validation_error' }),
    name_en: name,
    name_ar: name,
    country: z.preprocess((v) => (v === '' ? null : v), z.enum(COUNTRY_CODES).nullable().default(null)),
    starts_on: date,
    ends_on: date,
    /**
     * gift_threshold: the cart total in each country it runs in, typed in that country's currency as the
     * shopper pays it ("20.000" KWD, "250" SAR; decision 52), never converted.
     */
    ...thresholdFields,
    buy_count: int(1, GIFT_LIMIT, 1),
    free_count: int(0, GIFT_LIMIT, 0),
    max_per_order: int(1, GIFT_LIMIT, 1),
    max_uses: optionalInt(1_000_000),
    priority: int(-1000, 1000, 0),
    gift_skus: ids,
    target_products: ids,
    target_skus: ids,
  })
  .refine((p) => !p.starts_on || !p.ends_on || p.starts_on <= p.ends_on, {
    path: ['ends_on'],
    error: 'item_validation_error',
  })
  .superRefine((p, ctx) => {
    if (p.kind !== 'gift_threshold') return;
    for (const country of thresholdCountries(p.country ?? null)) {
      const field = `min_subtotal_${country}` as const;
      const value = p[field];
      if (!value) ctx.addIssue({ code: 'custom', path: [field], message: 'mandatory-field' });
      else if ((value.split('.')[1]?.length ?? 0) > COUNTRY_FACTS[country].decimals)
        ctx.addIssue({ code: 'custom', path: [field], message: 'country_amount_decimals' });
      else if (decimalToMinor(value, COUNTRY_FACTS[country].decimals) <= 0)
        ctx.addIssue({ code: 'custom', path: [field], message: 'item_validation_error' });
    }
  })
  .refine((p) => p.kind === 'buy_x_get_y' || p.gift_skus.length > 0, { path: ['gift_skus'], error: 'mandatory-field' })
  .refine((p) => p.kind !== 'buy_x_get_y' || p.free_count > 0, { path: ['free_count'], error: 'item_validation_error' })
  .refine((p) => p.kind === 'gift_threshold' || p.target_products.length + p.target_skus.length > 0, {
    path: ['target_products'],
    error: 'mandatory-field',
  });
export type PromotionInput = z.output<typeof promotionInputSchema>;

/** The stored values of a promotion form (each country's minor units; counts that do not apply to the kind reset). */
export function promotionValues(input: PromotionInput) {
  return {
    kind: input.kind,
    name_en: input.name_en,
    name_ar: input.name_ar,
    country: (input.country ?? null) as CountryCode | null,
    /** gift_threshold: each country's cart total in its minor units; null where it does not run. */
    thresholds: Object.fromEntries(
      COUNTRY_CODES.map((country) => {
        const text = input[`min_subtotal_${country}`];
        const runs = input.kind === 'gift_threshold' && thresholdCountries(input.country ?? null).includes(country);
        return [country, runs && text ? decimalToMinor(text, COUNTRY_FACTS[country].decimals) : null];
      }),
    ) as Record<CountryCode, number | null>,
    buy_count: input.kind === 'gift_threshold' ? 1 : input.buy_count,
    free_count: input.kind === 'buy_x_get_y' ? input.free_count : 0,
    max_per_order: input.max_per_order,
    max_uses: input.max_uses ?? null,
    priority: input.priority,
    gift_skus: input.kind === 'buy_x_get_y' ? [] : input.gift_skus,
    target_products: input.kind === 'gift_threshold' ? [] : input.target_products,
    target_skus: input.kind === 'gift_threshold' ? [] : input.target_skus,
  };
}
