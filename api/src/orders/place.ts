// Placing an order: one D1 batch (a transaction) holds the idempotency key, the order and its items,
// the stock taken, the coupon redeemed, the wallet spent and the card payment opened. Constraints
// make the batch all-or-nothing: a SKU that would go below zero stock, a coupon past its uses or
// already used by this shopper, a wallet that would go negative, a key already used: each aborts it.
import { ok } from '#shared/api/envelope';
import type { SubmitInput } from '#shared/api/order-schemas';
import { ApiError } from '../lib/errors';
import { quote, type Quote } from './quote';
import { resolveAddress, type OrderAddress } from './address';
import { orderView, toOrderView, type OrderView } from './view';
import { newOrderId } from './order-id';
import { randomToken, tokenHash } from '../accounts/tokens';
import { confirmationStatements, orderLinkStatement } from './confirmation-mail';
import { giftAddress, giftFor, giftStatement } from './gift';
import { placedPromotions, promotionProblem } from './promotion-order';
import type { PlaceContext, Placed } from './place-types';
import { bodyHash, ownerOf, replay } from './order-replay';
import { failureOf, holdStatements } from './stock-holds';
import { cardMethodFor, newPaymentId, openPayment, returnPath, stcPayPhoneFor, walletMove } from './payment-moves';
import { checkSubscribing, startStatements, subscribedLines } from '../subscriptions/start';
import { isPointsShort, pointsMove } from '../loyalty/ledger';
import { gulfMonthOf } from './loyalty-checkout';
import { deviceSeenStatement } from '../accounts/devices';

// Callers import these from here as before: the order's money moves and holds are its own modules.
export { cardMethodFor, newPaymentId, openPayment, returnPath, stcPayPhoneFor, walletMove } from './payment-moves';
export { failureOf, holdStatements, stockFlags } from './stock-holds';
export { bodyHash } from './order-replay';
export type { PlaceContext, Placed } from './place-types';

/** Random, unguessable ids: order numbers shoppers read (10 digits, ./order-id.ts) and payment ids. */
export { newOrderId };

