// The back office's customers, promotions and search inputs, shared by the staff app's
// forms and the API's contract. Form fields arrive as strings: empty means "not set".
import { z } from '../zod';
import { COUNTRY_CODES, type CountryCode, DEFAULT_COUNTRY } from '../locale';
import { COUNTRY_FACTS, CURRENCY_CODES, HOME_COUNTRY } from '../countries';
import { normalizeDigits } from '../text/digits';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalInt = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? normalizeDigits(v).trim() : v),
    z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(max).optional()),
  );
/** A plain decimal number typed in a form ("1.500", "١٠"), at most `decimals` places. */
const decimal = (decimals: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? normalizeDigits(v).trim() : v),
    z
      .string({ error: 'mandatory-field' })
      .min(1, { error: 'mandatory-field' })
      .regex(new RegExp(`^\\d{1,7}(\\.\\d{1,${decimals}})?$`), { error: 'item_validation_error' }),
  );

/** "1.500" with 3 decimals → 1500: from the digits, no float rounding. */
export function decimalToMinor(text: string, decimals: number): number {
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0').slice(0, decimals) || '0');
}

// ---- Customers ----

export const customerSearchSchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().min(2).max(100).optional()),
});

export const WALLET_REASONS = ['goodwill', 'correction', 'compensation', 'refund_outside_order', 'other'] as const;

export const walletAdjustSchema = z.object({
  currency: z.enum(CURRENCY_CODES),
  direction: z.enum(['credit', 'debit']),
  /** In the currency's major unit ("5.000" KWD, "12.50" SAR); the API converts with its decimals. */
  amount: decimal(3),
  reason_code: z.enum(WALLET_REASONS, { error: 'mandatory-field' }),
  note: z.string({ error: 'mandatory-field' }).trim().min(3, { error: 'mandatory-field' }).max(500),
  /**
   * Minted when the form is shown: the API moves the money once per key, and a form sent again (a
   * double click, a reload) is answered as the first was, moving nothing more.
   */
  idempotency_key: z.uuid({ error: 'item_validation_error' }),
});

export const customerEraseSchema = z.object({
  /** The shopper's e-mail typed again, so an erasure is never a slip of the mouse. */
  confirm_email: z.string({ error: 'mandatory-field' }).trim().min(1, { error: 'mandatory-field' }).max(200),
  reason: z.string({ error: 'mandatory-field' }).trim().min(3, { error: 'mandatory-field' }).max(500),
});

// ---- Promotions ----

const date = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'item_validation_error' })
    .optional(),
);

/** The places an amount of a coupon for this country may have: its currency's, the home country's (KWD) for both countries. */
const couponDecimals = (country: CountryCode | null | undefined) => COUNTRY_FACTS[country ?? DEFAULT_COUNTRY].decimals;

/** The countries whose amounts a coupon of all countries takes beside the home country's own fields. */
export const OTHER_COUNTRIES = COUNTRY_CODES.filter((c) => c !== HOME_COUNTRY);

