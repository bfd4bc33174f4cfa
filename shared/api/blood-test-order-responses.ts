// What the blood-test booking routes answer (decision 68: the routes' `response`, checked against every
// integration test's answer); the types the checkout and profile pages read (../blood-tests/order-types.ts)
// are inferred from these. Kept apart from the request schemas, which the booking forms load. A patient
// and an order carry health data: their objects are strict, so an answer that sent one field more than
// described here fails the route's tests instead of reaching the shopper's browser unseen.
import { RESULT_FLAGS } from '../blood-tests/results';
import { z } from '../zod';
import {
  BLOOD_TEST_ORDER_STATUSES,
  BLOOD_TEST_PAYMENT_METHODS,
  BLOOD_TEST_PAYMENT_STATES,
  PATIENT_RELATIONS,
  PATIENT_SEXES,
  SLOT_WINDOWS,
} from './blood-test-order-facts';
import { gatewayMethodSchema, unavailableMethodSchema } from './payment-method-schemas';
import { COUNTRY_CODES } from '../locale';
import { CURRENCY_CODES } from '../countries';

const country = z.enum(COUNTRY_CODES);
const currency = z.enum(CURRENCY_CODES);
const status = z.enum(BLOOD_TEST_ORDER_STATUSES);
const slotWindow = z.enum(SLOT_WINDOWS);

/** The zone asked for: a Kuwait area or a Saudi city, never both. */
const zoneFields = { area_id: z.int().optional(), city_id: z.int().optional() };

/** GET /bloodTest/slots: the next 14 days of a zone's windows, with places left. */
export const slotsAnswerSchema = z.object({
  zone: z.object({ ...zoneFields, country }),
  /** True when a chosen test needs fasting or a morning draw: only morning windows are offered. */
  mornings_only: z.boolean(),
  fasting_hours: z.int(),
  days: z.array(
    z.object({
      /** YYYY-MM-DD, Gulf local. */
      date: z.string(),
      /** A blackout day (Friday, a national holiday): no windows offered. */
      closed: z.boolean(),
      windows: z.array(
        z.object({
          window: slotWindow,
          /** "07:00" and "09:00", Gulf local time. */
          starts: z.string(),
          ends: z.string(),
          /** Places left now (capacity minus bookings and live holds); 0 = full. */
          places_left: z.int(),
          /** False when full or ruled out (lead time, fasting → mornings only). */
          available: z.boolean(),
        }),
      ),
    }),
  ),
});

/** POST /bloodTest/slots/hold: the place held for ten minutes. */
export const slotHoldAnswerSchema = z.object({
  hold_id: z.string(),
  date: z.string(),
  window: slotWindow,
  ...zoneFields,
  /** ISO time in UTC; after it the place is free again. */
  expires_at: z.string(),
});

/** The priced tests and totals (money in minor units of `currency`). */
export const bloodTestQuoteSchema = z.object({
  country,
  currency,
  items: z.array(
    z.object({
      sku_id: z.int(),
      blood_test_id: z.int(),
      name: z.string(),
      price: z.int(),
      old_price: z.int().nullable(),
    }),
  ),
  subtotal: z.int(),
  /** The coupon's discount (0 without one). */
  discount: z.int(),
  coupon: z.string().nullable(),
  /** An entered coupon that does not apply: its message key. */
  coupon_error: z.string().nullable(),
  /** VAT included in the total (Saudi Arabia, 15 %); 0 in Kuwait. */
  vat: z.int(),
  /** Per cent. */
  vat_rate: z.number(),
  wallet_balance: z.int(),
  wallet_used: z.int(),
  /** The order's total (VAT included), before the wallet part. */
  total: z.int(),
  /** What is left to pay by card or at the visit: total − wallet_used. */
  due: z.int(),
});

/** POST /bloodTestOrder/calculate: the quote, the ways to pay it, and the gateway's ways not offered with why. */
export const bloodTestCalculateAnswerSchema = bloodTestQuoteSchema.extend({
  payment_methods: z.array(z.enum(BLOOD_TEST_PAYMENT_METHODS)),
  card_methods: z.array(gatewayMethodSchema),
  unavailable_methods: z.array(unavailableMethodSchema),
});

/** A saved patient: the shopper or a family member. */
export const bloodTestPatientSchema = z.strictObject({
  id: z.int(),
  name: z.string(),
  sex: z.enum(PATIENT_SEXES),
  date_of_birth: z.string(),
  relation: z.enum(PATIENT_RELATIONS),
  country,
  /** Masked except the last four digits (•••••••• 1234): the whole id is never sent. */
  national_id_masked: z.string(),
});

