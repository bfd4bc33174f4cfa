// Buying (spec §7 /order/*): calculate, submit with an idempotency key, pay again; and the shopper's
// orders (/user/order). Amounts always come from the server's prices, never from the client.
import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { currencyDecimals } from '#shared/money';
import { gatewayMethodsFor, SAVEABLE_METHODS } from '#shared/payments/gateway-methods';
import { clientIp } from '../lib/client-ip';
import { endPendingStatement, subscribedLines } from '../subscriptions/start';
import { ApiError } from '../lib/errors';
import { enforce, limit, LIMITS } from '../lib/limits';
import { siteOrigin } from '../lib/site-origin';
import { paged } from '../lib/params';
import { contract } from '../lib/validate';
import { currentUser, requireUser } from '../middleware/user';
import { gatewayFor } from '../payments/gateway-for';
import { applyOutcome } from '../payments/outcome';
import {
  failureOf,
  holdStatements,
  newPaymentId,
  openPayment,
  placedEnvelope,
  placeOrder,
  returnPath,
  cardMethodFor,
  stcPayPhoneFor,
} from '../orders/place';
import { lastPayerPhone } from '../orders/payment-moves';
import { quote } from '../orders/quote';
import { calculatedPromotions } from '../orders/promotion-order';
import { promotionRetakeStatements } from '../orders/promotion-data';
import { orderPage, orderView } from '../orders/view';
import { coldReaderFor } from '../archive/read';
import { linkedOrder, mintOrderLink, orderIdByEmail } from '../orders/guest-links';
import { assertNotLocked, recordFailure } from '../accounts/rate-limit';
import type { AppEnv } from '../app-env';
import type { CouponRow, PaymentRow } from '../db/rows';
import { log } from '../lib/log';

/** Opens the gateway's charge for a payment row; a gateway failure fails the payment (and frees the order's hold). */
export async function startCharge(
  c: Context<AppEnv>,
  p: {
    paymentId: string;
    amount: number;
    currency: string;
    method: string;
    description: string;
    customer: { name: string; email: string; phone: string | null };
    returnPath: string;
    /** The database holding the payment: her order shard for an order's (decision 61); the core by default. */
    db?: D1Database;
  },
): Promise<string> {
  const db = p.db ?? c.env.DB;
  const existing = await db
    .prepare('SELECT redirect_url, payer_phone, save_card FROM payments WHERE id = ?')
    .bind(p.paymentId)
    .first<Pick<PaymentRow, 'redirect_url' | 'payer_phone' | 'save_card'>>();
  if (existing?.redirect_url) return existing.redirect_url;
  const gateway = gatewayFor(c.var.config);
  const origin = siteOrigin(c);
  try {
    const charge = await gateway.createCharge({
      paymentId: p.paymentId,
      amount: p.amount,
      currency: p.currency,
      decimals: currencyDecimals(p.currency),
      method: p.method as never,
      description: p.description,
      customer: p.customer,
      payerPhone: existing?.payer_phone ?? null,
      saveCard: existing?.save_card === 1,
      returnUrl: `${origin}${p.returnPath}`,
      webhookUrl: `${origin}/payments/webhook/${gateway.name}`,
    });
    await db
      .prepare('UPDATE payments SET provider = ?, provider_ref = ?, redirect_url = ?, updated_at = ? WHERE id = ?')
      .bind(gateway.name, charge.providerRef, charge.url, Date.now(), p.paymentId)
      .run();
    return charge.url;
  } catch (error) {
    log.error('payment gateway failed', { paymentId: p.paymentId, error });
    await applyOutcome(c.env, { paymentId: p.paymentId, outcome: 'failed', providerRef: null }, origin);
    throw new ApiError(502, 'payment_unavailable');
  }
}

/**
 * The shopper of a buying call: signed in, or a guest. A token that no longer holds (the session
 * ended mid-checkout) is a 401, not a silent guest: the storefront then sends the shopper to sign
 * in and back, instead of failing on guest-only fields the signed-in form never asked for.
 */
async function buyer(c: Context<AppEnv>) {
  const user = await currentUser(c);
  if (!user && c.req.header('authorization')) throw new ApiError(401, 'unauthorized');
  return user;
}

