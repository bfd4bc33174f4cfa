// Placing an order: one D1 batch (a transaction) holds the idempotency key, the order and its items,
// the stock taken, the coupon redeemed, the wallet spent and the card payment opened. Constraints
// make the batch all-or-nothing: a SKU that would go below zero stock, a coupon past its uses or
// already used by this shopper, a wallet that would go negative, a key already used: each aborts it.
import { localizePath } from '#shared/locale';
import { ok } from '#shared/api/envelope';
import { CARD_METHODS, type SubmitInput } from '#shared/api/order-schemas';
import { sha256Hex } from '#shared/api/signing';
import { randomHex } from '#shared/bytes';
import { ApiError } from '../lib/errors';
import { personLimit, quote, shopperKey, type Quote } from './quote';
import { resolveAddress, type OrderAddress } from './address';
import { orderView, toOrderView, type OrderView } from './view';
import { newOrderId } from './order-id';
import type { CouponRow, IdempotencyKeyRow, PaymentRow } from '../db/rows';
import { randomToken, tokenHash } from '../accounts/tokens';
import { confirmationStatements, orderLinkStatement } from './confirmation-mail';
import { giftAddress, giftFor, giftStatement } from './gift';
import { placedPromotions, promotionProblem } from './promotion-order';

export interface PlaceContext {
  db: D1Database;
  country: 'KW' | 'SA';
  lang: 'en' | 'ar';
  user: { id: number; name: string; email: string; phone: string | null } | null;
  deviceId: string | null;
  /** Where the confirmation mail's links point (the storefront). */
  siteOrigin: string;
  /**
   * Abuse limits for a new order: checked after a replay is answered, so a retry of an order already
   * placed (same key) always gets that order, never a 429.
   */
  beforeNewOrder?: () => Promise<void>;
}

export interface Placed {
  order: OrderView;
  /** Set for a card payment: the hosted page to send the shopper to (filled in by the caller). */
  paymentId: string | null;
  replayed: boolean;
  /** A guest's new order link (stored in the batch); null for an account or a replay. */
  link: string | null;
}

/** Random, unguessable ids: order numbers shoppers read (10 digits, ./order-id.ts) and payment ids. */
export { newOrderId };

export function newPaymentId(): string {
  return `pay_${randomHex(12)}`;
}

/** The part of the body that defines the order (the key itself is not part of it). */
export async function bodyHash(input: SubmitInput): Promise<string> {
  const { idempotency_key: _key, ...rest } = input;
  return sha256Hex(JSON.stringify(rest));
}

function ownerOf(ctx: PlaceContext): string {
  return ctx.user ? `u:${ctx.user.id}` : `d:${ctx.deviceId ?? 'anonymous'}`;
}

/** A key seen before: the first answer for the same body, 409 for a different one. */
async function replay(ctx: PlaceContext, input: SubmitInput, hash: string): Promise<Placed | null> {
  const row = await ctx.db
    .prepare('SELECT body_hash, order_id FROM idempotency_keys WHERE owner = ? AND key = ?')
    .bind(ownerOf(ctx), input.idempotency_key)
    .first<Pick<IdempotencyKeyRow, 'body_hash' | 'order_id'>>();
  if (!row) return null;
  if (row.body_hash !== hash) throw new ApiError(409, 'idempotency_conflict');
  const order = await orderView(ctx.db, row.order_id, ctx.lang);
  const payment = await ctx.db
    .prepare('SELECT id FROM payments WHERE order_id = ? ORDER BY created_at LIMIT 1')
    .bind(row.order_id)
    .first<Pick<PaymentRow, 'id'>>();
  return { order: order!, paymentId: payment?.id ?? null, replayed: true, link: null };
}

/** Which guarantee stopped a batch, from the name of the constraint D1 reports. */
export function failureOf(
  error: unknown,
):
  | 'idempotency'
  | 'stock'
  | 'coupon_used_up'
  | 'coupon_already_used'
  | 'promotion_used_up'
  | 'wallet'
  | 'order_id'
  | 'open_payment'
  | null {
  const text = error instanceof Error ? error.message : String(error);
  if (/idempotency_keys/.test(text)) return 'idempotency';
  if (/stock >= 0/.test(text)) return 'stock';
  if (/coupon_uses_left/.test(text)) return 'coupon_used_up';
  if (/coupon_redemptions/.test(text)) return 'coupon_already_used';
  if (/promotion_uses_left/.test(text)) return 'promotion_used_up';
  if (/wallet_not_negative/.test(text)) return 'wallet';
  if (/orders\.id/.test(text)) return 'order_id';
  if (/payments\.order_id/.test(text)) return 'open_payment';
  return null;
}

