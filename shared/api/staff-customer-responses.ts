// What the back office's customer routes answer (api/src/routes/staff/customers.ts): the routes'
// response schemas (decision 68) and the types the customer pages read, one declaration each.
import { z } from '../zod';
import { COUNTRY_CODES, LANGS } from '../locale';
import { CURRENCY_CODES } from '../countries';
import { PAYMENT_METHODS } from './order-facts';
import { WALLET_REASONS } from './people-schemas';

const country = z.enum(COUNTRY_CODES);
const walletCurrency = z.enum(CURRENCY_CODES);

/** GET /staff/customers: up to 25 shoppers, newest first, with how many orders each placed. */
export const customerSearchAnswerSchema = z.object({
  customers: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      /** '' for an account made with a phone code. */
      email: z.string(),
      phone: z.string().nullable(),
      created_at: z.int(),
      orders: z.int(),
    }),
  ),
});
export type CustomerSearch = z.infer<typeof customerSearchAnswerSchema>;
export type CustomerHit = CustomerSearch['customers'][number];

/** GET /staff/customers/:id: only the countries the grant reaches; bookings by count and status only. */
export const customerAnswerSchema = z.object({
  customer: z.object({
    id: z.int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    lang: z.enum(LANGS),
    created_at: z.int(),
    deleted_at: z.int().nullable(),
  }),
  countries: z.array(country),
  orders: z.array(
    z.object({
      id: z.int(),
      country,
      currency: z.string(),
      status: z.string(),
      payment_method: z.enum(PAYMENT_METHODS),
      total: z.int(),
      created_at: z.int(),
    }),
  ),
  blood_test_orders: z.array(z.object({ status: z.string(), country, count: z.int() })),
  wallets: z.array(z.object({ currency: walletCurrency, balance: z.int() })),
  ledger: z.array(
    z.object({
      id: z.int(),
      currency: walletCurrency,
      amount: z.int(),
      kind: z.enum(['top_up', 'order_payment', 'refund', 'adjustment']),
      order_id: z.int().nullable(),
      blood_test_order_id: z.int().nullable(),
      reason_code: z.enum(WALLET_REASONS).nullable(),
      note: z.string().nullable(),
      created_at: z.int(),
      staff_name: z.string().nullable(),
      /** A refund's reason (the order refund's, or "cancelled" for a booking the customer cancelled). */
      refund_reason: z.string().nullable(),
      /** 1 when the customer's own cancellation gave the money back. */
      by_customer: z.union([z.literal(0), z.literal(1)]),
    }),
  ),
});
export type CustomerData = z.infer<typeof customerAnswerSchema>;

/** POST /staff/customers/:id/wallet: the balance after the adjustment. */
export const walletAdjustedSchema = z.object({
  currency: walletCurrency,
  balance: z.int(),
  /** The form's key was used already: this answer moved nothing (the first one did). */
  replayed: z.boolean(),
});

/** A table's rows as stored: the export gives every column the shop holds. */
const rows = z.array(z.record(z.string(), z.unknown()));

/** GET /staff/customers/:id/export: everything the shop holds about the shopper. */
export const customerExportSchema = z.object({
  exported_at: z.iso.datetime(),
  account: customerAnswerSchema.shape.customer,
  addresses: rows,
  /** Each order with its address parsed and its lines (a cold order's from its file). */
  orders: z.array(z.looseObject({ id: z.int(), address: z.unknown(), items: rows })),
  wallet: z.object({ accounts: rows, ledger: rows }),
  notify_requests: z.array(z.object({ product_id: z.int(), created_at: z.int(), notified_at: z.int().nullable() })),
  blood_tests: z.object({
    patients: rows,
    orders: z.array(z.looseObject({ id: z.int(), address: z.unknown(), items: rows })),
  }),
});

export const customerErasedSchema = z.object({ erased: z.literal(true) });