export async function placeOrder(ctx: PlaceContext, input: SubmitInput): Promise<Placed> {
  const hash = await bodyHash(input);
  const earlier = await replay(ctx, input, hash);
  if (earlier) return earlier;
  await ctx.beforeNewOrder?.();

  // A guest gives an e-mail; an account signed up with a phone may have none yet ('': no mail is sent).
  const email = ctx.user ? ctx.user.email : (input.email ?? null);
  if (email === null)
    throw new ApiError(400, 'validation_failed', {
      fields: [{ field: 'email', code: 'required', message: 'mandatory-field' }],
    });
  if (input.payment_method === 'wallet' && !ctx.user) throw new ApiError(401, 'unauthorized');
  // Points are an account's (issue 47): a guest has none to spend.
  if ((input.points ?? 0) > 0 && !ctx.user) throw new ApiError(401, 'unauthorized');

  // A gift goes to its recipient's address (decision 34); the buyer's own is not needed then.
  const address = await resolveAddress(ctx.db, {
    addressId: input.gift ? undefined : input.address_id,
    address: input.gift ? giftAddress(input.gift) : input.address,
    userId: ctx.user?.id ?? null,
    lang: ctx.lang,
  });
  if (address.country !== ctx.country) throw new ApiError(400, 'address_country_mismatch');

  const useWallet = input.payment_method === 'wallet' || !!input.use_wallet;
  const q = await quote(
    ctx.db,
    {
      items: input.items,
      coupon: input.coupon,
      use_wallet: useWallet,
      gifts: input.gifts,
      points: input.points,
      referral_code: input.referral_code,
    },
    {
      country: ctx.country,
      lang: ctx.lang,
      userId: ctx.user?.id ?? null,
      email,
      // A friend's code is checked against her phone, this device and the delivery address too.
      friend: { phone: ctx.user?.phone ?? null, deviceId: ctx.deviceId, address: input.gift ? null : address },
    },
  );
  if (q.problems.length) throw new ApiError(409, 'cart_changed', { problems: q.problems });
  const promotionIssue = promotionProblem(q, input.gifts);
  if (promotionIssue) throw new ApiError(409, promotionIssue);
  if (q.coupon && !q.coupon.applied) throw new ApiError(409, q.coupon.problem!);
  if (q.points?.problem) throw new ApiError(409, q.points.problem);
  if (q.referral && !q.referral.applied) throw new ApiError(409, q.referral.problem!);
  if (input.payment_method === 'wallet' && q.totals.due > 0) throw new ApiError(409, 'wallet_insufficient');

  // Nothing left to pay (wallet covered it): the order is paid whatever method was picked.
  const method =
    q.totals.due === 0 ? (q.totals.wallet_used > 0 ? 'wallet' : input.payment_method) : input.payment_method;
  const cardMethod = method === 'card' ? cardMethodFor(ctx.country, input.card_method, q.totals.due) : null;
  if (!ctx.subscriptionRun) checkSubscribing({ userId: ctx.user?.id ?? null, input, method, cardMethod }, q.lines);
  // A gift's address is the recipient's: her phone is not the buyer's STC Pay account, nor where the
  // buyer's WhatsApp updates go.
  const buyerPhone = input.gift ? (ctx.user?.phone ?? null) : address.phone;
  const payerPhone = stcPayPhoneFor(cardMethod, input.stc_pay_phone, buyerPhone);
  // WhatsApp updates: an account with a proven phone gets them there (its standing choice unless this
  // order says otherwise); anyone else to the delivery phone she typed, when she ticked the box.
  const provenPhone = ctx.user?.phone_verified_at ? ctx.user.phone : null;
  const wantsWhatsapp = input.whatsapp_updates ?? !!(provenPhone && ctx.user?.whatsapp_updates_at);
  const whatsappTo = wantsWhatsapp ? (provenPhone ?? buyerPhone) : null;
  const status = method === 'card' ? 'pending_payment' : method === 'wallet' ? 'paid' : 'placed';

  // A guest has no order list: the success page and the confirmation mail carry this link.
  const token = ctx.user ? null : randomToken();
  const link = token ? { token, hash: await tokenHash(token) } : null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const orderId = newOrderId();
    const paymentId = method === 'card' ? newPaymentId() : null;
    try {
      await ctx.db.batch(
        orderStatements(ctx, {
          input,
          hash,
          orderId,
          paymentId,
          q,
          address,
          email,
          method,
          cardMethod,
          payerPhone,
          whatsappTo,
          status,
          link,
        }),
      );
      const order = await orderView(ctx.db, orderId, ctx.lang);
      return { order: order!, paymentId, replayed: false, link: token };
    } catch (error) {
      const kind = failureOf(error);
      if (kind === 'order_id') continue;
      if (kind === 'idempotency') {
        // A concurrent retry with the same key got there first: answer as it did.
        const first = await replay(ctx, input, hash);
        if (first) return first;
      }
      if (kind === 'stock') {
        const fresh = await quote(
          ctx.db,
          { items: input.items },
          { country: ctx.country, lang: ctx.lang, userId: ctx.user?.id ?? null },
        );
        throw new ApiError(409, 'out_of_stock', { problems: fresh.problems });
      }
      if (kind === 'coupon_used_up' || kind === 'coupon_already_used' || kind === 'promotion_used_up')
        throw new ApiError(409, kind);
      if (kind === 'wallet') throw new ApiError(409, 'wallet_insufficient');
      // Another checkout spent the points first: nothing of this order stays (issue 47).
      if (isPointsShort(error)) throw new ApiError(409, 'points_insufficient');
      // Two first orders of one friend with a code at once: the referral is hers once (referrals.friend_id).
      if (/referrals\.friend_id/.test(String(error))) throw new ApiError(409, 'referral_not_first_order');
      throw error;
    }
  }
  throw new Error('could not find a free order number');
}

