// What the shopper's wallet routes answer (api/src/routes/wallet.ts): the routes' response schemas
// (decision 68) and the types the wallet page reads, one declaration.
import { z } from '../zod';
import { CARD_KINDS } from '../payments/gateway-methods';
import { CURRENCY_CODES } from '../countries';

/** GET /user/wallet: her balance in the request's country's currency, and the card kinds a top-up takes there. */
export const walletSchema = z.object({
  balance: z.int(),
  currency: z.enum(CURRENCY_CODES),
  methods: z.array(z.enum(CARD_KINDS)),
});
export type Wallet = z.infer<typeof walletSchema>;

/** A movement of her wallet, newest first. */
const walletMovementSchema = z.object({
  id: z.int(),
  amount: z.int(),
  kind: z.enum(['top_up', 'order_payment', 'refund', 'adjustment']),
  order_id: z.int().nullable(),
  blood_test_order_id: z.int().nullable(),
  /** A consultation's payment or refund: named as such, not as an order. */
  consultation_id: z.int().nullable(),
  created_at: z.int(),
  /** Why money came back or was adjusted (a refund's or an adjustment's reason). */
  reason: z.string().nullable(),
  /** Who gave it: the shop's team, or the shopper's own cancellation. */
  given_by: z.enum(['shop', 'you']).nullable(),
});
export type WalletMovement = z.infer<typeof walletMovementSchema>;

/** GET /user/wallet/history(/{page}). */
export const walletHistorySchema = z.object({
  items: z.array(walletMovementSchema),
  page: z.int(),
  per_page: z.int(),
  total: z.int(),
  page_count: z.int(),
  currency: z.string(),
});
export type WalletHistory = z.infer<typeof walletHistorySchema>;

/** POST /user/wallet/charge: the payment opened and the gateway's page to pay on. */
export const walletChargeAnswerSchema = z.object({ id: z.string(), url: z.string() });
export type WalletChargeAnswer = z.infer<typeof walletChargeAnswerSchema>;

/** GET /user/wallet/{paymentId}: a top-up's payment, read when the gateway sends her back. */
export const walletTopUpSchema = z.object({
  id: z.string(),
  amount: z.int(),
  currency: z.string(),
  method: z.string(),
  status: z.enum(['initiated', 'succeeded', 'failed', 'cancelled']),
  created_at: z.int(),
});
export type WalletTopUp = z.infer<typeof walletTopUpSchema>;