/**
 * What a standing order holds: its stock (the CHECK stock >= 0 aborts the batch when there is not
 * enough) and its coupon redemption (its uses and the single-use key abort it when used up).
 */
export function holdStatements(
  db: D1Database,
  o: {
    orderId: number;
    items: Array<{ sku_id: number; product_id: number; count: number }>;
    coupon: Pick<CouponRow, 'id' | 'per_person_limit' | 'once_per_shopper'> | null;
    shopper: { userId: number | null; email: string | null };
  },
): D1PreparedStatement[] {
  const statements = [
    ...o.items.map((i) => db.prepare('UPDATE skus SET stock = stock - ? WHERE id = ?').bind(i.count, i.sku_id)),
    stockFlags(
      db,
      o.items.map((i) => i.product_id),
    ),
  ];
  if (o.coupon) {
    statements.push(
      db.prepare('UPDATE coupons SET used = used + 1 WHERE id = ?').bind(o.coupon.id),
      personLimit(o.coupon) === null
        ? db
            .prepare('INSERT INTO coupon_redemptions (order_id, coupon_id, once_key) VALUES (?, ?, NULL)')
            .bind(o.orderId, o.coupon.id)
        : redemptionStatement(db, o.orderId, o.coupon.id, shopperKey(o.coupon.id, o.shopper)),
    );
  }
  return statements;
}

/**
 * A redemption of a coupon with a per-person limit. The key is computed in the statement itself, so
 * nothing can run between the count and the insert: the first use takes `<coupon>:<shopper>`, later
 * ones `…#<n>` after the highest; a use past the limit takes a key the shopper already holds, and the
 * UNIQUE index aborts the batch (coupon_already_used).
 */
function redemptionStatement(db: D1Database, orderId: number, couponId: number, key: string | null) {
  return db
    .prepare(
      `INSERT INTO coupon_redemptions (order_id, coupon_id, once_key)
       SELECT ?1, c.id, CASE
           WHEN ?3 IS NULL THEN NULL
           WHEN u.n >= coalesce(c.per_person_limit, 1) THEN u.taken
           WHEN u.has_first = 0 THEN ?3
           ELSE ?3 || '#' || (u.top + 1) END
       FROM coupons c, (
         SELECT count(*) AS n, min(once_key) AS taken, coalesce(sum(once_key = ?3), 0) AS has_first,
           coalesce(max(CASE WHEN once_key <> ?3 THEN CAST(substr(once_key, length(?3) + 2) AS INTEGER) END), 1) AS top
         FROM coupon_redemptions WHERE once_key = ?3 OR (once_key >= ?3 || '#' AND once_key < ?3 || '$')
       ) u
       WHERE c.id = ?2`,
    )
    .bind(orderId, couponId, key);
}