function orderStatements(
  ctx: PlaceContext,
  o: {
    input: SubmitInput;
    hash: string;
    orderId: number;
    paymentId: string | null;
    q: Quote;
    address: OrderAddress;
    email: string;
    method: string;
    cardMethod: string | null;
    payerPhone: string | null;
    whatsappTo: string | null;
    status: string;
    link: { token: string; hash: string } | null;
  },
): D1PreparedStatement[] {
  const { db } = ctx;
  const { q, orderId } = o;
  const t = q.totals;
  const now = Date.now();
  const userId = ctx.user?.id ?? null;
  const coupon = q.coupon?.applied ? q.coupon.coupon : null;
  const statements: D1PreparedStatement[] = [
    db
      .prepare('INSERT INTO idempotency_keys (owner, key, body_hash, order_id, created_at) VALUES (?, ?, ?, ?, ?)')
      .bind(ownerOf(ctx), o.input.idempotency_key, o.hash, orderId, now),
    db
      .prepare(
        `INSERT INTO orders (id, user_id, guest_email, guest_phone, country, currency, lang, status, payment_method, card_method, address,
           subtotal, before_discount, discount, delivery, vat, vat_basis_points, total, wallet_used, coupon_id, coupon_code, holds_stock, created_at, updated_at, whatsapp_to,
           points_used, points_discount, referral_discount)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        orderId,
        userId,
        userId ? null : o.email,
        userId || o.input.gift ? null : o.address.phone,
        ctx.country,
        t.currency,
        ctx.lang,
        o.status,
        o.method,
        o.cardMethod,
        JSON.stringify(o.address),
        t.subtotal,
        t.before_discount,
        t.discount,
        t.delivery,
        t.vat,
        q.settings.vat_basis_points,
        t.total,
        t.wallet_used,
        coupon?.id ?? null,
        coupon?.code ?? null,
        now,
        now,
        o.whatsappTo,
        t.points_used,
        t.points_discount,
        t.referral_discount,
      ),
  ];
  const unit = new Map(t.lines.map((l) => [l.sku_id, l]));
  for (const line of q.lines) {
    const priced = unit.get(line.sku_id)!;
    statements.push(
      db
        .prepare(
          `INSERT INTO order_items (order_id, sku_id, product_id, product_slug, name, sku_name, image_key, unit_price, old_unit_price, count)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          orderId,
          line.sku_id,
          line.product_id,
          line.product_slug,
          line.name,
          line.sku_name,
          line.image_key,
          priced.unit_price,
          priced.old_unit_price,
          line.count,
        ),
    );
  }
  statements.push(...holdStatements(db, { orderId, items: q.lines, coupon, shopper: { userId, email: o.email } }));
  statements.push(...placedPromotions(db, orderId, q).statements);
  if (t.wallet_used > 0 && userId)
    statements.push(
      ...walletMove(db, {
        userId,
        currency: t.currency,
        amount: -t.wallet_used,
        kind: 'order_payment',
        orderId,
        paymentId: null,
      }),
    );
  // Points spent (issue 47): a debit past her balance (another checkout spent them first) fails the
  // whole batch under the ledger's CHECK; the event key makes it once per order.
  if (t.points_used > 0 && userId)
    statements.push(
      ...pointsMove(db, {
        userId,
        country: ctx.country,
        amount: -t.points_used,
        kind: 'spend',
        eventKey: `spend:order:${orderId}`,
        orderId,
        now,
      }),
    );
  // A friend's referral: rewarded to the referrer when this order is delivered (the ledger's hook).
  const referrer = q.referral?.applied ? q.loyalty.referrer : null;
  if (referrer && userId)
    statements.push(
      db
        .prepare(
          `INSERT INTO referrals (referrer_id, friend_id, order_id, country, discount, status, month, created_at)
           VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)`,
        )
        .bind(referrer.referrer_id, userId, orderId, ctx.country, t.referral_discount, gulfMonthOf(now), now),
    );
  // The device she ordered from: a later friend's checkout on it is a self-referral.
  const seen = userId ? deviceSeenStatement(db, userId, ctx.deviceId, now) : null;
  if (seen) statements.push(seen);
  const subscribing = !ctx.subscriptionRun && userId !== null && subscribedLines(q.lines).length > 0;
  if (subscribing)
    statements.push(
      ...startStatements(db, {
        userId,
        country: ctx.country,
        lang: ctx.lang,
        orderId,
        addressId: o.input.address_id!,
        payBy: o.paymentId ? 'card' : 'wallet',
        lines: q.lines,
        now,
      }),
    );
  if (o.paymentId)
    statements.push(
      openPayment(db, {
        saveCard: subscribing,
        id: o.paymentId,
        orderId,
        userId,
        amount: t.due,
        currency: t.currency,
        method: o.cardMethod!,
        returnPath: returnPath(ctx.lang, orderId),
        payerPhone: o.payerPhone,
      }),
    );
  if (o.link) statements.push(orderLinkStatement(db, o.link, orderId, now));
  // Ticking the box again is asking again, but only the number's proven owner lifts an earlier stop: a
  // typed number that said stop stays stopped.
  if (o.whatsappTo && o.input.whatsapp_updates && ctx.user?.phone_verified_at && ctx.user.phone === o.whatsappTo)
    statements.push(db.prepare('DELETE FROM whatsapp_optouts WHERE phone = ?').bind(o.whatsappTo));
  const gift = o.input.gift ? giftFor(o.input.gift, o.address) : null;
  if (gift) statements.push(giftStatement(db, orderId, gift, now));
  // A cash or wallet order is confirmed now, in this batch (a card order when its payment succeeds).
  if (!o.paymentId)
    statements.push(
      ...confirmationStatements(db, {
        order: { ...placedView(ctx, o, now), gift },
        lang: ctx.lang,
        siteOrigin: ctx.siteOrigin,
        kind: 'order_confirmation',
        link: o.link?.token ?? null,
        now,
      }),
    );
  return statements;
}

