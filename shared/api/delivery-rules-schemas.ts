// The back office's Delivery page (issue 62, decision 65): a country's working days and cut-offs, each
// speed's zones, days on the way and fee, and the owner's holiday corrections. Forms send strings
// (a checkbox per weekday, "14:00", "3.500"); shared by the staff app's forms and the API's contract.
import { z } from '../zod';
import { COUNTRY_CODES } from '../locale';
import { COUNTRY_FACTS } from '../countries';
import { normalizeDigits } from '../text/digits';
import { DELIVERY_SPEEDS } from '../delivery/promise';
import { amountToMinor } from './country-amounts-schemas';

/** The weekdays in the form's order: the Gulf week starts on Saturday. */
export const FORM_WEEKDAYS = [6, 0, 1, 2, 3, 4, 5] as const;

const text = (v: unknown) => (typeof v === 'string' ? normalizeDigits(v).trim() : v);
const ticked = z.preprocess((v) => v === 'on' || v === '1' || v === true, z.boolean());

/** "14:00" → minutes after midnight. */
const clock = z.preprocess(
  text,
  z
    .string({ error: 'mandatory-field' })
    .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, { error: 'delivery_time_invalid' })
    .transform((t) => {
      const [h, m] = t.split(':').map(Number);
      return h! * 60 + m!;
    }),
);

const weekdayFields = (prefix: 'dispatch' | 'delivery') =>
  Object.fromEntries(FORM_WEEKDAYS.map((d) => [`${prefix}_${d}`, ticked.optional()])) as Record<
    `${typeof prefix}_${(typeof FORM_WEEKDAYS)[number]}`,
    z.ZodOptional<typeof ticked>
  >;

const daysOf = (input: Record<string, unknown>, prefix: string) =>
  FORM_WEEKDAYS.filter((d) => input[`${prefix}_${d}`] === true).sort();

export const deliveryRulesInputSchema = z
  .object({
    country: z.enum(COUNTRY_CODES, { error: 'item_validation_error' }),
    cutoff: clock,
    ramadan_cutoff: clock,
    ...weekdayFields('dispatch'),
    ...weekdayFields('delivery'),
  })
  .superRefine((input, ctx) => {
    if (daysOf(input, 'dispatch').length === 0)
      ctx.addIssue({ code: 'custom', path: ['dispatch_6'], message: 'delivery_days_none' });
    if (daysOf(input, 'delivery').length === 0)
      ctx.addIssue({ code: 'custom', path: ['delivery_6'], message: 'delivery_days_none' });
  })
  .transform((input) => ({
    country: input.country,
    dispatch_days: daysOf(input, 'dispatch'),
    delivery_days: daysOf(input, 'delivery'),
    cutoff_minute: input.cutoff,
    ramadan_cutoff_minute: input.ramadan_cutoff,
  }));

export const deliverySpeedInputSchema = z
  .object({
    country: z.enum(COUNTRY_CODES, { error: 'item_validation_error' }),
    speed: z.enum(DELIVERY_SPEEDS, { error: 'item_validation_error' }),
    active: ticked.optional(),
    /** "all", or the areas' (Kuwait) or cities' (Saudi Arabia) ids: "1, 2, 5". */
    zones: z.preprocess(
      (v) => (typeof v === 'string' ? normalizeDigits(v).trim().toLowerCase().replace(/\s+/g, '') : v),
      z
        .string({ error: 'mandatory-field' })
        .regex(/^(all|\d{1,6}(,\d{1,6}){0,199})$/, { error: 'delivery_zones_invalid' }),
    ),
    transit_days: z.preprocess(
      text,
      z.string({ error: 'mandatory-field' }).regex(/^([0-9]|[12][0-9]|30)$/, { error: 'delivery_transit_invalid' }),
    ),
    /** Empty: the country's delivery fee (and its free-delivery threshold). */
    fee: z.preprocess(
      (v) => (typeof v === 'string' ? normalizeDigits(v).trim().replace(/,/g, '') : v),
      z.string().regex(/^(\d{1,6}(\.\d{1,3})?)?$/, { error: 'item_validation_error' }),
    ),
  })
  .superRefine((input, ctx) => {
    const decimals = COUNTRY_FACTS[input.country].decimals;
    if ((input.fee.split('.')[1]?.length ?? 0) > decimals)
      ctx.addIssue({ code: 'custom', path: ['fee'], message: 'country_amount_decimals' });
  })
  .transform((input) => ({
    country: input.country,
    speed: input.speed,
    active: input.active === true,
    zones: input.zones === 'all' ? ('all' as const) : [...new Set(input.zones.split(',').map(Number))],
    transit_days: Number(input.transit_days),
    fee_minor: input.fee === '' ? null : amountToMinor(input.fee, input.country),
  }));

/** A day the shop neither ships nor delivers on (closed: "1"), or a default day it works after all ("0"). */
export const deliveryHolidayInputSchema = z.object({
  country: z.enum(COUNTRY_CODES, { error: 'item_validation_error' }),
  date: z.preprocess(
    text,
    z
      .string({ error: 'mandatory-field' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'delivery_date_invalid' })
      .refine(
        (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
        {
          error: 'delivery_date_invalid',
        },
      ),
  ),
  holiday: z.preprocess(text, z.string().max(80, { error: 'item_validation_error' })),
  closed: z.enum(['0', '1'], { error: 'item_validation_error' }),
});

/** GET /staff/settings/delivery: each country the member may read (decision 68: the route's response schema). */
const deliverySettingsCountrySchema = z.object({
  country: z.enum(COUNTRY_CODES),
  rules: z.object({
    dispatch_days: z.array(z.int()),
    delivery_days: z.array(z.int()),
    cutoff_minute: z.int(),
    ramadan_cutoff_minute: z.int(),
  }),
  speeds: z.array(
    z.object({
      speed: z.enum(DELIVERY_SPEEDS),
      zones: z.union([z.literal('all'), z.array(z.int())]),
      transit_days: z.int(),
      fee_minor: z.int().nullable(),
      active: z.boolean(),
    }),
  ),
  /** The country's delivery fee, which a speed without its own fee charges (and free delivery waives). */
  delivery_fee_minor: z.int().nullable(),
  /** The next twelve months' holidays: the defaults (holiday: their id) with the owner's corrections. */
  holidays: z.array(z.object({ date: z.string(), holiday: z.string(), default: z.boolean(), closed: z.boolean() })),
});
export type DeliverySettingsCountry = z.infer<typeof deliverySettingsCountrySchema>;

export const deliverySettingsListSchema = z.object({ countries: z.array(deliverySettingsCountrySchema) });

/** POST /staff/settings/delivery/rules: the rules as saved. */
export const deliveryRulesSavedSchema = deliverySettingsCountrySchema.shape.rules.extend({
  country: z.enum(COUNTRY_CODES),
});
/** POST /staff/settings/delivery/speeds: the speed as saved. */
export const deliverySpeedSavedSchema = deliverySettingsCountrySchema.shape.speeds.element.extend({
  country: z.enum(COUNTRY_CODES),
});
/** POST /staff/settings/delivery/holidays: the day as saved ("1" closed, "0" a default day worked after all). */
export const deliveryHolidaySavedSchema = z.object({
  country: z.enum(COUNTRY_CODES),
  date: z.string(),
  holiday: z.string(),
  closed: z.enum(['0', '1']),
});
