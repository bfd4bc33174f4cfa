// The shop's own drivers and cash on delivery settled (issue 62): the driver's marks, the Deliveries
// page's assignments, the cash hand-ins and the remittance statements. Forms send strings; shared by
// the staff app's forms and the API's contract, as the Delivery page's schemas are.
import { z } from '../zod';
import { normalizeDigits } from '../text/digits';
import { STATEMENT_CARRIERS, STATEMENT_CURRENCIES } from '../cod/statement';

/** Who took the parcel: the shopper herself, her family, the building's guard, someone else (named). */
export const RECEIVERS = ['customer', 'family', 'guard', 'other'] as const;
export const FAIL_REASONS = ['not_home', 'no_answer', 'wrong_address', 'refused', 'other'] as const;

const text = (v: unknown) => (typeof v === 'string' ? normalizeDigits(v).trim() : v);
const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().max(max).optional());
/** An amount typed in the currency's major unit ("12.500"); the API converts it with its decimals. */
const amount = z.preprocess(
  text,
  z.string({ error: 'mandatory-field' }).regex(/^\d{1,7}(\.\d{1,3})?$/, { error: 'cod_amount_invalid' }),
);
const id = z.preprocess(text, z.coerce.number().int().positive());
const day = z.preprocess(text, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'delivery_date_invalid' }));

export const driverDeliveredSchema = z
  .object({
    received_by: z.enum(RECEIVERS, { error: 'driver_receiver_required' }),
    receiver_name: optionalText(100),
    /** The cash collected; required on a cash parcel (the API knows which). */
    cash: z.preprocess((v) => (v === '' ? undefined : v), amount.optional()),
    cash_note: optionalText(300),
  })
  .refine((v) => v.received_by === 'customer' || v.receiver_name, {
    error: 'driver_receiver_name_required',
    path: ['receiver_name'],
  });

export const driverFailedSchema = z
  .object({
    reason: z.enum(FAIL_REASONS, { error: 'driver_reason_required' }),
    note: optionalText(300),
  })
  .refine((v) => v.reason !== 'other' || v.note, { error: 'driver_note_required', path: ['note'] });

export const stopAssignSchema = z.object({
  stop_id: id,
  /** '' or absent: back to the stops to assign. */
  staff_id: z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable()),
});
export const stopMoveSchema = z.object({ stop_id: id, direction: z.enum(['up', 'down']) });
export const driverZoneSchema = z.object({
  kind: z.enum(['area', 'governorate']),
  zone_id: id,
  staff_id: z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable()),
});

export const handinSchema = z.object({
  staff_id: id,
  day,
  amount,
  note: optionalText(300),
});

export const remittanceFileSchema = z.object({
  carrier: z.enum(STATEMENT_CARRIERS),
  currency: z.enum(STATEMENT_CURRENCIES),
  statement_ref: z.preprocess(text, z.string().min(1, { error: 'mandatory-field' }).max(100)),
  file_name: z.string().max(200),
  /** The file's text as uploaded (at most COD_FILE_MAX_BYTES). */
  csv: z.string().min(1, { error: 'cod_file_empty' }).max(2_000_000, { error: 'cod_file_too_large' }),
});
export const COD_FILE_MAX_BYTES = 2_000_000;

/** The preview's page of lines (issue 73: a statement of 75,000 lines answered 9.7 MB at once). */
export const COD_PREVIEW_PAGE_SIZE = 200;
export const remittancePreviewSchema = remittanceFileSchema.extend({
  /** Which page of lines to answer, from 1; the counts and total are always the whole file's. */
  page: z.int().min(1).max(100_000).optional(),
});