/** The order as orderView will read it once the batch is stored, built from what the batch writes. */
function placedView(
  ctx: PlaceContext,
  o: {
    orderId: number;
    q: Quote;
    address: OrderAddress;
    email: string;
    method: string;
    cardMethod: string | null;
    status: string;
  },
  now: number,
): OrderView {
  const t = o.q.totals;
  const coupon = o.q.coupon?.applied ? o.q.coupon.coupon : null;
  const unit = new Map(t.lines.map((l) => [l.sku_id, l]));
  const row = {
    id: o.orderId,
    user_id: ctx.user?.id ?? null,
    guest_email: ctx.user ? null : o.email,
    status: o.status,
    payment_method: o.method,
    card_method: o.cardMethod,
    country: ctx.country,
    currency: t.currency,
    address: JSON.stringify(o.address),
    subtotal: t.subtotal,
    before_discount: t.before_discount,
    discount: t.discount,
    delivery: t.delivery,
    vat: t.vat,
    vat_basis_points: o.q.settings.vat_basis_points,
    total: t.total,
    wallet_used: t.wallet_used,
    points_used: t.points_used,
    points_discount: t.points_discount,
    referral_discount: t.referral_discount,
    coupon_code: coupon?.code ?? null,
    created_at: now,
    email: o.email,
  } as Parameters<typeof toOrderView>[0];
  const items = [...o.q.lines]
    .sort((a, b) => a.sku_id - b.sku_id)
    .map((l) => ({
      order_id: o.orderId,
      sku_id: l.sku_id,
      product_id: l.product_id,
      product_slug: l.product_slug,
      name: l.name,
      sku_name: l.sku_name,
      image_key: l.image_key,
      unit_price: unit.get(l.sku_id)!.unit_price,
      old_unit_price: unit.get(l.sku_id)!.old_unit_price,
      count: l.count,
    }));
  return toOrderView(row, items as Parameters<typeof toOrderView>[1], [], placedPromotions(null, o.orderId, o.q).views);
}

export const placedEnvelope = (placed: Placed, paymentUrl: string | null) =>
  ok({
    order: placed.order,
    payment: placed.paymentId ? { id: placed.paymentId, url: paymentUrl } : null,
    replayed: placed.replayed,
  });