/** GET /user/bloodTestPatient. */
export const bloodTestPatientListSchema = z.strictObject({ items: z.array(bloodTestPatientSchema) });

const slotSchema = z.object({ date: z.string(), window: slotWindow, starts: z.string(), ends: z.string() });

const orderSummarySchema = z.strictObject({
  id: z.int(),
  status,
  created_at: z.string(),
  currency,
  total: z.int(),
  patient_name: z.string(),
  tests_count: z.int(),
  slot: slotSchema,
});

/** GET /user/bloodTestOrder/list/…: ten orders a page, newest first. */
export const bloodTestOrderListSchema = z.strictObject({
  items: z.array(orderSummarySchema),
  page: z.int(),
  per_page: z.int(),
  total: z.int(),
  page_count: z.int(),
});

const orderItemSchema = z.strictObject({
  id: z.int(),
  sku_id: z.int(),
  blood_test_id: z.int(),
  name: z.string(),
  price: z.int(),
  fasting_hours: z.int(),
  morning_draw: z.boolean(),
  stop_biotin_hours: z.int(),
  /** Other preparation, one instruction per line. */
  preparation: z.array(z.string()),
  sample_type: z.string(),
  /** The lab's usual time to results, in hours (null: the test is no longer in the catalogue). */
  turnaround_hours: z.int().nullable(),
});

/** One approved result on the shopper's order page: values and limits are decimal texts as the lab gave them. */
const bloodTestResultLineSchema = z.strictObject({
  biomarker_id: z.int(),
  name: z.string(),
  value: z.string(),
  unit: z.string(),
  ref_low: z.string().nullable(),
  ref_high: z.string().nullable(),
  /** Null when the lab gave no range. */
  flag: z.enum(RESULT_FLAGS).nullable(),
  comment: z.string(),
});

/** GET /user/bloodTestOrder/getOrder, and what reschedule answers. Times are ISO strings in UTC. */
export const bloodTestOrderDetailSchema = orderSummarySchema.extend({
  country,
  timeline: z.array(
    z.strictObject({
      status,
      /** ISO time it happened, null while still ahead. */
      at: z.string().nullable(),
      done: z.boolean(),
    }),
  ),
  patient: bloodTestPatientSchema,
  address: z.strictObject({
    id: z.int(),
    text: z.string(),
    area_id: z.int().nullable(),
    city_id: z.int().nullable(),
  }),
  items: z.array(orderItemSchema),
  totals: z.strictObject({
    subtotal: z.int(),
    discount: z.int(),
    vat: z.int(),
    wallet_used: z.int(),
    total: z.int(),
    coupon: z.string().nullable(),
  }),
  payment: z.strictObject({
    method: z.enum(BLOOD_TEST_PAYMENT_METHODS),
    state: z.enum(BLOOD_TEST_PAYMENT_STATES),
    /** A failed card payment can be tried again (the product orders' pay-again). */
    can_pay_again: z.boolean(),
  }),
  /** Until this time (ISO UTC) the shopper may reschedule or cancel. */
  changeable_until: z.string(),
  can_reschedule: z.boolean(),
  can_cancel: z.boolean(),
  /** Set once the lab confirmed a booked visit: who is coming. */
  visit_confirmation: z.strictObject({ nurse: z.string() }).nullable(),
  /** The lab's results, once a second staff member approved them (status results_ready); empty before. */
  results: z.array(bloodTestResultLineSchema),
});

/** POST /user/bloodTestOrder/cancel: the order, and what went back to the wallet (minor units). */
export const bloodTestCancelAnswerSchema = bloodTestOrderDetailSchema.extend({ refunded_to_wallet: z.int() });

/** GET /user/bloodTestOrder/getOrderItem: the order's tests with their preparation. */
export const bloodTestOrderItemsSchema = z.strictObject({
  order_id: z.int(),
  status,
  slot: slotSchema,
  items: z.array(orderItemSchema),
});

/** POST /bloodTestOrder/submit: the booking, and the gateway page for a card payment. */
export const bloodTestSubmitAnswerSchema = z.strictObject({
  order_id: z.int(),
  status,
  /** Set for a card payment: the gateway page to open. */
  payment_url: z.string().nullable(),
  order: bloodTestOrderDetailSchema,
  /** The same idempotency key answered again: the booking made the first time. */
  replayed: z.boolean(),
});

/** POST /bloodTestOrder/payAgain: always a card payment, so always its gateway page. */
export const bloodTestPayAgainAnswerSchema = bloodTestSubmitAnswerSchema.extend({ payment_url: z.string() });