export async function placeOrder(ctx: PlaceContext, input: SubmitInput): Promise<Placed> {
  const hash = await bodyHash(input);
  const earlier = await replay(ctx, input, hash);
  if (earlier) return earlier;
  await ctx.beforeNewOrder?.();

  const email = ctx.user?.email ?? input.email ?? null;
  if (!email)
    throw new ApiError(400, 'validation_failed', {
      fields: [{ field: 'email', code: 'required', message: 'mandatory-field' }],
    });
  if (input.payment_method === 'wallet' && !ctx.user) throw new ApiError(401, 'unauthorized');

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
    { items: input.items, coupon: input.coupon, use_wallet: useWallet, gifts: input.gifts },
    { country: ctx.country, lang: ctx.lang, userId: ctx.user?.id ?? null, email },
  );
  if (q.problems.length) throw new ApiError(409, 'cart_changed', { problems: q.problems });
  const promotionIssue = promotionProblem(q, input.gifts);
  if (promotionIssue) throw new ApiError(409, promotionIssue);
  if (q.coupon && !q.coupon.applied) throw new ApiError(409, q.coupon.problem!);
  if (input.payment_method === 'wallet' && q.totals.due > 0) throw new ApiError(409, 'wallet_insufficient');

  // Nothing left to pay (wallet covered it): the order is paid whatever method was picked.
  const method =
    q.totals.due === 0 ? (q.totals.wallet_used > 0 ? 'wallet' : input.payment_method) : input.payment_method;
  const cardMethod = method === 'card' ? cardMethodFor(ctx.country, input.card_method) : null;
  const status = method === 'card' ? 'pending_payment' : method === 'wallet' ? 'paid' : 'placed';

  // A guest has no order list: the success page and the confirmation mail carry this link.
  const token = ctx.user ? null : randomToken();
  const link = token ? { token, hash: await tokenHash(token) } : null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const orderId = newOrderId();
    const paymentId = method === 'card' ? newPaymentId() : null;
    try {
      await ctx.db.batch(
        orderStatements(ctx, { input, hash, orderId, paymentId, q, address, email, method, cardMethod, status, link }),
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
           subtotal, before_discount, discount, delivery, vat, vat_basis_points, total, wallet_used, coupon_id, coupon_code, holds_stock, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
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
  if (o.paymentId)
    statements.push(
      openPayment(db, {
        id: o.paymentId,
        orderId,
        userId,
        amount: t.due,
        currency: t.currency,
        method: o.cardMethod!,
        returnPath: returnPath(ctx.lang, orderId),
      }),
    );
  if (o.link) statements.push(orderLinkStatement(db, o.link, orderId, now));
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

/**
 * The kind of card of a card payment (a product order, a blood-test booking, paying either again): the
 * one asked for, else the country's first; one the country does not offer is refused.
 */
export function cardMethodFor(country: keyof typeof CARD_METHODS, asked: string | undefined): string {
  const allowed: readonly string[] = CARD_METHODS[country];
  const method = asked ?? allowed[0]!;
  if (!allowed.includes(method)) throw new ApiError(400, 'payment_method_unavailable');
  return method;
}

export function returnPath(lang: 'en' | 'ar', orderId: number): string {
  return localizePath(`/checkout/success?order=${orderId}`, lang);
}

/** Keeps products.in_stock (used by listings) true to the stock of their SKUs. */
export function stockFlags(db: D1Database, productIds: number[]): D1PreparedStatement {
  const ids = [...new Set(productIds)];
  return db
    .prepare(
      `UPDATE products SET in_stock = EXISTS (SELECT 1 FROM skus s WHERE s.product_id = products.id AND s.stock > 0) WHERE id IN (${ids.map(() => '?').join(', ')})`,
    )
    .bind(...ids);
}

/** A wallet movement: the ledger row and the balance it changes (which may never go below zero). */
export function walletMove(
  db: D1Database,
  m: {
    userId: number;
    currency: string;
    amount: number;
    kind: 'top_up' | 'order_payment' | 'refund';
    orderId: number | null;
    paymentId: string | null;
    /** The blood-test booking paid or refunded (instead of a product order). */
    bloodTestOrderId?: number;
  },
): D1PreparedStatement[] {
  // A spend updates the existing row (a balance above zero was read, so it exists): an upsert would
  // check the CHECK on the would-be new row first and refuse every spend.
  const balance =
    m.amount < 0
      ? db.prepare('UPDATE wallet_accounts SET balance = balance + ?3 WHERE user_id = ?1 AND currency = ?2')
      : db.prepare(
          'INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?1, ?2, ?3) ON CONFLICT (user_id, currency) DO UPDATE SET balance = balance + ?3',
        );
  return [
    balance.bind(m.userId, m.currency, m.amount),
    db
      .prepare(
        'INSERT INTO wallet_ledger (user_id, currency, amount, kind, order_id, payment_id, blood_test_order_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .bind(m.userId, m.currency, m.amount, m.kind, m.orderId, m.paymentId, m.bloodTestOrderId ?? null, Date.now()),
  ];
}

export function openPayment(
  db: D1Database,
  p: {
    id: string;
    orderId: number | null;
    userId: number | null;
    amount: number;
    currency: string;
    method: string;
    returnPath: string;
    purpose?: 'order' | 'wallet';
    provider?: string;
    /** The blood-test booking this payment pays (then orderId is null). */
    bloodTestOrderId?: number;
  },
): D1PreparedStatement {
  const now = Date.now();
  return db
    .prepare(
      `INSERT INTO payments (id, provider, purpose, order_id, blood_test_order_id, user_id, amount, currency, method, status, return_path, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'initiated', ?, ?, ?)`,
    )
    .bind(
      p.id,
      p.provider ?? 'pending',
      p.purpose ?? 'order',
      p.orderId,
      p.bloodTestOrderId ?? null,
      p.userId,
      p.amount,
      p.currency,
      p.method,
      p.returnPath,
      now,
      now,
    );
}

export const placedEnvelope = (placed: Placed, paymentUrl: string | null) =>
  ok({
    order: placed.order,
    payment: placed.paymentId ? { id: placed.paymentId, url: paymentUrl } : null,
    replayed: placed.replayed,
  });