export const couponInputSchema = z
  .object({
    code: z
      .string({ error: 'mandatory-field' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,32}$/, { error: 'item_validation_error' }),
    kind: z.enum(['percent', 'fixed']),
    /**
     * percent: "10" or "12.5" (%); fixed: in the coupon country's currency ("15.50" SAR, "1.500" KWD),
     * or in KWD, the base currency, for a coupon of both countries (converted in Saudi Arabia).
     */
    value: decimal(3),
    /** In the same currency as a fixed amount; blank: none. */
    min_subtotal: z.preprocess(blankToUndefined, decimal(3).optional()),
    /**
     * A coupon of all countries: each other country's own fixed amount and minimum, typed in its currency
     * as the shopper pays (decision 52; `value` and `min_subtotal` are then the home country's). Keyed by
     * country code; ignored for a coupon of one country. The form's flat `value_<code>` and
     * `min_subtotal_<code>` fields arrive here through `couponFormInput`.
     */
    amounts: z
      .partialRecord(
        z.enum(COUNTRY_CODES),
        z.object({
          value: z.preprocess(blankToUndefined, decimal(3).optional()),
          min_subtotal: z.preprocess(blankToUndefined, decimal(3).optional()),
        }),
      )
      .optional(),
    max_uses: optionalInt(1_000_000),
    per_person_limit: optionalInt(1000),
    starts_on: date,
    ends_on: date,
    country: z.preprocess((v) => (v === '' ? null : v), z.enum(COUNTRY_CODES).nullable().default(null)),
  })
  .refine((c) => c.kind !== 'percent' || (Number(c.value) > 0 && Number(c.value) <= 100), {
    path: ['value'],
    error: 'item_validation_error',
  })
  .refine((c) => Number(c.value) > 0, { path: ['value'], error: 'item_validation_error' })
  // SAR has two decimal places: "10.005" is no amount of it.
  .refine((c) => c.kind === 'percent' || decimalPlaces(c.value) <= couponDecimals(c.country), {
    path: ['value'],
    error: 'coupon_amount_decimals',
  })
  .refine((c) => !c.min_subtotal || decimalPlaces(c.min_subtotal) <= couponDecimals(c.country), {
    path: ['min_subtotal'],
    error: 'coupon_amount_decimals',
  })
  .refine((c) => !c.starts_on || !c.ends_on || c.starts_on <= c.ends_on, {
    path: ['ends_on'],
    error: 'item_validation_error',
  })
  // All countries: each other country's amounts are its own, in its currency, never the home country's
  // converted; a fixed coupon needs each country's amount off.
  .superRefine((c, ctx) => {
    if (c.country) return;
    for (const country of OTHER_COUNTRIES) {
      const own = c.amounts?.[country];
      const path = (field: string) => ['amounts', country, field];
      if (c.kind === 'fixed' && !(own?.value && Number(own.value) > 0))
        ctx.addIssue({ code: 'custom', path: path('value'), message: 'mandatory-field' });
      for (const field of ['value', 'min_subtotal'] as const) {
        const text = own?.[field];
        if (text && decimalPlaces(text) > COUNTRY_FACTS[country].decimals)
          ctx.addIssue({ code: 'custom', path: path(field), message: 'coupon_amount_decimals' });
      }
    }
  });
export type CouponInput = z.infer<typeof couponInputSchema>;

const decimalPlaces = (text: string) => text.split('.')[1]?.length ?? 0;

/**
 * The stored values of a coupon form: basis points, or minor units of the coupon country's currency
 * (for a coupon of both countries Kuwait's on the row, and each country's in `amounts`).
 */
export function couponValues(input: CouponInput) {
  const country = (input.country ?? null) as CountryCode | null;
  const places = couponDecimals(country);
  return {
    code: input.code,
    kind: input.kind,
    value: input.kind === 'percent' ? decimalToMinor(input.value, 2) : decimalToMinor(input.value, places),
    min_subtotal_fils: input.min_subtotal ? decimalToMinor(input.min_subtotal, places) : 0,
    max_uses: input.max_uses ?? null,
    per_person_limit: input.per_person_limit ?? null,
    country,
    currency: country ? COUNTRY_FACTS[country].currency : null,
    /** A coupon of all countries: each country's amount off (fixed) and minimum, minor units of its currency. */
    amounts: country === null ? allCountryAmounts(input) : null,
  };
}

/** A coupon of all countries' amounts per country: the home country's on the form's own fields, the others' in `amounts`. */
function allCountryAmounts(input: CouponInput) {
  return Object.fromEntries(
    COUNTRY_CODES.map((country) => {
      const own = country === HOME_COUNTRY ? input : input.amounts?.[country];
      const places = COUNTRY_FACTS[country].decimals;
      return [
        country,
        {
          value: input.kind === 'fixed' && own?.value ? decimalToMinor(own.value, places) : 0,
          min: own?.min_subtotal ? decimalToMinor(own.min_subtotal, places) : 0,
        },
      ];
    }),
  ) as Record<CountryCode, { value: number; min: number }>;
}

/**
 * The coupon form's flat fields as the contract takes them: `value_<code>` and `min_subtotal_<code>` of each
 * other country into `amounts`, keyed by its code.
 */
export function couponFormInput(values: Record<string, string>) {
  const rest: Record<string, unknown> = { ...values };
  const amounts: Record<string, { value?: string; min_subtotal?: string }> = {};
  for (const country of OTHER_COUNTRIES) {
    amounts[country] = { value: values[`value_${country}`], min_subtotal: values[`min_subtotal_${country}`] };
    delete rest[`value_${country}`];
    delete rest[`min_subtotal_${country}`];
  }
  return { ...rest, amounts };
}

// ---- Search ----

export const synonymAddSchema = z.object({
  /** Blank: a new set. */
  set_id: optionalInt(1_000_000),
  phrase: z.string({ error: 'mandatory-field' }).trim().min(1, { error: 'mandatory-field' }).max(80),
});
