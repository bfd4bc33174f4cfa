// Blood-test booking inputs, shared by the checkout forms (which show the messages) and the
// API (which enforces them). Messages are dictionary keys. Shapes stay stable: fields are added, never
// renamed, because the checkout pages are built against them.
import { cleanNationalId, validateNationalId } from '../blood-tests/national-id';
import { GATEWAY_METHODS_ALL } from '../payments/gateway-methods';
import { stcPayPhone } from './order-schemas';
import { normalizeDigits } from '../text/digits';
import { z } from '../zod';

import {
  MAX_BLOOD_TEST_LINES,
  PATIENT_SEXES,
  PATIENT_RELATIONS,
  SLOT_WINDOWS,
  BLOOD_TEST_PAYMENT_METHODS,
} from './blood-test-order-facts';
import { COUNTRY_CODES } from '../locale';
import { COUNTRY_FACTS } from '../countries';

export { SLOT_WINDOWS, type SlotWindow } from './blood-test-order-facts';

const positiveId = z.coerce
  .number({ error: 'item_validation_error' })
  .int()
  .positive({ error: 'item_validation_error' });

const isoDate = z
  .string({ error: 'mandatory-field' })
  .overwrite(normalizeDigits)
  .trim()
  .min(1, { error: 'mandatory-field', abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'item_validation_error', abort: true })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    },
    { error: 'item_validation_error' },
  );

/** A patient: the shopper or a family member. The national id is checked for the given country. */
export const patientSchema = z
  .object({
    name: z.string({ error: 'mandatory-field' }).trim().min(1, { error: 'mandatory-field' }).max(80),
    sex: z.enum(PATIENT_SEXES, { error: 'mandatory-field' }),
    date_of_birth: isoDate.refine((v) => v <= new Date().toISOString().slice(0, 10) && v >= '1900-01-01', {
      error: 'patient_birth_date_invalid',
    }),
    relation: z.enum(PATIENT_RELATIONS, { error: 'mandatory-field' }),
    country: z.enum(COUNTRY_CODES, { error: 'mandatory-field' }),
    national_id: z.string({ error: 'mandatory-field' }).overwrite(cleanNationalId).min(1, { error: 'mandatory-field' }),
  })
  .superRefine((v, ctx) => {
    if (!v.national_id) return;
    const r = validateNationalId(v.country, v.national_id, v.date_of_birth);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.error, path: ['national_id'] });
  });
export type PatientInput = z.output<typeof patientSchema>;

const skuIds = z
  .array(positiveId, { error: 'cart_empty' })
  .min(1, { error: 'cart_empty' })
  .max(MAX_BLOOD_TEST_LINES)
  .transform((ids) => [...new Set(ids)]);

/** GET /bloodTest/slots?area_id=…|city_id=…&sku_ids=1,2 (query strings: numbers arrive as text). */
export const slotQuerySchema = z
  .object({
    area_id: positiveId.optional(),
    city_id: positiveId.optional(),
    sku_ids: z
      .union([z.string(), z.array(z.string())])
      .transform((v): unknown[] => (Array.isArray(v) ? v.join(',') : v).split(',').filter((s) => s.trim() !== ''))
      .pipe(skuIds),
  })
  .refine((v) => (v.area_id === undefined) !== (v.city_id === undefined), {
    error: 'slot_zone_required',
    path: ['area_id'],
  });

/** One slot: the zone (Kuwait area or Saudi city), the day (Gulf local) and the window. */
const slotFields = {
  area_id: positiveId.optional(),
  city_id: positiveId.optional(),
  date: isoDate,
  window: z.enum(SLOT_WINDOWS, { error: 'slot_unavailable' }),
};

/** POST /bloodTest/slots/hold: held for 10 minutes; a new hold replaces the shopper's previous one. */
export const slotHoldSchema = z
  .object({ ...slotFields, sku_ids: skuIds })
  .refine((v) => (v.area_id === undefined) !== (v.city_id === undefined), {
    error: 'slot_zone_required',
    path: ['area_id'],
  });

const coupon = z
  .string()
  .trim()
  .max(40)
  .transform((v) => (v === '' ? undefined : v.toUpperCase()))
  .optional();

/** POST /bloodTestOrder/calculate. */
export const bloodTestCalculateSchema = z.object({
  items: z
    .array(z.object({ sku_id: positiveId }), { error: 'cart_empty' })
    .min(1, { error: 'cart_empty' })
    .max(MAX_BLOOD_TEST_LINES),
  coupon,
  use_wallet: z.boolean().optional(),
});
export type BloodTestCalculateInput = z.output<typeof bloodTestCalculateSchema>;

/** POST /bloodTestOrder/submit. */
export const bloodTestSubmitSchema = bloodTestCalculateSchema
  .extend({
    /** A fresh random key per checkout attempt: retries with it never book twice. */
    idempotency_key: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, { error: 'idempotency_key_invalid' }),
    /** A saved patient of the shopper… */
    patient_id: positiveId.optional(),
    /** …or a new one (saved for next time). */
    patient: patientSchema.optional(),
    address_id: positiveId,
    hold_id: z.string({ error: 'slot_hold_expired' }).regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'slot_hold_expired' }),
    consent: z.literal(true, { error: 'consent_required' }),
    consent_version: z.string({ error: 'consent_required' }).min(1, { error: 'consent_required' }).max(40),
    payment_method: z.enum(BLOOD_TEST_PAYMENT_METHODS, { error: 'payment_method_required' }),
    card_method: z.enum(GATEWAY_METHODS_ALL).optional(),
    /** STC Pay's account number (card_method stc_pay): the address's phone when not given. */
    stc_pay_phone: stcPayPhone.optional(),
    /** The currency of the totals she saw (issue 77): another country's is refused with checkout_country_changed. */
    currency: z.enum(COUNTRY_CODES.map((c) => COUNTRY_FACTS[c].currency)).optional(),
  })
  .refine((v) => (v.patient_id === undefined) !== (v.patient === undefined), {
    error: 'patient_required',
    path: ['patient_id'],
  });
export type BloodTestSubmitInput = z.output<typeof bloodTestSubmitSchema>;

/** POST /user/bloodTestOrder/reschedule: a new hold for the same zone replaces the booked slot. */
export const bloodTestRescheduleSchema = z.object({
  order_id: positiveId,
  hold_id: z.string({ error: 'slot_hold_expired' }).regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'slot_hold_expired' }),
});

/** POST /user/bloodTestOrder/cancel. */
export const bloodTestCancelSchema = z.object({ order_id: positiveId });

/** POST /bloodTestOrder/payAgain: a booking whose card payment failed takes its place again and pays. */
export const bloodTestPayAgainSchema = z.object({
  order_id: positiveId,
  card_method: z.enum(GATEWAY_METHODS_ALL).optional(),
  stc_pay_phone: stcPayPhone.optional(),
});

/** ?id= of getOrder, getOrderItem and ics. */
export const bloodTestOrderIdQuerySchema = z.object({ id: positiveId });
