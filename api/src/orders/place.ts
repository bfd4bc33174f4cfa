// Placing an order: one D1 batch (a transaction) holds the idempotency key, the order and its items,
// the stock taken, the coupon redeemed, the wallet spent and the card payment opened. Constraints
// make the batch all-or-nothing: a SKU that would go below zero stock, a coupon past its uses or
// already used by this shopper, a wallet that would go negative, a key already used: each aborts it.
// A shopper whose orders are in another order shard than the core is placed in three steps instead
// (reserve in the core, write in her shard, confirm: orders/reservations.ts, decision 62).
import { orderedStatements } from '../carts/saved';
import { ok } from '#shared/api/envelope';
import type { MessageKey } from '#shared/api/message-keys';
import type { SubmitInput } from '#shared/api/order-schemas';
import { POINTS_REFUSALS, REFERRAL_REFUSALS } from '#shared/loyalty/checkout-refusals';
import { ApiError } from '../lib/errors';
import { COUNTRY_FACTS } from '#shared/countries';
import { quote, type Quote } from './quote';
import { COUPON_PROBLEMS } from '#shared/orders/coupon-problems';
import { resolveAddress, type OrderAddress } from './address';
import { orderView, toOrderView, type OrderView } from './view';
import { newOrderId } from './order-id';
import { randomToken, tokenHash } from '../accounts/tokens';
import { confirmationStatements, orderLinkStatement, receivedKey } from './confirmation-mail';
import { proofLinkFor, type ProofLink } from './email-proof';
import { giftAddress, giftFor, giftStatement } from './gift';
import { placedPromotions, promotionProblem } from './promotion-order';
import type { PlaceContext, Placed } from './place-types';
import { requestHash } from '../lib/idempotency';
import { ownerOf, replay, replayed, replayStatement } from './order-replay';
import { failureOf, holdStatements } from './stock-holds';
import { cardMethodFor, newPaymentId, openPayment, returnPath, stcPayPhoneFor, walletMove } from './payment-moves';
import { checkSubscribing, startStatements, subscribedLines } from './subscription-start';
import { isPointsShort, pointsMove } from '../loyalty/ledger';
import { monthOf } from './loyalty-checkout';
import { deviceSeenStatement } from '../accounts/devices';
import { guestOwner, type OwnerKey, type Route, routeFrom, routeStatement, userOwner } from '../db/databases';
import { confirmStatement, type Holds, indexStatement, releaseStatements, reserveStatement } from './reservations';
import { orderInvoiceRecord } from '../e-invoice-sales';
import { CASH_REFUSALS, cashUnavailable } from '#shared/payments/cash-on-delivery';

// Callers import these from here as before: the order's money moves and holds are its own modules.
export { cardMethodFor, newPaymentId, openPayment, returnPath, stcPayPhoneFor, walletMove } from './payment-moves';
export { failureOf, holdStatements, stockFlags } from './stock-holds';
export type { PlaceContext, Placed } from './place-types';

/**
 * What placing may refuse an order with (meta.msg of POST /order/submit's failures, its contract's
 * `messages`): the address, the cart's changes, its coupon, points, friend's code and delivery speed,
 * the way to pay, subscriptions, and the holds a concurrent checkout took first.
 */
export const PLACING_MESSAGES = [
  // Wallet or points without an account, or a session that ended mid-checkout (routes/orders.ts buyer()).
  'unauthorized',
  'address_required',
  'address_country_mismatch',
  'checkout_country_changed',
  'idempotency_conflict',
  'cart_changed',
  'out_of_stock',
  'promotion_used_up',
  ...COUPON_PROBLEMS,
  ...POINTS_REFUSALS,
  ...REFERRAL_REFUSALS,
  'wallet_insufficient',
  'delivery_speed_unavailable',
  'payment_method_unavailable',
  'payment_method_below_minimum',
  'payment_method_above_maximum',
  ...Object.values(CASH_REFUSALS),
  'stc_pay_phone_invalid',
  'subscription_needs_account',
  'subscription_frequency_invalid',
  'subscription_count_invalid',
  'subscription_address_required',
  'subscription_not_for_gift',
  'subscription_payment_unsupported',
  'service_busy',
] as const satisfies readonly MessageKey[];