export const orderRoutes = new Hono<AppEnv>()
  .post('/calculate', contract('POST /order/calculate'), async (c) => {
    const input = c.req.valid('json');
    const user = await buyer(c);
    const q = await quote(c.env.DB, input, {
      country: c.var.country,
      lang: c.var.lang,
      userId: user?.id ?? null,
      email: user?.email ?? input.email ?? null,
      // A friend's code is checked against her phone and this device (the address once she places it).
      friend: user ? { phone: user.phone, deviceId: c.var.deviceId, address: null } : null,
    });
    // Lines to subscribe to are charged later without the shopper: a card the gateway keeps, or the
    // wallet; never cash, KNET, STC Pay or a pay-later plan (decision 45).
    const subscribing = subscribedLines(q.lines).length > 0;
    // The gateway's ways for what is due (the wallet's part taken off), and the others with why not:
    // the same rule the cart's pay-later note asks (payLaterOffered).
    const gateway = gatewayMethodsFor(c.var.country, q.totals.due, { subscribing });
    const cardMethods = gateway.offered;
    return c.json(
      ok({
        ...q.totals,
        problems: q.problems,
        coupon: q.coupon ? { code: q.coupon.code, applied: q.coupon.applied, problem: q.coupon.problem } : null,
        wallet_balance: user ? q.walletBalance : null,
        delivery_fee: q.settings.delivery_fee,
        vat_rate: q.settings.vat_basis_points / 100,
        payment_methods: [...(subscribing ? [] : ['cod']), ...(user && q.walletBalance > 0 ? ['wallet'] : []), 'card'],
        card_methods: cardMethods,
        subscription_problem: q.subscriptionProblem,
        subscribe_offers: q.subscribeOffers,
        unavailable_methods: gateway.unavailable,
        ...calculatedPromotions(q),
        points: q.points,
        referral: q.referral,
      }),
    );
  })
  .post('/submit', contract('POST /order/submit'), async (c) => {
    const input = c.req.valid('json');
    const user = await buyer(c);
    const placed = await placeOrder(
      {
        db: c.env.DB,
        env: c.env,
        country: c.var.country,
        lang: c.var.lang,
        user: user
          ? {
              id: user.id,
              name: user.name,
              email: user.email,
              phone: user.phone,
              phone_verified_at: user.phone_verified_at,
              whatsapp_updates_at: user.whatsapp_updates_at,
            }
          : null,
        deviceId: c.var.deviceId,
        siteOrigin: siteOrigin(c),
        // Guests are the free identity: a guest's card order holds stock until swept and a cash order
        // mails any address. (A shopper's account is itself limited at sign-up; this keeps their
        // submit within its round-trip budget.)
        beforeNewOrder: user
          ? undefined
          : () => enforce(c.env.DB, [limit(LIMITS.submitPerIp, `submit:ip:${clientIp(c)}`)]),
      },
      input,
    );
    // A guest has no order list: the success page carries a link (a replay gets a fresh one).
    const link = placed.link ?? (user ? null : await mintOrderLink(placed.db, placed.order.id));
    let url: string | null = null;
    if (placed.paymentId) {
      const address = placed.order.address as { recipient: string; phone: string };
      url = await startCharge(c, {
        paymentId: placed.paymentId,
        amount: placed.order.totals.due,
        currency: placed.order.currency,
        method: placed.order.card_method!,
        description: `Order ${placed.order.id}`,
        customer: { name: address.recipient, email: placed.order.email ?? '', phone: address.phone },
        returnPath: returnPath(c.var.lang, placed.order.id),
        db: placed.db,
      });
    }
    // A cash or wallet order's confirmation mail was queued in the order's own batch (orders/place.ts).
    const envelope = placedEnvelope(placed, url);
    return c.json({ ...envelope, data: { ...envelope.data, link } });
  })
  .post('/payAgain', contract('POST /order/payAgain'), async (c) => {
    const input = c.req.valid('json');
    const db = c.env.DB;
    const order = await ownedOrder(c, input.order_id, input.key);
    if (!order) throw new ApiError(404, 'not_found');
    const userId = (await currentUser(c))?.id ?? null;
    if (!order.can_pay_again) throw new ApiError(409, 'order_not_payable');
    if (order.status === 'pending_payment') {
      // Still waiting for its charge (the shopper left the card page): Pay now resumes that charge.
      const open = await db
        .prepare("SELECT id, redirect_url FROM payments WHERE order_id = ? AND status = 'initiated'")
        .bind(order.id)
        .first<Pick<PaymentRow, 'id' | 'redirect_url'>>();
      if (!open?.redirect_url) throw new ApiError(409, 'order_not_payable');
      return c.json(ok({ order, payment: { id: open.id, url: open.redirect_url } }));
    }
    const method = cardMethodFor(
      order.country,
      input.card_method ?? order.card_method ?? undefined,
      order.totals.total,
    );
    const address = order.address as { recipient: string; phone: string };
    // STC Pay again: the number the shopper paid from before, else hers (a gift's address is the
    // recipient's, whose number is no account of the buyer's).
    const earlier =
      method === 'stc_pay' && !input.stc_pay_phone ? await lastPayerPhone(db, { orderId: order.id }) : null;
    const buyerPhone = order.gift ? ((await currentUser(c))?.phone ?? null) : address.phone;
    const payerPhone = stcPayPhoneFor(method, input.stc_pay_phone, earlier ?? buyerPhone);
    const paymentId = newPaymentId();
    const startsSubscriptions = !!(await db
      .prepare("SELECT 1 FROM subscriptions WHERE first_order_id = ? AND status = 'pending' LIMIT 1")
      .bind(order.id)
      .first());
    // Paid again, a first order that starts subscriptions still needs a card the gateway can keep.
    if (startsSubscriptions && !SAVEABLE_METHODS.includes(method))
      throw new ApiError(409, 'subscription_payment_unsupported');
    // Take the stock and the coupon again, with the same all-or-nothing guarantees as a new order.
    const coupon = await db
      .prepare(
        'SELECT c.id, c.per_person_limit, c.once_per_shopper FROM orders o JOIN coupons c ON c.id = o.coupon_id WHERE o.id = ?',
      )
      .bind(order.id)
      .first<Pick<CouponRow, 'id' | 'per_person_limit' | 'once_per_shopper'>>();
    try {
      await db.batch([
        openPayment(db, {
          id: paymentId,
          orderId: order.id,
          userId,
          amount: order.totals.total,
          currency: order.currency,
          method,
          returnPath: returnPath(c.var.lang, order.id),
          payerPhone,
          // An order that starts subscriptions keeps asking the gateway to keep the card.
          saveCard: startsSubscriptions,
        }),
        db
          .prepare(
            "UPDATE orders SET status = 'pending_payment', holds_stock = 1, card_method = ?, payment_method = 'card', updated_at = ? WHERE id = ?",
          )
          .bind(method, Date.now(), order.id),
        ...holdStatements(db, {
          orderId: order.id,
          items: order.items,
          coupon,
          shopper: { userId, email: order.email },
        }),
        ...promotionRetakeStatements(db, order.id),
      ]);
    } catch (error) {
      const kind = failureOf(error);
      if (kind === 'stock') throw new ApiError(409, 'out_of_stock');
      if (kind === 'coupon_used_up') throw new ApiError(409, 'coupon_used_up');
      if (kind === 'promotion_used_up') throw new ApiError(409, 'promotion_used_up');
      // Another pay-again of the same order got there first.
      if (kind === 'coupon_already_used' || kind === 'open_payment') throw new ApiError(409, 'order_not_payable');
      throw error;
    }
    const url = await startCharge(c, {
      paymentId,
      amount: order.totals.total,
      currency: order.currency,
      method,
      description: `Order ${order.id}`,
      customer: { name: address.recipient, email: order.email ?? '', phone: address.phone },
      returnPath: returnPath(c.var.lang, order.id),
    });
    return c.json(ok({ order: await orderView(db, order.id, c.var.lang), payment: { id: paymentId, url } }));
  })
  // The shopper gives up an order waiting for its payment: its open charge is cancelled through the
  // same once-only outcome path as a failed payment (stock, coupon and wallet part given back), then
  // the order is marked cancelled. A second cancel answers the cancelled order again.
  .post('/cancel', contract('POST /order/cancel'), async (c) => {
    const input = c.req.valid('json');
    const db = c.env.DB;
    const order = await ownedOrder(c, input.order_id, input.key);
    if (!order) throw new ApiError(404, 'not_found');
    if (order.status === 'cancelled') return c.json(ok({ order }));
    if (!order.can_cancel) throw new ApiError(409, 'order_not_cancellable');
    const open = await db
      .prepare("SELECT id FROM payments WHERE order_id = ? AND status = 'initiated'")
      .bind(order.id)
      .first<Pick<PaymentRow, 'id'>>();
    if (open) await applyOutcome(c.env, { paymentId: open.id, outcome: 'cancelled', providerRef: null }, siteOrigin(c));
    // Only a released order becomes cancelled: a payment that succeeded meanwhile wins.
    const cancelled = await db
      .prepare(
        "UPDATE orders SET status = 'cancelled', updated_at = ? WHERE id = ? AND status = 'payment_failed' AND holds_stock = 0",
      )
      .bind(Date.now(), order.id)
      .run();
    if (cancelled.meta.changes) await endPendingStatement(db, order.id).run();
    const after = (await orderView(db, order.id, c.var.lang))!;
    if (after.status !== 'cancelled') throw new ApiError(409, 'order_not_cancellable');
    return c.json(ok({ order: after }));
  })
  // Order lookup (guests): number + e-mail give a link to the order. A wrong number and a wrong
  // e-mail answer the same, and failures count against the address like failed sign-ins.
  .post('/lookup', contract('POST /order/lookup'), async (c) => {
    const input = c.req.valid('json');
    const db = c.env.DB;
    const keys = [`lookup:${clientIp(c)}`];
    await assertNotLocked(db, keys);
    const id = await orderIdByEmail(db, Number(input.order_id), input.email);
    if (!id) {
      await recordFailure(db, keys);
      throw new ApiError(404, 'order_lookup_not_found');
    }
    const token = await mintOrderLink(db, id);
    return c.json(ok({ key: token, order: await orderView(db, id, c.var.lang, undefined, cold(c)) }));
  })
  .get('/link/:token{[0-9a-f]{64}}', contract('GET /order/link/:token{[0-9a-f]{64}}'), async (c) => {
    const linked = await linkedOrder(c.env.DB, c.req.valid('param').token);
    const order = linked ? await orderView(c.env.DB, linked.id, c.var.lang, undefined, cold(c)) : null;
    if (!linked || !order) throw new ApiError(404, 'order_lookup_not_found');
    // The link proves a guest (Pay now, Cancel from any device); an account's order is paid or
    // cancelled signed in, from its order page, so the link only shows it.
    return c.json(ok(linked.guest ? order : { ...order, can_pay_again: false, can_cancel: false }));
  });

