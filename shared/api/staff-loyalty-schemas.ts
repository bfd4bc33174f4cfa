// The back office's loyalty forms (issue 47, decision 58): a country's rules and its three tiers, and a
// manual adjustment of a shopper's points. One schema each, shared by the staff app's forms and the
// API's contract, so both refuse the same input with the same message key on the same field. Amounts of
// money are typed in the country's currency ("0.200", "20.00"), at most its decimals, and stored as its
// minor units (decision 52: per country, never converted); points and counts are whole numbers.
import { z } from '../zod';
import { COUNTRY_CODES } from '../locale';
import { COUNTRY_FACTS } from '../countries';
import { normalizeDigits } from '../text/digits';
import { amountToMinor } from './country-amounts-schemas';
import { TIERS, type LoyaltyRules, type TierCode, type TierRule } from '../loyalty/types';
import { POINTS_KINDS } from '../loyalty/kinds';
import { loyaltyRulesSchema, tierRuleSchema } from '../loyalty/answer-schemas';

/** Form text as typed: Arabic-Indic digits read as Latin, thousands separators and spaces dropped. */
const typed = (v: unknown) =>
  typeof v === 'number' ? String(v) : typeof v === 'string' ? normalizeDigits(v).trim().replace(/[,\s]/g, '') : v;

/** A whole number in a range (points, counts, months, days, hours). */
const whole = (min: number, max: number, outOfRange = 'points_rules_whole_number') =>
  z.preprocess(
    typed,
    z
      .string({ error: 'mandatory-field' })
      .min(1, { error: 'mandatory-field' })
      .regex(/^\d{1,7}$/, { error: 'points_rules_whole_number' })
      .transform(Number)
      .refine((n) => n >= min && n <= max, { error: outOfRange }),
  );

/** An amount of money as typed; its decimals and range are checked against the country below. */
const money = z.preprocess(
  typed,
  z
    .string({ error: 'mandatory-field' })
    .min(1, { error: 'mandatory-field' })
    .regex(/^\d{1,7}(\.\d{1,3})?$/, { error: 'item_validation_error' }),
);
/** The same, or empty for "none" (a tier without its own free-delivery threshold). */
const optionalMoney = z.preprocess(
  typed,
  z.union([z.literal(''), z.string().regex(/^\d{1,7}(\.\d{1,3})?$/, { error: 'item_validation_error' })]).optional(),
);
/** ×1 to ×5, at most two decimals ("1", "1.25"). */
const multiplier = z.preprocess(
  typed,
  z
    .string({ error: 'mandatory-field' })
    .min(1, { error: 'mandatory-field' })
    .regex(/^\d(\.\d{1,2})?$/, { error: 'points_rules_multiplier_range' }),
);
/** A checkbox: present ("on", "1", true) or not. */
const checkbox = z.preprocess((v) => v === true || v === 'on' || v === '1' || v === 'true', z.boolean());

/** The money fields of the rules (their stored columns have the same names). */
export const RULES_MONEY_FIELDS = [
  'redeem_step_value',
  'min_payable',
  'referral_discount',
  'referral_min_subtotal',
] as const;
/** The whole-number fields of the rules, with their bounds (the table's CHECKs, or a sane ceiling). */
export const RULES_WHOLE_FIELDS = {
  points_per_unit: [0, 1000],
  blood_test_points_per_unit: [0, 1000],
  consultation_points_per_unit: [0, 1000],
  review_points: [0, 1_000_000],
  birthday_points: [0, 1_000_000],
  redeem_step_points: [1, 1_000_000],
  expiry_months: [1, 60],
  expiry_notice_days: [0, 90],
  referrer_points: [0, 1_000_000],
  referral_monthly_cap: [0, 1000],
} as const satisfies Record<string, readonly [number, number]>;
export type RulesWholeField = keyof typeof RULES_WHOLE_FIELDS;
export type RulesMoneyField = (typeof RULES_MONEY_FIELDS)[number];

/** A tier's form fields: `<tier>_<field>`. */
export const TIER_FIELDS = ['min_spend', 'multiplier', 'free_delivery', 'early_access_hours'] as const;
export type TierField = (typeof TIER_FIELDS)[number];
export const tierField = (tier: TierCode, field: TierField) => `${tier}_${field}` as const;

/** At most 1,000,000 units of either currency: a typo's extra zeros are refused, not stored. */
const MAX_MAJOR = 1_000_000;
const decimalPlaces = (text: string) => text.split('.')[1]?.length ?? 0;

