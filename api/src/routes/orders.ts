// Buying (spec §7 /order/*): calculate, submit with an idempotency key, pay again; and the shopper's
// orders (/user/order). Amounts always come from the server's prices, never from the client.
import { eInvoiced, signOrderDocuments, signSoon } from '../e-invoice-sales';
import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { currencyDecimals } from '#shared/money';
import { gatewayMethodsFor, SAVEABLE_METHODS } from '#shared/payments/gateway-methods';
import { cashUnavailable } from '#shared/payments/cash-on-delivery';
import { clientIp } from '../lib/client-ip';
import { endPendingStatement, subscribedLines } from '../orders/subscription-start';
import { ApiError } from '../lib/errors';
import { enforce, limit, LIMITS } from '../lib/limits';
import { siteOrigin } from '../lib/site-origin';
import { paged } from '../lib/params';
import { contract } from '../contract/validate';
import { currentUser, requireUser } from '../middleware/user';
import { gatewayFor } from '../payment-gateway/gateway-for';
import { applyOutcome } from '../payments/outcome';
import {
  failureOf,
  holdStatements,
  newPaymentId,
  openPayment,
  placedEnvelope,
  placeOrder,
  PLACING_MESSAGES,
  returnPath,
  cardMethodFor,
  stcPayPhoneFor,
  stockFlags,
} from '../orders/place';
import { lastPayerPhone } from '../orders/payment-moves';
import { isPointsShort } from '../loyalty/ledger';
import { pointsRetakeStatements, referralRetakeStatement } from '../loyalty/returns';
import { quote } from '../orders/quote';
import { calculatedPromotions } from '../orders/promotion-order';
import {
  promotionHoldsStatement,
  promotionRetakeBound,
  promotionRetakeStatements,
  type PromotionHold,
} from '../orders/promotion-data';
import { myOrderPage, orderView, routedOrderView, type OrderView } from '../orders/view';
import { orderTracking, requestRedelivery, withAnswers } from '../shipping/redelivery';
import { coldReaderFor } from '../archive/read';
import { guestLinkStatement, linkedOrder, mintOrderLink, orderIdByEmail } from '../orders/guest-links';
import { tokenHash } from '../accounts/tokens';
import { orderRouteStatement, type Route, routeStatement, userOwner } from '../db/databases';
import { assertNotLocked, recordFailure } from '../accounts/rate-limit';
import type { AppEnv } from '../app-env';
import type { CouponRow, PaymentRow } from '../db/rows';
import { log } from '../lib/log';
import {
  calculateSchema,
  submitSchema,
  payAgainSchema,
  cancelOrderSchema,
  orderLookupSchema,
} from '#shared/api/order-schemas';
import { redeliverySchema } from '#shared/orders/redelivery';
import {
  calculateResultSchema,
  orderAnswerSchema,
  orderLookupResultSchema,
  orderPageSchema,
  orderViewSchema,
  payAgainResultSchema,
  submitResultSchema,
} from '#shared/orders/answer-schemas';
import { orderLinkParams, idParams, pageParams } from '#shared/api/route-schemas';

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
  .post(
    '/calculate',
    contract({
      tag: 'orders',
      summary: 'Price a cart: totals, coupon, wallet, delivery and problems',
      body: calculateSchema,
      response: calculateResultSchema,
      messages: ['unauthorized', 'address_required'],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const user = await buyer(c);
      const q = await quote(c.env.DB, input, {
        country: c.var.country,
        lang: c.var.lang,
        userId: user?.id ?? null,
        email: user?.email ?? input.email ?? null,
        // A friend's code is checked against her phone, this device and, at the review step, the delivery
        // address she chose (read in the quote's batch), as placing will: the totals never show a discount
        // placing then refuses (issue 61).
        friend: user
          ? { phone: user.phone, deviceId: c.var.deviceId, address: null, addressId: input.address_id ?? null }
          : null,
        // Her wallet and points are in her order shard (decision 61): the route rides in the quote's batch.
        databases: c.env,
      });
      // Lines to subscribe to are charged later without the shopper: a card the gateway keeps, or the
      // wallet; never cash, KNET, STC Pay or a pay-later plan (decision 45).
      const subscribing = subscribedLines(q.lines).length > 0;
      // The gateway's ways for what is due (the wallet's part taken off), and the others with why not:
      // the same rule the cart's pay-later note asks (payLaterOffered).
      const gateway = gatewayMethodsFor(c.var.country, q.totals.due, { subscribing });
      const cardMethods = gateway.offered;
      // Cash where the owner allows it and up to her cap (issue 77), listed with why not like the gateway's.
      const cashRefused = subscribing ? null : cashUnavailable(q.cash, q.totals.due);
      return c.json(
        ok({
          ...q.totals,
          problems: q.problems,
          coupon: q.coupon ? { code: q.coupon.code, applied: q.coupon.applied, problem: q.coupon.problem } : null,
          wallet_balance: user ? q.walletBalance : null,
          delivery_fee: q.settings.delivery_fee,
          vat_rate: q.settings.vat_basis_points / 100,
          payment_methods: [
            ...(subscribing || cashRefused ? [] : ['cod']),
            ...(user && q.walletBalance > 0 ? ['wallet'] : []),
            'card',
          ],
          card_methods: cardMethods,
          subscription_problem: q.subscriptionProblem,
          subscribe_offers: q.subscribeOffers,
          unavailable_methods: [...(cashRefused ? [cashRefused] : []), ...gateway.unavailable],
          ...calculatedPromotions(q),
          points: q.points,
          points_to_earn: q.pointsToEarn,
          referral: q.referral,
          arrival: q.arrival,
        }),
      );
    },
  )
  .post(
    '/submit',
    contract({
      tag: 'orders',
      summary: 'Place an order (idempotent per key); a card order gets its payment page',
      body: submitSchema,
      response: submitResultSchema,
      messages: [...PLACING_MESSAGES, 'payment_unavailable'],
    }),
    async (c) => {
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
          tokenSecret: c.var.config.TOKEN_SECRET,
          // Guests are the free identity: a guest's card order holds stock until swept and a cash order
          // mails any address (an address nobody proved gets at most three a day, decision 85). (A shopper's account is itself limited at sign-up; this keeps their
          // submit within its round-trip budget.)
          beforeNewOrder: user
            ? undefined
            : () => enforce(c.env.DB, [limit(LIMITS.submitPerIp, `submit:ip:${clientIp(c)}`)]),
        },
        input,
      );
      // Paid at once (wallet, points): its e-invoice was recorded in the order's batch; signed now.
      if (placed.order.status === 'paid' && eInvoiced(placed.order.country))
        signSoon(c.executionCtx, () => signOrderDocuments(c.env, placed.db, placed.order.id), {
          orderId: placed.order.id,
        });
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
    },
  )
  .post(
    '/payAgain',
    contract({
      tag: 'orders',
      summary: 'Pay again for an order whose payment failed or is still open',
      body: payAgainSchema,
      response: payAgainResultSchema,
      messages: [
        // A token that no longer holds (buyer()): sign in again, not a silent guest.
        'unauthorized',
        'not_found',
        'order_not_payable',
        'service_busy',
        'payment_method_unavailable',
        'payment_method_below_minimum',
        'payment_method_above_maximum',
        'stc_pay_phone_invalid',
        'subscription_payment_unsupported',
        'out_of_stock',
        'coupon_used_up',
        'promotion_used_up',
        'points_no_longer_available',
        'payment_unavailable',
      ],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const core = c.env.DB;
      const owned = await ownedOrder(c, input.order_id, input.key);
      if (!owned) throw new ApiError(404, 'not_found');
      const { order, route } = owned;
      // The order, its payments and promotions are in its shopper's shard; stock, coupons and
      // subscriptions in the core (decision 61). In shard 0 both are the same database, as before.
      const db = route.db;
      const split = route.binding !== 'DB';
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
      if (route.moving) throw new ApiError(503, 'service_busy');
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
      const paymentId = newPaymentId(route.id);
      // In another shard the order's coupon and promotions are read there first, for the core's holds.
      const [shardOrder, shardPromotions] = split
        ? await db.batch([
            db.prepare('SELECT coupon_id FROM orders WHERE id = ?').bind(order.id),
            promotionHoldsStatement(db, order.id),
          ])
        : [null, null];
      const promotions = (shardPromotions?.results ?? null) as PromotionHold[] | null;
      const [subscribing, couponRes] = await core.batch([
        core
          .prepare("SELECT 1 FROM subscriptions WHERE first_order_id = ? AND status = 'pending' LIMIT 1")
          .bind(order.id),
        split
          ? core
              .prepare('SELECT id, per_person_limit, once_per_shopper FROM coupons WHERE id = ?')
              .bind((shardOrder!.results[0] as { coupon_id: number | null } | undefined)?.coupon_id ?? null)
          : core
              .prepare(
                'SELECT c.id, c.per_person_limit, c.once_per_shopper FROM orders o JOIN coupons c ON c.id = o.coupon_id WHERE o.id = ?',
              )
              .bind(order.id),
      ]);
      const startsSubscriptions = subscribing!.results.length > 0;
      // Paid again, a first order that starts subscriptions still needs a card the gateway can keep.
      if (startsSubscriptions && !SAVEABLE_METHODS.includes(method))
        throw new ApiError(409, 'subscription_payment_unsupported');
      // Take the stock and the coupon again, with the same all-or-nothing guarantees as a new order.
      const coupon = (couponRes!.results[0] ?? null) as Pick<
        CouponRow,
        'id' | 'per_person_limit' | 'once_per_shopper'
      > | null;
      const reopen = [
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
      ];
      // The points its total was discounted by were given back when its payment failed: taken again in
      // her shard's batch, or nothing is charged (she spent them meanwhile: points_no_longer_available).
      // Only an account spends points, and only her own order reaches here signed in (ownedOrder).
      if (order.totals.points_used > 0) {
        if (userId === null) throw new ApiError(409, 'order_not_payable');
        reopen.push(...pointsRetakeStatements(db, { id: order.id, userId, country: order.country, paymentId }));
      }
      const holds = [
        ...holdStatements(core, {
          orderId: order.id,
          items: order.items,
          coupon,
          shopper: { userId, email: order.email },
        }),
        ...(promotions ? promotionRetakeBound(core, promotions) : promotionRetakeStatements(core, order.id)),
        // A friend's discount stays in the total: her referral, void since the failure, stands again
        // (its referrer's reward is still checked when the order is delivered: loyalty/earn.ts).
        ...(order.totals.referral_discount > 0 ? [referralRetakeStatement(core, order.id)] : []),
      ];
      try {
        if (!split) await db.batch([...reopen, ...holds]);
        else {
          // The core's holds first: a request that dies before her shard's batch leaves stock taken and
          // the order still failed (never an order holding stock the core did not take).
          await core.batch(holds);
          try {
            await db.batch(reopen);
          } catch (error) {
            // Her referral is void again, unless another pay-again's open payment refused this one: that
            // attempt stands, and its referral with it.
            const referral = order.totals.referral_discount > 0 && failureOf(error) !== 'open_payment';
            await core.batch(giveBackStatements(core, order.id, order.items, coupon, promotions!, referral));
            throw error;
          }
        }
      } catch (error) {
        const kind = failureOf(error);
        if (kind === 'stock') throw new ApiError(409, 'out_of_stock');
        if (kind === 'coupon_used_up') throw new ApiError(409, 'coupon_used_up');
        if (kind === 'promotion_used_up') throw new ApiError(409, 'promotion_used_up');
        // Another pay-again of the same order got there first.
        if (kind === 'coupon_already_used' || kind === 'open_payment') throw new ApiError(409, 'order_not_payable');
        // The points it spent were spent elsewhere meanwhile: nothing taken, nothing charged.
        if (isPointsShort(error)) throw new ApiError(409, 'points_no_longer_available');
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
        db,
      });
      return c.json(
        ok({
          order: await orderView(db, order.id, c.var.lang, undefined, undefined, core),
          payment: { id: paymentId, url },
        }),
      );
    },
  )
  // The shopper gives up an order waiting for its payment: its open charge is cancelled through the
  // same once-only outcome path as a failed payment (stock, coupon and wallet part given back), then
  // the order is marked cancelled. A second cancel answers the cancelled order again.
  .post(
    '/cancel',
    contract({
      tag: 'orders',
      summary: 'Cancel an order waiting for its payment',
      body: cancelOrderSchema,
      response: orderAnswerSchema,
      messages: ['unauthorized', 'not_found', 'order_not_cancellable', 'service_busy'],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const owned = await ownedOrder(c, input.order_id, input.key);
      if (!owned) throw new ApiError(404, 'not_found');
      const { order, route } = owned;
      // The order and its payment are in its shopper's shard, her pending subscriptions in the core.
      const db = route.db;
      if (order.status === 'cancelled') return c.json(ok({ order }));
      if (!order.can_cancel) throw new ApiError(409, 'order_not_cancellable');
      if (route.moving) throw new ApiError(503, 'service_busy');
      const open = await db
        .prepare("SELECT id FROM payments WHERE order_id = ? AND status = 'initiated'")
        .bind(order.id)
        .first<Pick<PaymentRow, 'id'>>();
      if (open)
        await applyOutcome(
          c.env,
          { paymentId: open.id, outcome: 'cancelled', providerRef: null },
          siteOrigin(c),
          undefined,
          { byShopper: true },
        );
      // Only a released order becomes cancelled: a payment that succeeded meanwhile wins.
      const cancelled = await db
        .prepare(
          "UPDATE orders SET status = 'cancelled', updated_at = ? WHERE id = ? AND status = 'payment_failed' AND holds_stock = 0",
        )
        .bind(Date.now(), order.id)
        .run();
      if (cancelled.meta.changes) await endPendingStatement(c.env.DB, order.id).run();
      const after = (await orderView(db, order.id, c.var.lang, undefined, undefined, c.env.DB))!;
      if (after.status !== 'cancelled') throw new ApiError(409, 'order_not_cancellable');
      return c.json(ok({ order: after }));
    },
  )
  // After a failed delivery attempt: another day, or her corrected address and phone (issue 62). Her
  // order (signed in) or a guest's through its link or the device that placed it, as cancel checks.
  .post(
    '/redelivery',
    contract({
      tag: 'orders',
      summary: 'After a failed delivery attempt: another delivery day, or a corrected address and phone',
      body: redeliverySchema,
      response: orderAnswerSchema,
      messages: [
        // A token that no longer holds (buyer()): sign in again, not a silent guest.
        'unauthorized',
        'not_found',
        'redelivery_not_open',
        'redelivery_already_requested',
        'redelivery_day_invalid',
        'phone_invalid',
      ],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const owned = await ownedOrder(c, input.order_id, input.key);
      if (!owned) throw new ApiError(404, 'not_found');
      if (owned.order.status !== 'shipped') throw new ApiError(409, 'redelivery_not_open');
      await requestRedelivery(c, owned.order, input);
      return c.json(ok({ order: await withTracking(c, owned.order) }));
    },
  )
  // Order lookup (guests): number + e-mail give a link to the order. A wrong number and a wrong
  // e-mail answer the same, and failures count against the address like failed sign-ins. An account's
  // order is its owner's: knowing her number and e-mail is not signing in, so the lookup shows none of
  // it and says to sign in (403 order_lookup_sign_in), counted as a failure too, so it is no cheaper
  // an oracle than a wrong guess.
  .post(
    '/lookup',
    contract({
      tag: 'orders',
      summary: "A guest's order by number and e-mail, with its link key (an account's order: sign in)",
      body: orderLookupSchema,
      response: orderLookupResultSchema,
      messages: ['order_lookup_not_found', 'order_lookup_sign_in'],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const db = c.env.DB;
      const keys = [`lookup:${clientIp(c)}`];
      await assertNotLocked(db, keys);
      // The order and its link are in its shopper's shard (decision 62): found from its number.
      const found = await orderIdByEmail(c.env, Number(input.order_id), input.email);
      if (!found) {
        await recordFailure(db, keys);
        throw new ApiError(404, 'order_lookup_not_found');
      }
      if (found.account) {
        await recordFailure(db, keys);
        throw new ApiError(403, 'order_lookup_sign_in');
      }
      const token = await mintOrderLink(found.db, found.id);
      const order = await orderView(found.db, found.id, c.var.lang, undefined, cold(c), db);
      return c.json(ok({ key: token, order }));
    },
  )
  .get(
    '/link/:token{[0-9a-f]{64}}',
    contract({
      tag: 'orders',
      summary: 'An order through its guest link',
      params: orderLinkParams,
      badParams: 'not_found',
      response: orderViewSchema,
      messages: ['order_lookup_not_found'],
    }),
    async (c) => {
      // The link's order, in whichever shard holds it (guest-links.ts).
      const linked = await linkedOrder(c.env, c.req.valid('param').token);
      const order = linked ? await orderView(linked.db, linked.id, c.var.lang, undefined, cold(c), c.env.DB) : null;
      if (!linked || !order) throw new ApiError(404, 'order_lookup_not_found');
      // The link proves a guest (Pay now, Cancel from any device); an account's order is paid or
      // cancelled signed in, from its order page, so the link only shows it.
      const tracked = await withTracking(c, order);
      return c.json(ok(linked.guest ? tracked : { ...tracked, can_pay_again: false, can_cancel: false }));
    },
  );

/**
 * An order its caller may see and pay: the signed-in shopper's, or a guest's from the device that
 * placed it or through its order link (`key`: the lookup page and the mail, on any device). Read from
 * the shard of the shopper who owns it, found from its number (decision 62), with the proofs in the
 * same batch: in shard 0 one round trip for the order and its proofs.
 */
async function ownedOrder(
  c: Context<AppEnv>,
  id: number,
  key?: string,
): Promise<{ order: OrderView; route: Route } | null> {
  const user = await buyer(c);
  const hash = key ? await tokenHash(key) : null;
  const proofs = (db: D1Database) => [
    // A guest who signs in after ordering still reaches the order from the device that placed it.
    db
      .prepare(
        'SELECT 1 AS mine FROM idempotency_keys k JOIN orders o ON o.id = k.order_id WHERE k.order_id = ? AND k.owner = ? AND o.user_id IS NULL',
      )
      .bind(id, `d:${c.var.deviceId ?? 'anonymous'}`),
    ...(hash ? [guestLinkStatement(db, hash, id)] : []),
  ];
  const read = await routedOrderView(c.env, orderRouteStatement(c.env, id), id, {
    ownerId: user ? user.id : undefined,
    ownerEmail: user?.email,
    cold: cold(c),
    also: proofs,
  });
  const proven = read.also.some((r) => r.results.length > 0);
  // Hers (signed in), or a guest's shown to whoever proves it.
  if (read.order) return user || proven ? { order: read.order, route: read.route } : null;
  if (!user || !proven) return null;
  // Signed in, a guest's order she proves (her link, her device): read without her account.
  const order = await orderView(read.route.db, id, c.var.lang, undefined, cold(c), c.env.DB);
  return order ? { order, route: read.route } : null;
}

/** Gives back a pay-again's holds in the core when her shard refused its payment (another got there first,
 * or her points are gone); `referral`: her friend's referral voided again. */
function giveBackStatements(
  core: D1Database,
  orderId: number,
  items: Array<{ sku_id: number; product_id: number; count: number }>,
  coupon: Pick<CouponRow, 'id'> | null,
  promotions: PromotionHold[],
  referral: boolean,
): D1PreparedStatement[] {
  return [
    ...items.map((i) => core.prepare('UPDATE skus SET stock = stock + ? WHERE id = ?').bind(i.count, i.sku_id)),
    stockFlags(
      core,
      items.map((i) => i.product_id),
    ),
    ...(coupon
      ? [
          core.prepare('UPDATE coupons SET used = used - 1 WHERE id = ?').bind(coupon.id),
          core.prepare('DELETE FROM coupon_redemptions WHERE order_id = ? AND coupon_id = ?').bind(orderId, coupon.id),
        ]
      : []),
    ...promotionRetakeBound(core, promotions, -1),
    ...(referral
      ? [core.prepare("UPDATE referrals SET status = 'void' WHERE order_id = ? AND status = 'pending'").bind(orderId)]
      : []),
  ];
}

/** The order with its parcels' events (the core's shipments, decision 66): only once it may have any. */
async function withTracking(c: Context<AppEnv>, order: OrderView): Promise<OrderView> {
  if (!['processing', 'shipped', 'delivered', 'cancelled'].includes(order.status)) return order;
  const tracking = await orderTracking(c.env.DB, order, c.var.lang);
  return { ...withAnswers(order, tracking), tracking };
}

/** Cold orders (decision 60) read through the request's reader: the shopper's pages open archived ones. */
const cold = (c: Context<AppEnv>) => coldReaderFor(c.env, c.var.config);

/** The success page's order. */
orderRoutes.get(
  '/:id{[0-9]+}',
  contract({
    tag: 'orders',
    summary: "The success page's order (the shopper's, or the placing device's)",
    params: idParams,
    response: orderViewSchema,
    messages: ['unauthorized', 'not_found'],
  }),
  async (c) => {
    const owned = await ownedOrder(c, c.req.valid('param').id);
    if (!owned) throw new ApiError(404, 'not_found');
    return c.json(ok(await withTracking(c, owned.order)));
  },
);

export const userOrderRoutes = new Hono<AppEnv>()
  .get(
    '/:id{[0-9]+}',
    contract({
      tag: 'orders',
      summary: "One of the shopper's orders",
      params: idParams,
      user: true,
      response: orderViewSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const user = await requireUser(c);
      // Her order, from her order shard (decision 61): the route rides in the order's batch of the core.
      const { order } = await routedOrderView(
        c.env,
        routeStatement(c.env, userOwner(user.id)),
        c.req.valid('param').id,
        {
          ownerId: user.id,
          ownerEmail: user.email,
          cold: cold(c),
        },
      );
      // Another shopper's order answers exactly like one that does not exist.
      if (!order) throw new ApiError(404, 'not_found');
      return c.json(ok(await withTracking(c, order)));
    },
  )
  .get(
    '/',
    contract({
      tag: 'orders',
      summary: "The shopper's orders (first page)",
      user: true,
      response: orderPageSchema,
      messages: [],
    }),
    async (c) => listOrders(c, 1),
  )
  .get(
    '/list/:page{[0-9]+}',
    contract({
      tag: 'orders',
      summary: "The shopper's orders, a later page",
      params: pageParams,
      badParams: 'bad_request',
      user: true,
      response: orderPageSchema,
      messages: [],
    }),
    async (c) => listOrders(c, c.req.valid('param').page),
  );

async function listOrders(c: Context<AppEnv>, page: number) {
  const user = await requireUser(c);
  const result = await myOrderPage(c.env, user, page, undefined, cold(c));
  return c.json(ok(paged(result.items, page, result.per_page, result.total)));
}