/**
 * An order its caller may see and pay: the signed-in shopper's, or a guest's from the device that
 * placed it or through its order link (`key`: the lookup page and the mail, on any device).
 */
async function ownedOrder(c: Context<AppEnv>, id: number, key?: string) {
  const user = await buyer(c);
  const own = user ? await orderView(c.env.DB, id, c.var.lang, user.id, cold(c)) : null;
  if (own) return own;
  if (key) {
    const linked = await linkedOrder(c.env.DB, key);
    if (linked?.id === id && linked.guest) return orderView(c.env.DB, id, c.var.lang, undefined, cold(c));
  }
  // A guest who signs in after ordering still reaches the order from the device that placed it.
  const mine = await c.env.DB.prepare(
    'SELECT 1 AS mine FROM idempotency_keys k JOIN orders o ON o.id = k.order_id WHERE k.order_id = ? AND k.owner = ? AND o.user_id IS NULL',
  )
    .bind(id, `d:${c.var.deviceId ?? 'anonymous'}`)
    .first();
  return mine ? orderView(c.env.DB, id, c.var.lang, undefined, cold(c)) : null;
}

/** Cold orders (decision 60) read through the request's reader: the shopper's pages open archived ones. */
const cold = (c: Context<AppEnv>) => coldReaderFor(c.env, c.var.config);

