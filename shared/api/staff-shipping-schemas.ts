// The back office's shipping (issue 62, decision 66): the inputs of the ship page and its answers.
import { z } from '../zod';
import { COUNTRY_CODES } from '../locale';
import { CURRENCY_CODES } from '../countries';
import { PAYMENT_METHODS } from './order-facts';
import { ORDER_STATUSES } from './order-facts';
import { PARCEL_CARRIERS, SHIPMENT_STATUSES } from './parcel-facts';

const country = z.enum(COUNTRY_CODES);
const carrier = z.enum(PARCEL_CARRIERS);
const currency = z.enum(CURRENCY_CODES);
const ids = z.array(z.number().int().positive()).min(1).max(100);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'shipping_day_invalid' });

export const shippingListQuery = z.object({ country: country.optional() });
export const shipOrdersSchema = z.object({
  order_ids: ids,
  /** A carrier staff chose for an order instead of the rules' choice; one the rules allow for its parcel. */
  carriers: z
    .array(z.object({ order_id: z.number().int().positive(), carrier }))
    .max(100)
    .optional(),
});
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

// What the shipping routes answer (api/src/routes/staff/shipping.ts): their response schemas (decision 68)
// and the types the Ship page and the order page's parcels read, one declaration.

/** A parcel as the Ship page and the order page show it. */
const parcelViewSchema = z.object({
  id: z.int(),
  order_id: z.int(),
  country,
  carrier,
  status: z.enum(SHIPMENT_STATUSES),
  reference: z.string(),
  tracking_number: z.string().nullable(),
  /** A label file is stored. */
  label: z.boolean(),
  weight_grams: z.int(),
  cod_amount: z.int(),
  currency,
  create_tries: z.int(),
  /** The last failure: a refusal's carrier code and words, or why the carrier could not be reached. */
  error: z
    .object({ kind: z.enum(['refused', 'unavailable']), code: z.string().nullable(), message: z.string() })
    .nullable(),
  items: z.array(z.object({ sku_id: z.int(), count: z.int() })),
  created_at: z.number(),
});
export type ParcelView = z.infer<typeof parcelViewSchema>;

/** GET /staff/shipping: the orders ready to ship, the recent parcels and pickups of the countries shown. */
export const shippingPageSchema = z.object({
  countries: z.array(country),
  /** The home country's today (kept for older readers); each country's own is in `days`. */
  today: z.string(),
  /** Each country's today on its own clocks (its manifest's and pickup's day). */
  days: z.partialRecord(country, z.string()),
  /** Confirmed or packed, or shipped in part; `left` pieces are in no parcel yet. */
  orders: z.array(
    z.object({
      id: z.int(),
      country,
      currency: z.string(),
      total: z.int(),
      payment_method: z.enum(PAYMENT_METHODS),
      status: z.enum(ORDER_STATUSES),
      stage_packed: z.int(),
      created_at: z.number(),
      left: z.int(),
      /** The carrier the rules choose for what is left (null: no rule fits). */
      carrier: carrier.nullable(),
      /** The carriers staff may choose instead: every one a fitting rule names, the rules' choice first. */
      carriers: z.array(carrier),
    }),
  ),
  parcels: z.array(parcelViewSchema),
  pickups: z.array(
    z.object({
      id: z.int(),
      carrier,
      country,
      day: z.string(),
      carrier_ref: z.string().nullable(),
      status: z.enum(['booked', 'failed', 'cancelled']),
      carrier_error: z.string().nullable(),
    }),
  ),
});
export type ShippingData = z.infer<typeof shippingPageSchema>;

/** POST /staff/shipping/ship: the parcels queued, and each order refused with its message key. */
export const shipOrdersAnswerSchema = z.object({
  queued: z.array(z.int()),
  failed: z.array(z.object({ order_id: z.int(), msg: z.string() })),
});
export type ShipOrdersAnswer = z.infer<typeof shipOrdersAnswerSchema>;

/** A part shipment or a retry: the parcel queued. */
export const parcelQueuedSchema = z.object({ queued: z.array(z.int()) });

/** GET /staff/shipping/orders/:id/parcels: its parcels and what each line still has to ship. */
export const orderParcelsSchema = z.object({
  parcels: z.array(parcelViewSchema),
  lines: z.array(
    z.object({
      sku_id: z.int(),
      name: z.string(),
      sku_name: z.string(),
      ordered: z.int(),
      /** In parcels already (any but cancelled ones). */
      shipped: z.int(),
      weight_grams: z.int(),
    }),
  ),
});
export type OrderParcelsData = z.infer<typeof orderParcelsSchema>;

/** GET /staff/shipping/manifest without format=csv: the query and the day's parcels of the carrier. */
export const manifestSchema = z.object({
  country,
  carrier,
  day: z.string(),
  format: z.literal('json').optional(),
  lines: z.array(
    z.object({
      reference: z.string(),
      order_id: z.int(),
      tracking_number: z.string().nullable(),
      weight_grams: z.int(),
      cod_amount: z.int(),
      currency,
      pieces: z.int(),
    }),
  ),
});

/** POST /staff/shipping/pickups: the pickup booked, the carrier's reference and how many parcels it takes. */
export const pickupBookedSchema = z.object({ pickup_id: z.int(), carrier_ref: z.string(), parcels: z.int() });
export type PickupBooked = z.infer<typeof pickupBookedSchema>;

/** A carrier rule as stored: zones 'all' or area ids joined by commas. */
const carrierRuleRowSchema = z.object({
  id: z.int(),
  country,
  priority: z.int(),
  zones: z.string(),
  speed: z.enum(['any', 'same_day', 'next_day', 'standard']),
  cod: z.enum(['any', 'yes', 'no']),
  max_weight_grams: z.int().nullable(),
  carrier,
  updated_at: z.number(),
});
export type RuleView = z.infer<typeof carrierRuleRowSchema>;

/** GET /staff/shipping/rules: the rules of the countries the grant reads, by country and priority. */
export const carrierRulesListSchema = z.object({ countries: z.array(country), rules: z.array(carrierRuleRowSchema) });
export type CarrierRulesList = z.infer<typeof carrierRulesListSchema>;

/** POST /staff/shipping/rules: how many rules were saved. */
export const carrierRulesSavedSchema = z.object({ saved: z.int() });