const tierShape = Object.fromEntries(
  TIERS.flatMap((tier) => [
    [tierField(tier, 'min_spend'), money],
    [tierField(tier, 'multiplier'), multiplier],
    [tierField(tier, 'free_delivery'), optionalMoney],
    [tierField(tier, 'early_access_hours'), whole(0, 336)],
  ]),
) as {
  [K in `${TierCode}_${TierField}`]: K extends `${string}_free_delivery`
    ? typeof optionalMoney
    : K extends `${string}_multiplier`
      ? typeof multiplier
      : K extends `${string}_min_spend`
        ? typeof money
        : ReturnType<typeof whole>;
};

const wholeShape = Object.fromEntries(
  Object.entries(RULES_WHOLE_FIELDS).map(([field, [min, max]]) => [
    field,
    whole(min, max, field === 'redeem_step_points' ? 'points_rules_step_positive' : 'points_rules_whole_number'),
  ]),
) as Record<RulesWholeField, ReturnType<typeof whole>>;

/** A tier field's value as text ('' for an empty optional one), whatever its parsed type. */
const tierText = (input: object) => (field: string) => {
  const value = (input as Record<string, unknown>)[field];
  return value === undefined || value === null ? '' : String(value);
};

export const loyaltyRulesInputSchema = z
  .object({
    country: z.enum(COUNTRY_CODES, { error: 'item_validation_error' }),
    ...wholeShape,
    redeem_step_value: money,
    min_payable: money,
    referral_discount: money,
    referral_min_subtotal: money,
    is_active: checkbox,
    ...tierShape,
  })
  .superRefine((input, ctx) => {
    const decimals = COUNTRY_FACTS[input.country].decimals;
    const moneyOk = (field: string, text: string, min: number) => {
      if (decimalPlaces(text) > decimals) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'country_amount_decimals' });
        return false;
      }
      if (Number(text) < min || Number(text) > MAX_MAJOR) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'item_validation_error' });
        return false;
      }
      return true;
    };
    if (moneyOk('redeem_step_value', input.redeem_step_value, 0) && Number(input.redeem_step_value) === 0)
      ctx.addIssue({ code: 'custom', path: ['redeem_step_value'], message: 'points_rules_step_positive' });
    moneyOk('min_payable', input.min_payable, 0);
    const discountOk = moneyOk('referral_discount', input.referral_discount, 0);
    const minOk = moneyOk('referral_min_subtotal', input.referral_min_subtotal, 0);
    // The friend's discount is taken from a subtotal of at least the minimum: it cannot be more.
    if (discountOk && minOk && Number(input.referral_discount) > Number(input.referral_min_subtotal))
      ctx.addIssue({ code: 'custom', path: ['referral_discount'], message: 'points_rules_referral_above_minimum' });
    if (input.expiry_notice_days >= input.expiry_months * 28)
      ctx.addIssue({ code: 'custom', path: ['expiry_notice_days'], message: 'points_rules_notice_too_long' });

    const text = tierText(input);
    let previous = null as { spend: number; bp: number } | null;
    for (const tier of TIERS) {
      const spendField = tierField(tier, 'min_spend');
      const spendOk = moneyOk(spendField, text(spendField), 0);
      const spend = spendOk ? amountToMinor(text(spendField), input.country) : null;
      if (tier === 'bronze' && spend !== null && spend !== 0)
        ctx.addIssue({ code: 'custom', path: [spendField], message: 'points_rules_bronze_zero' });
      const multField = tierField(tier, 'multiplier');
      const bp = Math.round(Number(text(multField)) * 10_000);
      const bpOk = bp >= 10_000 && bp <= 50_000;
      if (!bpOk) ctx.addIssue({ code: 'custom', path: [multField], message: 'points_rules_multiplier_range' });
      const freeField = tierField(tier, 'free_delivery');
      const free = text(freeField);
      if (free && moneyOk(freeField, free, 0) && Number(free) === 0)
        ctx.addIssue({ code: 'custom', path: [freeField], message: 'item_validation_error' });
      if (previous && spend !== null && spend <= previous.spend)
        ctx.addIssue({ code: 'custom', path: [spendField], message: 'points_rules_tiers_increasing' });
      if (previous && bpOk && bp < previous.bp)
        ctx.addIssue({ code: 'custom', path: [multField], message: 'points_rules_multipliers_increasing' });
      previous = { spend: spend ?? previous?.spend ?? 0, bp: bpOk ? bp : (previous?.bp ?? 10_000) };
    }
  });
export type LoyaltyRulesInput = z.output<typeof loyaltyRulesInputSchema>;

/** What a country's rules store: the rules row's columns, and its three tiers. */
export interface LoyaltyRulesValues {
  rules: Omit<LoyaltyRules, 'country'>;
  tiers: TierRule[];
}

