// The back office's order inputs: search and filters, the shipping step, cancel and refunds.
// Shared by the staff app's forms and the API's contract.
import { z } from '../zod';
import { COUNTRY_CODES } from '../locale';
import { normalizeDigits } from '../text/digits';

/** Where an order stands, as staff filter it: the order's status, with 'processing' split in two. */
export const ORDER_STAGES = [
  'to_confirm',
  'confirmed',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'pending_payment',
  'payment_failed',
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

/** The carriers the shop ships with in Kuwait and Saudi Arabia. */
export const CARRIERS = ['aramex', 'dhl', 'smsa', 'naqel', 'kuwait_post', 'spl', 'shop_courier'] as const;

export const REFUND_REASONS = ['damaged', 'missing_item', 'late_delivery', 'goodwill', 'cancelled', 'other'] as const;
export const REFUND_METHODS = ['wallet', 'gateway'] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'item_validation_error' })
  .optional()
  .or(z.literal('').transform(() => undefined));

export const staffOrderListQuery = z.object({
  q: z.string().trim().max(120).optional(),
  stage: z
    .enum(ORDER_STAGES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  country: z
    .enum(COUNTRY_CODES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  from: day,
  to: day,
  /** Gift orders only (decision 34). */
  gift: z
    .literal('1')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Orders whose delivery promise was missed and that are still on their way (decision 65). */
  late: z
    .literal('1')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type StaffOrderListQuery = z.infer<typeof staffOrderListQuery>;

const note = z.string().trim().max(500).optional();

export const staffOrderStepSchema = z.object({ note });

export const staffOrderShipSchema = z.object({
  carrier: z.enum(CARRIERS, { error: 'mandatory-field' }),
  tracking_number: z
    .string({ error: 'mandatory-field' })
    .transform(normalizeDigits)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { error: 'mandatory-field' })
        .max(64)
        .regex(/^[A-Za-z0-9-]+$/, { error: 'item_validation_error' }),
    ),
  tracking_url: z
    .string()
    .trim()
    .max(300)
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url({ protocol: /^https$/, error: 'item_validation_error' }).optional()),
  note,
});

export const staffOrderCancelSchema = z.object({
  confirm: z.literal(true, { error: 'mandatory-field' }),
  /**
   * Where what the card paid goes back (the wallet part always returns to the wallet): through the
   * gateway unless staff choose the shopper's wallet.
   */
  refund_method: z.enum(REFUND_METHODS, { error: 'mandatory-field' }).default('gateway'),
  note,
});

/** Local sandbox only: a tester settles a gateway refund the sandbox left pending. */
export const staffRefundSettleSchema = z.object({
  status: z.enum(['succeeded', 'failed'], { error: 'mandatory-field' }),
});

export const staffOrderRefundSchema = z.object({
  /** Minor units of the order's currency. */
  amount: z.number({ error: 'mandatory-field' }).int().positive({ error: 'item_validation_error' }),
  method: z.enum(REFUND_METHODS, { error: 'mandatory-field' }),
  reason: z.enum(REFUND_REASONS, { error: 'mandatory-field' }),
  note,
  /**
   * Minted when the refund form is shown: the API refunds once per key, and a form sent again (a double
   * click, a reload) is answered as the first was, refunding nothing more.
   */
  idempotency_key: z.uuid({ error: 'item_validation_error' }),
});
