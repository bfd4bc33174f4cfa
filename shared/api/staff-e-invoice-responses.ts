// The owner's list of Saudi e-invoices as ZATCA answered them (GET /staff/e-invoices,
// api/src/routes/staff/e-invoices.ts; issue 75): the query, the route's response schema (decision 68)
// and the type the back office's page reads, one declaration.
import { z } from '../zod';

/** Which documents: those that need the owner (refused, with warnings, waiting: the default), or one status. */
export const E_INVOICE_FILTERS = ['attention', 'refused', 'warning', 'pending', 'reported', 'all'] as const;
export type EInvoiceFilter = (typeof E_INVOICE_FILTERS)[number];

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'item_validation_error' })
  .optional()
  .or(z.literal('').transform(() => undefined));

export const eInvoiceListQuery = z.object({
  status: z
    .enum(E_INVOICE_FILTERS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Issued on or after / on or before, Gulf dates. */
  from: day,
  to: day,
});
export type EInvoiceListQuery = z.infer<typeof eInvoiceListQuery>;

const zatcaMessageSchema = z.object({
  type: z.string(),
  code: z.string(),
  category: z.string(),
  message: z.string(),
  status: z.string(),
});

const eInvoiceRowSchema = z.object({
  key: z.string(),
  kind: z.enum(['invoice', 'credit-note', 'debit-note']),
  /** The order it is for (a refund's order too), null for a booking. */
  order_id: z.int().nullable(),
  refund_id: z.int().nullable(),
  booking_ref: z.string().nullable(),
  state: z.enum(['waiting', 'signed']),
  /** Why it is not signed yet (the chain's refusal: no-stamp, certificate-expired…). */
  waiting_reason: z.string().nullable(),
  icv: z.int().nullable(),
  total_minor: z.int().nullable(),
  /** The order's currency and country, to format the total; null for a booking. */
  currency: z.string().nullable(),
  country: z.string().nullable(),
  /** When it was signed, else when the sale asked for it. */
  at: z.number(),
  report_status: z.enum(['pending', 'reported', 'warning', 'refused']),
  report_attempts: z.int(),
  next_report_at: z.number().nullable(),
  reported_at: z.number().nullable(),
  /** ZATCA's errors and warnings, or while it waits the last fault (type RETRY). */
  messages: z.array(zatcaMessageSchema),
});
export type EInvoiceRow = z.infer<typeof eInvoiceRowSchema>;

export const eInvoiceListSchema = z.object({
  attention: z.object({
    overdue: z.int(),
    oldest_waiting_at: z.number().nullable(),
    pending: z.int(),
    stamp_problem: z.enum(['no-csid', 'csid-refused', 'cannot-sign']).nullable(),
    refused: z.int(),
    warnings: z.int(),
  }),
  /** Newest first, 200 at most. */
  documents: z.array(eInvoiceRowSchema),
});
export type EInvoiceListResponse = z.infer<typeof eInvoiceListSchema>;