/** The stored values of a valid form: minor units of the country's currency, multipliers in basis points. */
export function loyaltyRulesValues(input: LoyaltyRulesInput): LoyaltyRulesValues {
  const minor = (text: string) => amountToMinor(text, input.country);
  const rules = {
    ...(Object.fromEntries(Object.keys(RULES_WHOLE_FIELDS).map((f) => [f, input[f as RulesWholeField]])) as Record<
      RulesWholeField,
      number
    >),
    ...(Object.fromEntries(RULES_MONEY_FIELDS.map((f) => [f, minor(input[f])])) as Record<RulesMoneyField, number>),
    is_active: input.is_active,
  };
  const text = tierText(input);
  const tiers = TIERS.map((tier): TierRule => {
    const free = text(tierField(tier, 'free_delivery'));
    return {
      tier,
      min_spend: minor(text(tierField(tier, 'min_spend'))),
      earn_multiplier_bp: Math.round(Number(text(tierField(tier, 'multiplier'))) * 10_000),
      free_delivery_minor: free ? minor(free) : null,
      early_access_hours: Number(text(tierField(tier, 'early_access_hours'))),
    };
  });
  return { rules, tiers };
}

/** The field errors of a refused form, first message per field (the form shows each beside its input). */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The most points one adjustment may move: a typo's extra zeros are refused. */
const MAX_ADJUST_POINTS = 1_000_000;

/**
 * A manual adjustment: points added or taken away in a country, with the reason the shopper reads in her
 * history, and the event key the form was given so that a double submit writes once.
 */
export const pointsAdjustSchema = z.object({
  country: z.enum(COUNTRY_CODES, { error: 'item_validation_error' }),
  direction: z.enum(['add', 'remove'], { error: 'item_validation_error' }),
  points: z.preprocess(
    typed,
    z
      .string({ error: 'points_adjust_points_invalid' })
      .regex(/^\d{1,7}$/, { error: 'points_adjust_points_invalid' })
      .transform(Number)
      .refine((n) => n > 0 && n <= MAX_ADJUST_POINTS, { error: 'points_adjust_points_invalid' }),
  ),
  reason: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'points_adjust_reason_required' })
      .min(3, { error: 'points_adjust_reason_required' })
      .max(300, { error: 'points_adjust_reason_too_long' }),
  ),
  event_key: z.uuid({ error: 'item_validation_error' }),
});
export type PointsAdjustInput = z.output<typeof pointsAdjustSchema>;

/** The points ledger's page query (GET /staff/loyalty/customers/:id). */
export const pointsLedgerQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
});

/** The report's query: the Gulf month it ends with (YYYY-MM); the 12 months up to it. */
export const loyaltyReportQuery = z.object({
  month: z
    .string()
    .regex(/^20\d\d-(0[1-9]|1[0-2])$/, { error: 'date_invalid' })
    .optional(),
});

// A country's rules and tiers as the back office's routes answer them: the same rows the shop's own
// points routes answer (shared/loyalty/answer-schemas.ts).

/** One country's rules and tiers (GET /staff/loyalty/rules lists them; POST answers the saved one). */
export const countryLoyaltyRulesSchema = z.object({
  country: z.enum(COUNTRY_CODES),
  currency: z.string(),
  rules: loyaltyRulesSchema,
  tiers: z.array(tierRuleSchema),
  /** The latest change to the rules or a tier; null when never changed. */
  updated_at: z.number().nullable(),
});
export type CountryLoyaltyRules = z.infer<typeof countryLoyaltyRulesSchema>;

export const loyaltyRulesListSchema = z.object({ countries: z.array(countryLoyaltyRulesSchema) });

/** GET /staff/loyalty/customers/:id: her points per country and a page of her ledger, newest first. */
export const staffPointsViewSchema = z.object({
  accounts: z.array(
    z.object({ country: z.enum(COUNTRY_CODES), balance: z.int(), tier: z.enum(TIERS), spend_12m: z.int() }),
  ),
  lines: z.array(
    z.object({
      id: z.int(),
      country: z.enum(COUNTRY_CODES),
      kind: z.enum(POINTS_KINDS),
      amount: z.int(),
      balance_after: z.int(),
      expires_at: z.int().nullable(),
      order_id: z.int().nullable(),
      blood_test_order_id: z.int().nullable(),
      consultation_id: z.int().nullable(),
      refund_id: z.int().nullable(),
      /** An adjustment's reason, which she reads in her history. */
      reason: z.string().nullable(),
      staff_name: z.string().nullable(),
      created_at: z.int(),
    }),
  ),
  /** The id to pass as `before` for the next (older) page; null on the last. */
  next: z.int().nullable(),
});
export type StaffPointsView = z.infer<typeof staffPointsViewSchema>;

/** POST /staff/loyalty/customers/:id/adjust: her balance after it; replayed when the event key was written before. */
export const pointsAdjustedSchema = z.object({
  country: z.enum(COUNTRY_CODES),
  balance: z.int(),
  replayed: z.boolean(),
});
export type PointsAdjusted = z.infer<typeof pointsAdjustedSchema>;