/** The success page's order. */
orderRoutes.get('/:id{[0-9]+}', contract('GET /order/:id{[0-9]+}'), async (c) => {
  const order = await ownedOrder(c, c.req.valid('param').id);
  if (!order) throw new ApiError(404, 'not_found');
  return c.json(ok(order));
});

export const userOrderRoutes = new Hono<AppEnv>()
  .get('/:id{[0-9]+}', contract('GET /user/order/:id{[0-9]+}'), async (c) => {
    const user = await requireUser(c);
    const order = await orderView(c.env.DB, c.req.valid('param').id, c.var.lang, user.id, cold(c));
    // Another shopper's order answers exactly like one that does not exist.
    if (!order) throw new ApiError(404, 'not_found');
    return c.json(ok(order));
  })
  .get('/', contract('GET /user/order'), async (c) => listOrders(c, 1))
  .get('/list/:page{[0-9]+}', contract('GET /user/order/list/:page{[0-9]+}'), async (c) =>
    listOrders(c, c.req.valid('param').page),
  );

async function listOrders(c: Context<AppEnv>, page: number) {
  const user = await requireUser(c);
  const result = await orderPage(c.env.DB, user.id, page, undefined, cold(c));
  return c.json(ok(paged(result.items, page, result.per_page, result.total)));
}
