// What the back office's returns routes answer (api/src/routes/staff/returns.ts, api/src/returns/staff.ts):
// the routes' response schemas (decision 68) and the types the returns pages read, one declaration.
import { z } from '../zod';
import { COUNTRY_CODES, LANGS } from '../locale';
import { CURRENCY_CODES } from '../countries';
import { RETURN_REASONS, RETURN_STATUSES } from '../orders/returns';
import { PARCEL_CARRIERS, SHIPMENT_STATUSES } from './parcel-facts';

const currency = z.enum(CURRENCY_CODES);

/** One return of the queue, with its parcel's step and error and how many pieces it holds. */
const returnListRowSchema = z.object({
  id: z.int(),
  order_id: z.int(),
  country: z.enum(COUNTRY_CODES),
  currency,
  reason: z.enum(RETURN_REASONS),
  status: z.enum(RETURN_STATUSES),
  created_at: z.number(),
  refund_amount: z.int().nullable(),
  /** Null: no parcel yet. */
  parcel_status: z.enum(SHIPMENT_STATUSES).nullable(),
  carrier_error: z.string().nullable(),
  pieces: z.int(),
});
export type ReturnListRow = z.infer<typeof returnListRowSchema>;

/** GET /staff/returns: newest first, 30 a page. */
export const staffReturnListSchema = z.object({
  items: z.array(returnListRowSchema),
  total: z.int(),
  page: z.int(),
  per_page: z.int(),
});
export type ReturnList = z.infer<typeof staffReturnListSchema>;

/** One return as its page shows it: what each step answers too. */
export const staffReturnSchema = z.object({
  id: z.int(),
  order_id: z.int(),
  country: z.enum(COUNTRY_CODES),
  currency,
  lang: z.enum(LANGS),
  reason: z.enum(RETURN_REASONS),
  unopened: z.boolean(),
  note: z.string().nullable(),
  status: z.enum(RETURN_STATUSES),
  created_at: z.number(),
  updated_at: z.number(),
  refund_id: z.int().nullable(),
  refund_amount: z.int().nullable(),
  reject_reason: z.string().nullable(),
  /** Each returned line; `resellable` null until inspected. */
  items: z.array(z.object({ sku_id: z.int(), name: z.string(), count: z.int(), resellable: z.boolean().nullable() })),
  photos: z.array(z.object({ id: z.string(), content_type: z.string() })),
  parcel: z
    .object({
      id: z.int(),
      carrier: z.enum(PARCEL_CARRIERS),
      status: z.enum(SHIPMENT_STATUSES),
      tracking_number: z.string().nullable(),
      /** A label file is stored (GET /staff/returns/:id/label). */
      label: z.boolean(),
      error: z.string().nullable(),
      tries: z.int(),
    })
    .nullable(),
  /** Its steps, oldest first (return_events.kind). */
  events: z.array(
    z.object({
      kind: z.enum(['requested', 'pickup_booked', 'label_ready', 'received', 'inspected', 'refunded', 'rejected']),
      at: z.number(),
      note: z.string().nullable(),
    }),
  ),
  /** The refund the return would give now (goods share, plus delivery when the shop was at fault). */
  refund_preview: z.int(),
});
export type StaffReturn = z.infer<typeof staffReturnSchema>;
