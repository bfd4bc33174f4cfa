// The back office's Blood tests area: the inputs of the visit list, results entry and
// approval, test prices, collection capacity and blackout days, shared by the staff app's forms and
// the API's contract. Numbers typed on an Arabic keyboard (١٢٫٥) count as the same number.
import { z } from '../zod';
import { ADDRESS } from '../countries/address';
import { COUNTRY_CODES, type CountryCode } from '../locale';
import { COUNTRY_FACTS } from '../countries';
import { SLOT_WINDOWS } from './blood-test-order-schemas';
import { normalizeDigits } from '../text/digits';
import { isMobileNumber } from '../phone/mobile';
import { nationalNumber, PHONE_RULES } from './account-schemas';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (d: string) => DATE.test(d) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
const dateText = z.string().refine(isRealDate, { error: 'date_invalid' });

/**
 * A zone as stored on orders and capacity rows: `area:<id>` (Kuwait) or `city:<id>` (Saudi Arabia, the
 * Emirates). Its country is the place's own (api/src/blood-tests/lab-catalogue.ts), not its kind's.
 */
const ZONE_PATTERN = new RegExp(`^(${COUNTRY_CODES.map((c) => ADDRESS[c].zone).join('|')}):[1-9]\\d{0,9}$`);

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A decimal as a lab reports it: optional minus, up to 9 digits, up to 6 decimals; "" is no value. */
const DECIMAL = /^-?\d{1,9}(\.\d{1,6})?$/;
const decimalText = (error: string) =>
  z
    .string()
    .max(40)
    .transform((v) => normalizeDigits(v).trim().replace(/^\+/, '').replace(/,/g, '.'))
    .pipe(z.string().regex(DECIMAL, { error }))
    // "007.50" → "7.50": one spelling per number, the decimals as typed.
    .transform((v) => v.replace(/^(-?)0+(?=\d)/, '$1'));
const optionalDecimal = (error: string) =>
  z
    .union([z.literal(''), z.null(), decimalText(error)])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));

export const visitsQuerySchema = z.object({
  date: dateText.optional(),
  zone: z.string().regex(ZONE_PATTERN).optional(),
  country: z.enum(COUNTRY_CODES).optional(),
});

export const labOrderBodySchema = z.object({ order_id: id });

const resultLineSchema = z
  .object({
    biomarker_id: id,
    value: decimalText('result_value_invalid'),
    unit: z.string().trim().min(1, { error: 'mandatory-field' }).max(30),
    ref_low: optionalDecimal('result_range_invalid'),
    ref_high: optionalDecimal('result_range_invalid'),
    comment: z.string().trim().max(500).optional().default(''),
  })
  // A range is two different limits, low below high: one number for both is a typing slip, not a range.
  .refine((r) => r.ref_low === null || r.ref_high === null || Number(r.ref_low) < Number(r.ref_high), {
    error: 'result_range_invalid',
    path: ['ref_high'],
  });
export type ResultLineInput = z.output<typeof resultLineSchema>;

export const resultsSaveSchema = z.object({
  order_id: id,
  results: z.array(resultLineSchema).min(1, { error: 'mandatory-field' }).max(100),
});

/** Money typed in the country's major unit ("9.500" KWD, "150.00" SAR): answered in minor units. */
function toMinorUnits(text: string, country: CountryCode): number | null {
  const m = /^(\d{1,7})(?:\.(\d+))?$/.exec(normalizeDigits(text).trim());
  const decimals = COUNTRY_FACTS[country].decimals;
  if (!m || (m[2]?.length ?? 0) > decimals) return null;
  return Number(m[1]) * 10 ** decimals + Number((m[2] ?? '').padEnd(decimals, '0') || 0);
}

export const testPriceSchema = z
  .object({
    sku_id: id,
    country: z.enum(COUNTRY_CODES),
    price: z.string().max(20),
    old_price: z.string().max(20).optional().default(''),
  })
  .transform((o, ctx) => {
    const price = toMinorUnits(o.price, o.country);
    const old = o.old_price.trim() === '' ? null : toMinorUnits(o.old_price, o.country);
    if (price === null || (o.old_price.trim() !== '' && old === null)) {
      ctx.addIssue({ code: 'custom', message: 'price_invalid', path: ['price'] });
      return z.NEVER;
    }
    if (old !== null && old <= price) {
      ctx.addIssue({ code: 'custom', message: 'old_price_not_higher', path: ['old_price'] });
      return z.NEVER;
    }
    return { sku_id: o.sku_id, country: o.country, price, old_price: old };
  });

export const testActiveSchema = z.object({
  blood_test_id: id,
  active: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
});

export const capacitySchema = z.object({
  zone: z.string().regex(ZONE_PATTERN, { error: 'slot_zone_required' }),
  window: z.enum(SLOT_WINDOWS, { error: 'slot_unavailable' }),
  capacity: z.coerce.number().int().min(0).max(50),
});
export const capacityRemoveSchema = capacitySchema.pick({ zone: true, window: true });
export const capacityQuerySchema = z.object({ country: z.enum(COUNTRY_CODES).optional() });

export const blackoutSchema = z.object({
  country: z.enum(COUNTRY_CODES),
  date: dateText,
  name_en: z.string().trim().min(1, { error: 'mandatory-field' }).max(80),
  name_ar: z.string().trim().min(1, { error: 'mandatory-field' }).max(80),
});
export const blackoutRemoveSchema = blackoutSchema.pick({ country: true, date: true });

/** Who makes a visit: one of the lab's nurses in the visit's country. */
export const visitNurseSchema = z.object({ order_id: id, nurse_id: id });

/** A nurse added to the lab's list: a name and a mobile number of that country, in any form people type. */
export const nurseCreateSchema = z
  .object({
    country: z.enum(COUNTRY_CODES),
    name: z.string({ error: 'mandatory-field' }).trim().min(1, { error: 'mandatory-field' }).max(80),
    phone: z
      .string({ error: 'mandatory-field' })
      .overwrite(normalizeDigits)
      .trim()
      .min(1, { error: 'mandatory-field' })
      .max(30),
  })
  .refine((v) => isMobileNumber(v.country, nationalNumber(v.phone)), {
    error: 'nurse_phone_invalid',
    path: ['phone'],
  })
  .transform((v) => ({ ...v, phone: `${PHONE_RULES[v.country].dial}${nationalNumber(v.phone)}` }));

export const nurseActiveSchema = z.object({
  nurse_id: id,
  active: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
});
