// Checkout and wallet inputs, shared by the API (which enforces them) and the checkout pages.
import { z } from '../zod';
import { normalizeDigits } from '../text/digits';
import { addressSchema } from './account-schemas';
import { giftSchema } from './gift-schemas';
import { GIFT_LIMIT } from '../orders/promotions';

import { MAX_ORDER_LINES, MAX_LINE_COUNT, PAYMENT_METHODS } from './order-facts';
import { CARD_KINDS, GATEWAY_METHODS_ALL, type GatewayMethod } from '../payments/gateway-methods';
import { nationalNumber } from './address-facts';
import { isMobileNumber } from '../phone/mobile';
import { COUNTRY_CODES } from '../locale';
import { COUNTRY_FACTS } from '../countries';
import { PAYMENTS } from '../countries/payments';
import { frequencySchema } from '../subscriptions/schemas';
import { DELIVERY_SPEEDS } from '../delivery/speeds';

export {
  type OrderStatus,
  type PaymentMethod,
  CARD_METHODS,
} from './order-facts';

/** A way to pay through the gateway: a card kind, STC Pay, or a pay-later provider. */
export type CardMethod = GatewayMethod;

const gatewayMethod = z.enum(GATEWAY_METHODS_ALL);

/**
 * The STC Pay account's number: a Saudi mobile, typed with or without +966 or a leading 0, in Latin,
 * Arabic-Indic or Persian digits; the API keeps the national part (5xxxxxxxx).
 */
/** The countries whose gateway offers STC Pay (a wallet of Saudi numbers): its number is one of theirs. */
const STC_PAY_COUNTRIES = COUNTRY_CODES.filter((c) => (PAYMENTS[c].methods as readonly string[]).includes('stc_pay'));

export const stcPayPhone = z
  .string({ error: 'stc_pay_phone_invalid' })
  .max(24, { error: 'stc_pay_phone_invalid' })
  .transform(nationalNumber)
  .refine((n) => STC_PAY_COUNTRIES.some((c) => isMobileNumber(c, n)), { error: 'stc_pay_phone_invalid' });

const lines = z
  .array(
    z.object({
      sku_id: z.number().int().positive(),
      count: z.number().int().min(1).max(MAX_LINE_COUNT),
      /** Subscribe and save (decision 45): delivered again at this frequency, at the subscription price. */
      every: frequencySchema.optional(),
    }),
    { error: 'cart_empty' },
  )
  .min(1, { error: 'cart_empty' })
  .max(MAX_ORDER_LINES);

const coupon = z
  .string()
  .trim()
  .max(40)
  .transform((v) => (v === '' ? undefined : v.toUpperCase()))
  .optional();

const email = z
  .string({ error: 'mandatory-field' })
  .trim()
  .min(1, { error: 'mandatory-field', abort: true })
  .max(254)
  .pipe(z.email({ error: 'item_validation_error' }));

/** A guest's e-mail on the shipping step, checked in the same pass as the address form. */
export const guestEmailSchema = z.object({ email });

/** The shopper's gift per promotion offering several (decision 33): one choice per promotion, at most 25. */
const gifts = z
  .array(z.object({ promotion_id: z.number().int().positive(), sku_id: z.number().int().positive() }))
  .max(GIFT_LIMIT)
  .refine((list) => new Set(list.map((g) => g.promotion_id)).size === list.length, { error: 'promotion_gift_invalid' })
  .optional();

/** Points to spend at checkout (issue 47): a whole number; whole steps of the rules, checked by the quote. */
const points = z
  .number({ error: 'points_not_in_steps' })
  .int({ error: 'points_not_in_steps' })
  .min(0, { error: 'points_not_in_steps' })
  .max(100_000_000, { error: 'points_over_limit' })
  .optional();

/** A friend's referral code (issue 47): letters and digits as shared, case does not matter. */
const referralCode = z
  .string()
  .trim()
  .max(32, { error: 'referral_code_unknown' })
  .transform((v) => (v === '' ? undefined : v.toUpperCase()))
  .optional();