export async function placeOrder(ctx: PlaceContext, input: SubmitInput): Promise<Placed> {
  const hash = await requestHash(input);
  // Her orders' database (decision 61), read with the key's earlier order in one batch of the core: in
  // shard 0 (the shop before its first shard) the route costs no round trip of its own.
  const owner = ctx.user ? userOwner(ctx.user.id) : input.email ? await guestOwner(input.email) : null;
  const { route, earlier } = await routeAndReplay(ctx, owner, input, hash);
  if (earlier) return earlier;
  // Her totals were another country's (she switched country mid-checkout, issue 77): nothing is placed
  // in the old currency, nor in the new one's terms she has not seen; she looks at the new totals first.
  if (input.currency && input.currency !== COUNTRY_FACTS[ctx.country].currency)
    throw new ApiError(409, 'checkout_country_changed');
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
      speed: input.speed,
    },
    {
      country: ctx.country,
      lang: ctx.lang,
      userId: ctx.user?.id ?? null,
      email,
      // The promise for where it goes: her area in Kuwait, her city in Saudi Arabia (decision 65).
      zone: zoneOf(address),
      // A friend's code is checked against her phone, this device and the delivery address too.
      friend: { phone: ctx.user?.phone ?? null, deviceId: ctx.deviceId, address: input.gift ? null : address },
      databases: ctx.env,
    },
  );
  if (q.problems.length) throw new ApiError(409, 'cart_changed', { problems: q.problems });
  const promotionIssue = promotionProblem(q, input.gifts);
  if (promotionIssue) throw new ApiError(409, promotionIssue);
  if (q.coupon && !q.coupon.applied) throw new ApiError(409, q.coupon.problem!);
  if (q.points?.problem) throw new ApiError(409, q.points.problem);
  if (q.referral && !q.referral.applied) throw new ApiError(409, q.referral.problem!);
  if (input.payment_method === 'wallet' && q.totals.due > 0) throw new ApiError(409, 'wallet_insufficient');
  // A speed she chose that her address does not get (a next-day city she changed away from): she
  // chooses again rather than paying for a speed she did not pick.
  if (q.arrival?.problem) throw new ApiError(409, q.arrival.problem);

  // Nothing left to pay (wallet covered it): the order is paid whatever method was picked.
  const method =
    q.totals.due === 0 ? (q.totals.wallet_used > 0 ? 'wallet' : input.payment_method) : input.payment_method;
  const cardMethod = method === 'card' ? cardMethodFor(ctx.country, input.card_method, q.totals.due) : null;
  // Cash only where the owner allows it and up to her cap (issue 77): refused before anything is held.
  const cashRefused = method === 'cod' ? cashUnavailable(q.cash, q.totals.due) : null;
  if (cashRefused) throw new ApiError(409, CASH_REFUSALS[cashRefused.reason], { limit: cashRefused.limit });
  if (!ctx.subscriptionRun) checkSubscribing({ userId: ctx.user?.id ?? null, input, method, cardMethod }, q.lines);
  // A gift's address is the recipient's: her phone is not the buyer's STC Pay account.
  const buyerPhone = input.gift ? (ctx.user?.phone ?? null) : address.phone;
  const payerPhone = stcPayPhoneFor(cardMethod, input.stc_pay_phone, buyerPhone);
  // WhatsApp updates: only to a phone a code proved, the account's (its standing choice unless this
  // order says otherwise). A number merely typed at checkout is anyone's: a stranger's order would have
  // the shop message it at every step (decision 43, amended 2026-11-29), so it gets none, as returns.
  const provenPhone = ctx.user?.phone_verified_at ? ctx.user.phone : null;
  const wantsWhatsapp = input.whatsapp_updates ?? !!(provenPhone && ctx.user?.whatsapp_updates_at);
  const whatsappTo = wantsWhatsapp ? provenPhone : null;
  const status = method === 'card' ? 'pending_payment' : method === 'wallet' ? 'paid' : 'placed';

  // A guest has no order list: the success page and the confirmation mail carry this link.
  const token = ctx.user ? null : randomToken();
  const link = token ? { token, hash: await tokenHash(token) } : null;
  if (route.moving) throw new ApiError(503, 'service_busy');
  const split = route.binding !== 'DB';
  for (let attempt = 0; attempt < 3; attempt++) {
    const orderId = newOrderId();
    const paymentId = method === 'card' ? newPaymentId(route.id) : null;
    // An order that proves nothing (cash, wallet) to an address nobody proved gets "order received" with
    // the link that proves it (decision 85, confirmation-mail.ts); its rows are stored only with that mail.
    const proof =
      paymentId === null && email !== ''
        ? await proofLinkFor(ctx.db, ctx.user ? { userId: ctx.user.id } : { guest: true }, {
            email,
            lang: ctx.lang,
            siteOrigin: ctx.siteOrigin,
            secret: ctx.tokenSecret,
            mailKey: receivedKey(email, orderId),
            now: Date.now(),
          })
        : undefined;
    const parts = orderStatements(ctx, route.db, {
      proof,
      owner: owner!,
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
    });
    try {
      // The order's rows first, as before the split: a retry's key is refused before any stock is checked.
      if (!split) await ctx.db.batch([...parts.order, ...parts.core, ...parts.confirm]);
      else await placeInShard(ctx, route, orderId, parts);
      const order = await orderView(route.db, orderId, ctx.lang, undefined, undefined, ctx.db);
      return { order: order!, paymentId, replayed: false, link: token, db: route.db };
    } catch (error) {
      const kind = failureOf(error);
      if (kind === 'order_id') continue;
      if (kind === 'idempotency') {
        // A concurrent retry with the same key got there first: answer as it did.
        const first = await replay(ctx, route.db, input, hash);
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

/** Her route and the order an idempotency key placed before, in one batch of the core (decision 61). */
async function routeAndReplay(
  ctx: PlaceContext,
  owner: OwnerKey | null,
  input: SubmitInput,
  hash: string,
): Promise<{ route: Route; earlier: Placed | null }> {
  const keyRead = (db: D1Database) => replayStatement(db, ctx, input);
  if (!owner) {
    const [key] = await ctx.db.batch([keyRead(ctx.db)]);
    return { route: routeFrom(ctx.env, null), earlier: await replayed(ctx, ctx.db, key!, hash) };
  }
  const [routeRow, key] = await ctx.db.batch([routeStatement(ctx.env, owner), keyRead(ctx.db)]);
  const route = routeFrom(ctx.env, routeRow!.results[0] as Parameters<typeof routeFrom>[1]);
  if (route.binding === 'DB') return { route, earlier: await replayed(ctx, route.db, key!, hash) };
  const [mine] = await route.db.batch([keyRead(route.db)]);
  return { route, earlier: await replayed(ctx, route.db, mine!, hash) };
}

/**
 * Her shard is not the core: reserve in the core, write the order in her shard, confirm in the core.
 * When her shard refuses the order (her wallet or points spent meanwhile, a retry's key) the core gives
 * back what it held at once, and the shard's refusal is answered as in shard 0.
 */
async function placeInShard(ctx: PlaceContext, route: Route, orderId: number, parts: OrderParts): Promise<void> {
  await ctx.db.batch(parts.core);
  try {
    await route.db.batch(parts.order);
  } catch (error) {
    await ctx.db.batch(releaseStatements(ctx.db, orderId, parts.holds, Date.now()));
    throw error;
  }
  // A failure here leaves the order held but placed: the minute cron's sweep confirms it and queues
  // its mail (reservations.ts).
  await ctx.db.batch(parts.confirm);
}

/** A placement's statements by database: the core's holds, the order's rows in her shard, and what
 * the core writes once the order is there (decision 62). In shard 0 they are one batch. */
interface OrderParts {
  core: D1PreparedStatement[];
  order: D1PreparedStatement[];
  confirm: D1PreparedStatement[];
  holds: Holds;
}

function orderStatements(
  ctx: PlaceContext,
  odb: D1Database,
  o: {
    owner: OwnerKey;
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
    proof: ProofLink | undefined;
  },
): OrderParts {
  const { db } = ctx;
  const split = odb !== db;
  const { q, orderId } = o;
  const t = q.totals;
  const now = Date.now();
  const userId = ctx.user?.id ?? null;
  const coupon = q.coupon?.applied ? q.coupon.coupon : null;
  const promotions = placedPromotions({ core: db, order: odb }, orderId, q);
  const holds: Holds = {
    lines: q.lines.map((l) => ({ sku_id: l.sku_id, product_id: l.product_id, count: l.count })),
    coupon_id: coupon?.id ?? null,
    promotions: promotions.holds,
  };
  // The core: the number in its index (held until her shard has the order when that is not the core),
  // the stock, coupon and promotion uses.
  const core: D1PreparedStatement[] = [
    split ? reserveStatement(db, orderId, o.owner, holds, now) : indexStatement(db, orderId, o.owner, now),
    ...holdStatements(db, { orderId, items: q.lines, coupon, shopper: { userId, email: o.email } }),
    ...promotions.core,
  ];
  const statements: D1PreparedStatement[] = [
    odb
      .prepare('INSERT INTO idempotency_keys (owner, key, body_hash, order_id, created_at) VALUES (?, ?, ?, ?, ?)')
      .bind(ownerOf(ctx), o.input.idempotency_key, o.hash, orderId, now),
    odb
      .prepare(
        `INSERT INTO orders (id, user_id, guest_email, guest_phone, country, currency, lang, status, payment_method, card_method, address,
           subtotal, before_discount, discount, delivery, vat, vat_basis_points, total, wallet_used, coupon_id, coupon_code, holds_stock, created_at, updated_at, whatsapp_to,
           points_used, points_discount, referral_discount, delivery_speed, promised_date)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
        promised(q)?.speed ?? null,
        promised(q)?.arrives ?? null,
      ),
  ];
  const unit = new Map(t.lines.map((l) => [l.sku_id, l]));
  for (const line of q.lines) {
    const priced = unit.get(line.sku_id)!;
    statements.push(
      odb
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
  statements.push(...promotions.order);
  if (t.wallet_used > 0 && userId)
    statements.push(
      ...walletMove(odb, {
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
      ...pointsMove(odb, {
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
    core.push(
      db
        .prepare(
          `INSERT INTO referrals (referrer_id, friend_id, order_id, country, discount, status, month, created_at)
           VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)`,
        )
        .bind(referrer.referrer_id, userId, orderId, ctx.country, t.referral_discount, monthOf(ctx.country, now), now),
    );
  // A subscription's run knows its order from the moment it exists: whatever stops the job after this
  // batch, the order's payment outcome finishes the run (payments/subscription-run-failed.ts).
  if (ctx.subscriptionRun)
    core.push(
      db
        .prepare(
          "UPDATE subscription_runs SET order_id = ? WHERE subscription_id = ? AND due_date = ? AND status = 'claimed'",
        )
        .bind(orderId, ctx.subscriptionRun.subscriptionId, ctx.subscriptionRun.dueDate),
    );
  // The device she ordered from: a later friend's checkout on it is a self-referral.
  const seen = userId ? deviceSeenStatement(db, userId, ctx.deviceId, now) : null;
  if (seen) core.push(seen);
  // Her cart left behind is ordered now (issue 64): no more reminders; recovered if one went before.
  // A subscription's own renewal is not her cart.
  if (!ctx.subscriptionRun)
    core.push(
      ...orderedStatements(
        db,
        { userId, email: o.email },
        { id: orderId, total: t.total, currency: t.currency, paid: o.status === 'paid' },
        now,
      ),
    );
  const subscribing = !ctx.subscriptionRun && userId !== null && subscribedLines(q.lines).length > 0;
  if (subscribing)
    core.push(
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
      openPayment(odb, {
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
  if (o.link) statements.push(orderLinkStatement(odb, o.link, orderId, now));
  // Ticking the box again is asking again, but only the number's proven owner lifts an earlier stop: a
  // typed number that said stop stays stopped.
  if (o.whatsappTo && o.input.whatsapp_updates && ctx.user?.phone_verified_at && ctx.user.phone === o.whatsappTo)
    core.push(db.prepare('DELETE FROM whatsapp_optouts WHERE phone = ?').bind(o.whatsappTo));
  const gift = o.input.gift ? giftFor(o.input.gift, o.address) : null;
  if (gift) statements.push(giftStatement(odb, orderId, gift, now));
  // Paid in full by wallet and points: a sale now, so its e-invoice is recorded with it (decision 75).
  if (o.status === 'paid') statements.push(orderInvoiceRecord(odb, orderId, now));
  // A cash or wallet order is confirmed now, in this batch (a card order when its payment succeeds); in
  // another shard once the order is written there, with the reservation's confirmation.
  const confirm: D1PreparedStatement[] = split ? [confirmStatement(db, orderId)] : [];
  if (!o.paymentId)
    confirm.push(
      ...confirmationStatements(db, {
        order: { ...placedView(ctx, o, now), gift },
        lang: ctx.lang,
        siteOrigin: ctx.siteOrigin,
        kind: 'order_confirmation',
        link: o.link?.token ?? null,
        now,
        proof: o.proof,
      }),
    );
  return { core, order: statements, confirm, holds };
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
    delivery_speed: promised(o.q)?.speed ?? null,
    promised_date: promised(o.q)?.arrives ?? null,
    promise_missed_at: null,
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

/** The promise the order keeps: the day of the speed it takes (decision 65); null when none was made. */
function promised(q: Quote) {
  return q.arrival?.promises.find((p) => p.speed === q.arrival!.speed) ?? null;
}

/** Her Kuwait area or Saudi city: what the promise's speeds are offered by. */
function zoneOf(address: OrderAddress): number | null {
  const a = address as { area_id?: number | null; city_id?: number | null };
  return a.area_id ?? a.city_id ?? null;
}

export const placedEnvelope = (placed: Placed, paymentUrl: string | null) =>
  ok({
    order: placed.order,
    payment: placed.paymentId ? { id: placed.paymentId, url: paymentUrl } : null,
    replayed: placed.replayed,
  });
