// The back office's Amounts form (decision 52): a country's owner-set amounts, typed in that country's
// currency ("200", "15.000"), at most its decimals, stored as its minor units. Shared by the staff app's
// form and the API's contract.
import { z } from '../zod';
import type { COUNTRY_AMOUNT_KEYS, CountryAmounts } from '../country-amounts';
import { COUNTRY_CODES, type CountryCode } from '../locale';
import { COUNTRY_FACTS } from '../countries';
import { normalizeDigits } from '../text/digits';

/** The form's field of each amount: its stored key without `_minor`. */
export const AMOUNT_FIELDS = [
  'free_delivery',
  'price_quick_max',
  'price_range_max',
  'unlock_margin',
  'wallet_top_up_max',
] as const satisfies readonly AmountKeyField[];
type AmountKeyField = (typeof COUNTRY_AMOUNT_KEYS)[number] extends `${infer F}_minor` ? F : never;
export type CountryAmountField = (typeof AMOUNT_FIELDS)[number];

/** At most 1,000,000 units of either currency: a typo's extra zeros are refused, not stored. */
const MAX_MAJOR = 1_000_000;

const amount = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? normalizeDigits(v).trim().replace(/,/g, '') : v),
  z
    .string({ error: 'mandatory-field' })
    .min(1, { error: 'mandatory-field' })
    .regex(/^\d{1,7}(\.\d{1,3})?$/, { error: 'item_validation_error' }),
);

const decimalPlaces = (text: string) => text.split('.')[1]?.length ?? 0;

/** "200" or "15.000" with the country's decimals → minor units, from the digits (no float). */
export function amountToMinor(text: string, country: CountryCode): number {
  const decimals = COUNTRY_FACTS[country].decimals;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0').slice(0, decimals) || '0');
}

export const countryAmountsInputSchema = z
  .object({
    country: z.enum(COUNTRY_CODES, { error: 'item_validation_error' }),
    free_delivery: amount,
    price_quick_max: amount,
    price_range_max: amount,
    unlock_margin: amount,
    wallet_top_up_max: amount,
  })
  .superRefine((input, ctx) => {
    for (const field of AMOUNT_FIELDS) {
      const text = input[field];
      if (decimalPlaces(text) > COUNTRY_FACTS[input.country].decimals)
        ctx.addIssue({ code: 'custom', path: [field], message: 'country_amount_decimals' });
      else if (Number(text) <= 0 || Number(text) > MAX_MAJOR)
        ctx.addIssue({ code: 'custom', path: [field], message: 'item_validation_error' });
    }
    if (Number(input.price_quick_max) > Number(input.price_range_max))
      ctx.addIssue({ code: 'custom', path: ['price_quick_max'], message: 'country_amount_quick_above_range' });
  });
export type CountryAmountsInput = z.output<typeof countryAmountsInputSchema>;

/** The stored amounts of a valid form: minor units of the country's currency. */
export function countryAmountsValues(input: CountryAmountsInput): CountryAmounts {
  const to = (field: CountryAmountField) => amountToMinor(input[field], input.country);
  return {
    free_delivery_minor: to('free_delivery'),
    price_quick_max_minor: to('price_quick_max'),
    price_range_max_minor: to('price_range_max'),
    unlock_margin_minor: to('unlock_margin'),
    wallet_top_up_max_minor: to('wallet_top_up_max'),
  };
}

/** A ticked box as a form sends it ("on"), or the boolean the staff worker hands on; anything else is off. */
const ticked = z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean());

/** An optional amount: empty is none (null), else typed as the amounts are. */
const optionalAmount = z.preprocess(
  (v) => (v === null || v === undefined || (typeof v === 'string' && normalizeDigits(v).trim() === '') ? null : v),
  amount.nullable(),
);

/**
 * Cash on delivery in one country (issue 77, the Amounts page's own form): offered or not, and the
 * largest amount due paid in cash, typed in the country's currency (empty: no cap). Accepts its own
 * output, as the staff worker checks the form and hands the result on to the API.
 */
export const countryCashInputSchema = z
  .object({
    country: z.enum(COUNTRY_CODES, { error: 'item_validation_error' }),
    cod_enabled: ticked,
    cod_max: optionalAmount,
  })
  .superRefine((input, ctx) => {
    const text = input.cod_max;
    if (text === null) return;
    if (decimalPlaces(text) > COUNTRY_FACTS[input.country].decimals)
      ctx.addIssue({ code: 'custom', path: ['cod_max'], message: 'country_amount_decimals' });
    else if (Number(text) <= 0 || Number(text) > MAX_MAJOR)
      ctx.addIssue({ code: 'custom', path: ['cod_max'], message: 'item_validation_error' });
  });
export type CountryCashInput = z.output<typeof countryCashInputSchema>;

/** The stored columns of a valid cash form (country_settings.cod_enabled, cod_max_minor). */
export function countryCashValues(input: CountryCashInput): { cod_enabled: boolean; cod_max_minor: number | null } {
  return {
    cod_enabled: input.cod_enabled,
    cod_max_minor: input.cod_max === null ? null : amountToMinor(input.cod_max, input.country),
  };
}

/**
 * One country's amounts as the back office's amounts routes answer them (GET and POST
 * /staff/settings/amounts, POST /staff/settings/cash-on-delivery): the routes' response schemas
 * (decision 68) and the page's type. Cash on delivery's are the owner's choice or, until she makes
 * one, the country's default (shared/payments/cash-on-delivery.ts).
 */
export const countryAmountsViewSchema = z.object({
  country: z.enum(COUNTRY_CODES),
  free_delivery_minor: z.int(),
  price_quick_max_minor: z.int(),
  price_range_max_minor: z.int(),
  unlock_margin_minor: z.int(),
  wallet_top_up_max_minor: z.int(),
  cod_enabled: z.boolean(),
  /** Minor units of the country's currency; null: no cap. */
  cod_max_minor: z.int().nullable(),
}) satisfies z.ZodType<{ country: CountryCode } & CountryAmounts>;
export type CountryAmountsView = z.infer<typeof countryAmountsViewSchema>;

/** GET /staff/settings/amounts: the countries the member may read. */
export const countryAmountsListSchema = z.object({ countries: z.array(countryAmountsViewSchema) });