export const calculateSchema = z.object({
  items: lines,
  coupon,
  use_wallet: z.boolean().optional(),
  points,
  referral_code: referralCode,
  /** A guest's e-mail (review step): a single-use coupon already used with it says so at Apply. */
  email: email.optional(),
  gifts,
  /** The signed-in shopper's delivery address chosen (review step): a friend's code is checked against
   * its phone and door before the totals show the friend's discount (issue 61). */
  address_id: z.number().int().positive().optional(),
  /** The delivery speed she chose (decision 65); absent: the cheapest offered. */
  speed: z.enum(DELIVERY_SPEEDS, { error: 'delivery_speed_unavailable' }).optional(),
  /** A guest's typed address's Kuwait area or Saudi city id, for the promise before she places it. */
  zone: z.number().int().positive().optional(),
});
export type CalculateInput = z.output<typeof calculateSchema>;

export const submitSchema = calculateSchema.extend({
  /** A fresh random key per checkout attempt: retries with it never make a second order. */
  idempotency_key: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, { error: 'idempotency_key_invalid' }),
  payment_method: z.enum(PAYMENT_METHODS, { error: 'payment_method_required' }),
  card_method: gatewayMethod.optional(),
  /** Updates of this order on WhatsApp, to the delivery phone (the buyer's own for a gift). */
  whatsapp_updates: z.boolean().optional(),
  /** STC Pay's account number (card_method stc_pay): the address's phone when not given. */
  stc_pay_phone: stcPayPhone.optional(),
  /** A saved address of the signed-in shopper… */
  address_id: z.number().int().positive().optional(),
  /** …or one typed at checkout (guests). */
  address: addressSchema.optional(),
  /** Send as a gift (decision 34): delivered to this recipient instead; the buyer keeps invoice and payment. */
  gift: giftSchema.optional(),
  /**
   * The currency of the totals the shopper saw (issue 77): placing refuses with checkout_country_changed
   * when the request's country pays in another (she switched country mid-checkout), so no order is placed
   * in terms she did not see. The storefront always sends it. (The served countries' currencies, read from
   * their rows: the list of currency codes itself would join every page's first JavaScript.)
   */
  currency: z.enum(COUNTRY_CODES.map((c) => COUNTRY_FACTS[c].currency)).optional(),
});
export type SubmitInput = z.output<typeof submitSchema>;

/** A guest's order link (order-lookup page, confirmation mail): it proves the guest on another device. */
const orderLinkKey = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { error: 'item_validation_error' })
  .optional();

export const payAgainSchema = z.object({
  order_id: z.number().int().positive(),
  card_method: gatewayMethod.optional(),
  stc_pay_phone: stcPayPhone.optional(),
  key: orderLinkKey,
});

/** Cancel an order still waiting for its payment (the shopper gives up). */
export const cancelOrderSchema = z.object({ order_id: z.number().int().positive(), key: orderLinkKey });

/** The order-lookup page: order number and the e-mail it was placed with (one schema for form and API). */
export const orderLookupSchema = z.object({
  // Order numbers are 10 digits; the form sends what was typed, the API reads it as a number.
  // Typed on an Arabic keyboard, the number arrives in Arabic-Indic digits: read them as 0–9.
  order_id: z
    .string({ error: 'mandatory-field' })
    .overwrite(normalizeDigits)
    .trim()
    .min(1, { error: 'mandatory-field', abort: true })
    .regex(/^[1-9][0-9]{9}$/, { error: 'item_validation_error' }),
  email,
});

export const walletChargeSchema = z.object({
  amount: z
    .number({ error: 'mandatory-field' })
    .int({ error: 'wallet_amount_invalid' })
    .positive({ error: 'wallet_amount_invalid' }),
  // A top-up is never paid later, nor with STC Pay (whose account is its own wallet): cards only.
  payment_method: z.enum(CARD_KINDS, { error: 'payment_method_required' }),
});
