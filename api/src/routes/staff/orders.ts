// The back office's orders: search and detail for the countries a grant allows, the
// fulfilment steps confirm → packed → shipped → delivered, cancel, and refunds. Every change is one
// D1 batch that holds the step's timeline row (which aborts the batch from a wrong state: migration
// 0025), the order's change, the shopper's mail (outbox) and the audit row.
import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { COUNTRY_CODES, type CountryCode } from '#shared/locale';
import { currencyDecimals } from '#shared/money';
import { countriesFor } from '#shared/staff/permissions';
import { gulfInstant } from '#shared/blood-tests/slot-rules';
import type { OrderStage, StaffOrderListQuery } from '#shared/api/staff-order-schemas';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/lib/validate';
import { ApiError } from '#api/src/lib/errors';
import { log } from '#api/src/lib/log';
import { siteOrigin } from '#api/src/lib/site-origin';
import { assertCan, requireStaff } from '#api/src/middleware/staff';
import { auditStatement } from '#api/src/staff/audit';
import type { StaffMember } from '#api/src/staff/sessions';
import type { OrderEventRow, OrderItemRow, OrderRow, PaymentRow, RefundRow, WalletLedgerRow } from '#api/src/db/rows';
import { releaseStatements } from '#api/src/payments/outcome';
import { restockedSkus } from '#api/src/catalogue/back-in-stock';
import { announceAlerts } from '#api/src/alerts';
import type { RefundResult } from '#api/src/payments/gateway';
import { gatewayFor } from '#api/src/payments/gateway-for';
import { refundMailTag, settleRefund } from '#api/src/payments/refunds';
import { sandboxGateway, signSandboxRefund } from '#api/src/payments/sandbox';
import { WEBHOOK_SIGNATURE_HEADERS } from '#shared/api/payment-webhooks';
import { walletMove } from '#api/src/orders/place';
import { randomToken } from '#api/src/accounts/tokens';
import type { OrderUpdate, OrderUpdateKind } from '#api/src/mail/order-update-texts';
import { orderUpdateStatements } from '#api/src/orders/update-mail';
import { giftOf, type OrderGiftRow } from '#api/src/orders/gift';
import { pushAfter, pushToUser } from '#api/src/push';
import { orderStatusPush } from '#api/src/push/texts';
import { ORDER_PROMOTIONS_SQL, toOrderPromotionView, type OrderPromotionRow } from '#api/src/orders/promotion-data';

export const ORDERS_PAGE = 30;

type Order = OrderRow & { email: string | null; user_name: string | null };

/** Where an order stands, for staff: its status with 'processing' split into confirmed and packed. */
export function stageOf(o: Pick<OrderRow, 'status' | 'packed_at'>): OrderStage {
  switch (o.status) {
    case 'placed':
    case 'paid':
      return 'to_confirm';
    case 'processing':
      return o.packed_at ? 'packed' : 'confirmed';
    default:
      return o.status;
  }
}

/** SQL for each stage (the list filter), over `o`. */
const STAGE_SQL: Record<OrderStage, string> = {
  to_confirm: "o.status IN ('placed', 'paid')",
  confirmed: "o.status = 'processing' AND o.packed_at IS NULL",
  packed: "o.status = 'processing' AND o.packed_at IS NOT NULL",
  shipped: "o.status = 'shipped'",
  delivered: "o.status = 'delivered'",
  cancelled: "o.status = 'cancelled'",
  pending_payment: "o.status = 'pending_payment'",
  payment_failed: "o.status = 'payment_failed'",
};

type Step = 'confirm' | 'pack' | 'ship' | 'deliver' | 'cancel';

/** Each step: the stages it starts from (checked again inside the batch), its timeline kind, its mail. */
const STEPS: Record<Step, { from: OrderStage[]; kind: OrderEventRow['kind']; mail: OrderUpdateKind | null }> = {
  confirm: { from: ['to_confirm'], kind: 'confirmed', mail: 'confirmed' },
  pack: { from: ['confirmed'], kind: 'packed', mail: null },
  ship: { from: ['packed'], kind: 'shipped', mail: 'shipped' },
  deliver: { from: ['shipped'], kind: 'delivered', mail: 'delivered' },
  cancel: {
    from: ['to_confirm', 'confirmed', 'packed', 'pending_payment', 'payment_failed'],
    kind: 'cancelled',
    mail: 'cancelled',
  },
};

/**
 * What has been paid on the order (minor units), as SQL over `o`: the wallet part, the card payments
 * that succeeded, and a cash-on-delivery order's cash once delivered.
 */
const PAID_SQL = `(o.wallet_used
  + coalesce((SELECT sum(p.amount) FROM payments p WHERE p.order_id = o.id AND p.purpose = 'order' AND p.status = 'succeeded'), 0)
  + CASE WHEN o.payment_method = 'cod' AND o.status = 'delivered' THEN o.total - o.wallet_used ELSE 0 END)`;
const REFUNDED_SQL = `coalesce((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = o.id AND r.status <> 'failed'), 0)`;
const CARD_SQL = `coalesce((SELECT sum(p.amount) FROM payments p WHERE p.order_id = o.id AND p.purpose = 'order' AND p.status = 'succeeded'), 0)`;
const GATEWAY_REFUNDED_SQL = `coalesce((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = o.id AND r.method = 'gateway' AND r.status <> 'failed'), 0)`;

async function loadOrder(db: D1Database, id: number): Promise<Order | null> {
  return db
    .prepare(
      `SELECT o.*, coalesce(u.email, o.guest_email) AS email, u.name AS user_name
       FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = ?`,
    )
    .bind(id)
    .first<Order>();
}

/** The order, 404 when it does not exist, 403 unless the grant covers the order's country. */
async function orderFor(c: Context<AppEnv>, id: number, permission: Parameters<typeof assertCan>[1]) {
  const member = await requireStaff(c);
  const order = await loadOrder(c.env.DB, id);
  if (!order) throw new ApiError(404, 'not_found');
  assertCan(member, permission, order.country);
  return { member, order };
}

/** The shopper's mail for a step, in the order's language; a guest's carries a fresh order link. */
function mailStatements(
  c: Context<AppEnv>,
  order: Order,
  update: Omit<OrderUpdate, 'orderId' | 'country' | 'currency' | 'linkPath'>,
  dedupe: string,
  now: number,
  when?: { sql: string; binds: unknown[] },
): Promise<D1PreparedStatement[]> {
  return orderUpdateStatements(c.env.DB, order, update, { dedupe, now, siteOrigin: siteOrigin(c), when });
}

/**
 * The step's timeline row, first in its batch: its kind is computed from the order's state when the
 * batch runs, so a step from a wrong state (a second clerk was quicker) writes 'not_allowed', which
 * the CHECK refuses, and nothing of the batch is stored.
 */
function guardedEvent(
  db: D1Database,
  p: {
    orderId: number;
    kind: OrderEventRow['kind'];
    from: OrderStage[];
    staffId: number;
    note: string | null;
    now: number;
  },
): D1PreparedStatement {
  const allowed = p.from.map((s) => `(${STAGE_SQL[s]})`).join(' OR ');
  return db
    .prepare(
      `INSERT INTO order_events (order_id, kind, staff_id, note, at)
       SELECT o.id, CASE WHEN ${allowed} THEN ? ELSE 'not_allowed' END, ?, ?, ? FROM orders o WHERE o.id = ?`,
    )
    .bind(p.kind, p.staffId, p.note, p.now, p.orderId);
}

function isTransitionRace(error: unknown): boolean {
  return /order_event_allowed|order_events\.|CHECK constraint failed|payment_events/.test(String(error));
}

async function runStep(c: Context<AppEnv>, id: number, step: Step, input: Record<string, unknown>) {
  const permission = step === 'cancel' ? 'orders:cancel' : 'orders:fulfil';
  const { member, order } = await orderFor(c, id, permission);
  const rule = STEPS[step];
  const stage = stageOf(order);
  if (!rule.from.includes(stage)) throw new ApiError(409, 'transition_not_allowed');
  const db = c.env.DB;
  const now = Date.now();
  const note = typeof input.note === 'string' && input.note ? input.note : null;
  const statements: D1PreparedStatement[] = [
    guardedEvent(db, { orderId: order.id, kind: rule.kind, from: rule.from, staffId: member.id, note, now }),
  ];
  let before: Record<string, unknown> = { status: order.status };
  let after: Record<string, unknown>;
  let update: Omit<OrderUpdate, 'orderId' | 'country' | 'currency' | 'linkPath'> | null = null;
  let cancelRefund: {
    amount: number;
    method: 'wallet' | 'gateway';
    payment: CardPayment | null;
    index: number;
  } | null = null;
  switch (step) {
    case 'confirm':
      statements.push(
        db
          .prepare("UPDATE orders SET status = 'processing', confirmed_at = ?, updated_at = ? WHERE id = ?")
          .bind(now, now, order.id),
      );
      after = { status: 'processing', confirmed_at: now };
      update = { kind: 'confirmed' };
      break;
    case 'pack':
      statements.push(
        db.prepare('UPDATE orders SET packed_at = ?, updated_at = ? WHERE id = ?').bind(now, now, order.id),
      );
      before = { packed_at: null };
      after = { packed_at: now };
      break;
    case 'ship': {
      const carrier = input.carrier as string;
      const tracking = input.tracking_number as string;
      const url = (input.tracking_url as string | undefined) ?? null;
      statements.push(
        db
          .prepare(
            "UPDATE orders SET status = 'shipped', shipped_at = ?, carrier = ?, tracking_number = ?, tracking_url = ?, updated_at = ? WHERE id = ?",
          )
          .bind(now, carrier, tracking, url, now, order.id),
      );
      after = { status: 'shipped', carrier, tracking_number: tracking, tracking_url: url };
      update = { kind: 'shipped', carrier, trackingNumber: tracking, trackingUrl: url };
      break;
    }
    case 'deliver':
      statements.push(
        db
          .prepare("UPDATE orders SET status = 'delivered', delivered_at = ?, updated_at = ? WHERE id = ?")
          .bind(now, now, order.id),
      );
      after = { status: 'delivered' };
      update = { kind: 'delivered' };
      break;
    case 'cancel': {
      // An open card charge is closed as cancelled in the same batch (its outcome row first: a
      // webhook that recorded an outcome meanwhile makes this batch fail, and the clerk looks again).
      const open = await db
        .prepare("SELECT id FROM payments WHERE order_id = ? AND status = 'initiated'")
        .bind(order.id)
        .first<Pick<PaymentRow, 'id'>>();
      if (open)
        statements.push(
          db
            .prepare("INSERT INTO payment_events (payment_id, outcome, created_at) VALUES (?, 'cancelled', ?)")
            .bind(open.id, now),
          db.prepare("UPDATE payments SET status = 'cancelled', updated_at = ? WHERE id = ?").bind(now, open.id),
        );
      // The shopper's cancel and a failed payment give back stock, coupon and wallet part this way.
      statements.push(...(await releaseStatements(db, order.id, now, 'cancelled')));
      statements.push(db.prepare('UPDATE orders SET cancelled_at = ? WHERE id = ?').bind(now, order.id));
      before = { status: order.status, holds_stock: order.holds_stock, wallet_used: order.wallet_used };
      after = { status: 'cancelled', holds_stock: 0, wallet_used: 0 };
      update = { kind: 'cancelled' };
      // What the card paid and no refund gave back yet goes back too, as a refund row (reason
      // 'cancelled') after the release in the batch: its amount is checked there against what was
      // paid (the wallet part now returned) minus what was refunded, so a refund racing this cancel
      // makes one of the two fail, never both pass.
      const cardBack = await cardLeftAfterCancel(db, order);
      if (cardBack > 0) {
        const method = input.refund_method === 'wallet' ? 'wallet' : 'gateway';
        if (method === 'wallet' && order.user_id === null) throw new ApiError(409, 'refund_needs_account');
        const payment = method === 'gateway' ? await cardPayment(db, order.id) : null;
        if (method === 'gateway' && !payment) throw new ApiError(409, 'refund_no_card_payment');
        cancelRefund = { amount: cardBack, method, payment, index: statements.length };
        statements.push(
          refundInsert(db, {
            order,
            amount: cardBack,
            method,
            reason: 'cancelled',
            note,
            paymentId: payment?.id ?? null,
            staffId: member.id,
            now,
          }),
        );
        if (method === 'wallet')
          statements.push(
            ...walletMove(db, {
              userId: order.user_id!,
              currency: order.currency,
              amount: cardBack,
              kind: 'refund',
              orderId: order.id,
              paymentId: null,
            }),
            ...(await refundedStatements(c, order, member, { amount: cardBack, method, note }, 'refund:cancel', now)),
          );
        after = { ...after, refund: { amount: cardBack, currency: order.currency, method, reason: 'cancelled' } };
      }
      break;
    }
  }
  if (update) statements.push(...(await mailStatements(c, order, update, rule.kind, now)));
  statements.push(
    auditStatement(db, member, {
      action: `order.${step}`,
      resource: 'order',
      resourceId: order.id,
      country: order.country,
      before,
      after,
      reason: note,
    }),
  );
  let results: D1Result[];
  try {
    results = await db.batch(statements);
  } catch (error) {
    if (isOverRefund(error)) throw new ApiError(409, 'refund_exceeds_paid');
    if (isTransitionRace(error)) throw new ApiError(409, 'transition_not_allowed');
    throw error;
  }
  // The account's devices get a push too, after the answer: confirmed, shipped, delivered, cancelled.
  const pushed = update?.kind;
  const userId = order.user_id;
  if (pushed && userId !== null && orderStatusPush('en', pushed, order.id))
    pushAfter(c, () => pushToUser(c.env, userId, 'order_status', (lang) => orderStatusPush(lang, pushed, order.id)!));
  // Stock back from 0 (a cancel): the alerts queue's consumer takes it from here (api/src/alerts/).
  announceAlerts(c, 'back_in_stock', restockedSkus(results));
  if (cancelRefund?.method === 'gateway') {
    // The order stays cancelled whatever the gateway answers: its stock and coupon are back already,
    // and a shop owner wants a cancelled order cancelled. A refusal leaves the refund row failed (not
    // counting), and the answer says so (refund_failed, message key refund_gateway_failed) so the
    // clerk sees at once that nothing went back to the card; the order page then offers the refund
    // form for the amount, to retry or to refund to the wallet.
    const refundId = (results[cancelRefund.index]!.results[0] as { id: number }).id;
    const status = await sendGatewayRefund(c, member, order, {
      refundId,
      amount: cancelRefund.amount,
      reason: 'cancelled',
      note,
      payment: cancelRefund.payment!,
    });
    if (status === 'failed') {
      const detail = await orderDetail(c, order.id);
      return c.json(
        ok({
          ...detail!,
          refund_failed: { refund_id: refundId, amount: cancelRefund.amount, msg: 'refund_gateway_failed' as const },
        }),
      );
    }
  }
  return c.json(ok(await orderDetail(c, order.id)));
}

/** The detail: the order with everything staff need to act on it, in one round trip. */
async function orderDetail(c: Context<AppEnv>, id: number) {
  const db = c.env.DB;
  const [orderRes, items, payments, refunds, events, ledger, coupon, sums, gifts, promotions] = await db.batch([
    db
      .prepare(
        `SELECT o.*, coalesce(u.email, o.guest_email) AS email, u.name AS user_name, u.phone AS user_phone
         FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = ?`,
      )
      .bind(id),
    db.prepare('SELECT * FROM order_items WHERE order_id = ? ORDER BY sku_id').bind(id),
    db
      .prepare(
        'SELECT id, provider, amount, currency, method, status, provider_ref, created_at FROM payments WHERE order_id = ? ORDER BY created_at',
      )
      .bind(id),
    db
      .prepare(
        'SELECT r.*, s.name AS staff_name FROM refunds r LEFT JOIN staff s ON s.id = r.staff_id WHERE r.order_id = ? ORDER BY r.id',
      )
      .bind(id),
    db
      .prepare(
        'SELECT e.*, s.name AS staff_name FROM order_events e LEFT JOIN staff s ON s.id = e.staff_id WHERE e.order_id = ? ORDER BY e.at, e.id',
      )
      .bind(id),
    db.prepare('SELECT id, amount, kind, created_at FROM wallet_ledger WHERE order_id = ? ORDER BY id').bind(id),
    db
      .prepare('SELECT c.code, c.kind, c.value FROM coupons c JOIN orders o ON o.coupon_id = c.id WHERE o.id = ?')
      .bind(id),
    db
      .prepare(
        `SELECT ${PAID_SQL} AS paid, ${REFUNDED_SQL} AS refunded, ${CARD_SQL} AS card_paid, ${GATEWAY_REFUNDED_SQL} AS gateway_refunded
         FROM orders o WHERE o.id = ?`,
      )
      .bind(id),
    // Send as a gift (decision 34): the recipient, message and requested day, for the page and its packing slip.
    db.prepare('SELECT * FROM order_gifts WHERE order_id = ?').bind(id),
    // Its gifts (to pack, at price 0) and free units, with why (decision 33).
    db.prepare(ORDER_PROMOTIONS_SQL).bind(id),
  ]);
  const order = orderRes!.results[0] as (Order & { user_phone: string | null }) | undefined;
  if (!order) return null;
  const money = sums!.results[0] as { paid: number; refunded: number; card_paid: number; gateway_refunded: number };
  const stage = stageOf(order);
  const refundable = Math.max(0, money.paid - money.refunded);
  return {
    order: { ...order, address: JSON.parse(order.address) as Record<string, unknown>, stage },
    items: items!.results as unknown as OrderItemRow[],
    payments: payments!.results as unknown as PaymentRow[],
    refunds: refunds!.results as unknown as Array<RefundRow & { staff_name: string | null }>,
    events: events!.results as unknown as Array<OrderEventRow & { staff_name: string | null }>,
    wallet: ledger!.results as unknown as Array<Pick<WalletLedgerRow, 'id' | 'amount' | 'kind' | 'created_at'>>,
    coupon: (coupon!.results[0] as { code: string; kind: string; value: number } | undefined) ?? null,
    gift: giftOf(gifts!.results[0] as unknown as OrderGiftRow | undefined),
    promotions: (promotions!.results as unknown as OrderPromotionRow[]).map(toOrderPromotionView),
    money: {
      ...money,
      refundable,
      gateway_refundable: Math.min(refundable, Math.max(0, money.card_paid - money.gateway_refunded)),
      wallet_refundable: order.user_id === null ? 0 : refundable,
    },
    /** Local sandbox: a tester may settle the gateway refunds it left pending. */
    sandbox_refunds: sandboxSettles(c),
    next: {
      confirm: STEPS.confirm.from.includes(stage),
      pack: STEPS.pack.from.includes(stage),
      ship: STEPS.ship.from.includes(stage),
      deliver: STEPS.deliver.from.includes(stage),
      cancel: STEPS.cancel.from.includes(stage),
    },
  };
}

export type StaffOrderDetail = NonNullable<Awaited<ReturnType<typeof orderDetail>>>;

function listWhere(q: StaffOrderListQuery, allowed: CountryCode[]) {
  const where: string[] = [`o.country IN (${allowed.map(() => '?').join(', ')})`];
  const values: (string | number)[] = [...allowed];
  if (q.country) where.push('o.country = ?') && values.push(q.country);
  if (q.stage) where.push(STAGE_SQL[q.stage]);
  if (q.gift) where.push('g.order_id IS NOT NULL');
  if (q.from) where.push('o.created_at >= ?') && values.push(gulfInstant(q.from, 0));
  if (q.to) where.push('o.created_at < ?') && values.push(gulfInstant(q.to, 0) + 24 * 60 * 60 * 1000);
  const text = q.q?.trim();
  if (text) {
    const digits = text.replace(/[^\d]/g, '');
    const like = `%${text.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    const parts = [
      "coalesce(u.email, o.guest_email) LIKE ? ESCAPE '\\'",
      "u.name LIKE ? ESCAPE '\\'",
      "json_extract(o.address, '$.recipient') LIKE ? ESCAPE '\\'",
    ];
    values.push(like, like, like);
    if (/^\+?[\d\s-]+$/.test(text) && digits.length > 0) {
      // A number: the order number itself, or (five digits or more) part of a phone number.
      parts.push('o.id = ?');
      values.push(Number(digits.slice(0, 15)));
      if (digits.length >= 5) {
        parts.push("replace(coalesce(json_extract(o.address, '$.phone'), o.guest_phone, u.phone, ''), '+', '') LIKE ?");
        values.push(`%${digits}%`);
      }
    }
    where.push(`(${parts.join(' OR ')})`);
  }
  return { sql: where.join(' AND '), values };
}

export const staffOrderRoutes = new Hono<AppEnv>()
  .get('/orders', contract('GET /staff/orders'), async (c) => {
    const member = await requireStaff(c);
    const q = c.req.valid('query');
    const allowed = countriesFor(member.grants, 'orders:read') ?? [...COUNTRY_CODES];
    const page = q.page ?? 1;
    if (allowed.length === 0) return c.json(ok({ orders: [], page, has_more: false, countries: allowed }));
    const { sql, values } = listWhere(q, allowed);
    const { results } = await c.env.DB.prepare(
      `SELECT o.id, o.country, o.currency, o.lang, o.status, o.payment_method, o.total, o.created_at, o.packed_at,
         coalesce(u.email, o.guest_email) AS email, coalesce(json_extract(o.address, '$.recipient'), u.name) AS name,
         coalesce(json_extract(o.address, '$.phone'), o.guest_phone, u.phone) AS phone,
         g.order_id IS NOT NULL AS gift, g.delivery_date AS gift_date
       FROM orders o LEFT JOIN users u ON u.id = o.user_id LEFT JOIN order_gifts g ON g.order_id = o.id
       WHERE ${sql} ORDER BY o.created_at DESC, o.id DESC LIMIT ? OFFSET ?`,
    )
      .bind(...values, ORDERS_PAGE + 1, (page - 1) * ORDERS_PAGE)
      .all<
        Pick<
          OrderRow,
          'id' | 'country' | 'currency' | 'status' | 'payment_method' | 'total' | 'created_at' | 'packed_at'
        > & {
          email: string | null;
          name: string | null;
          phone: string | null;
          gift: number;
          gift_date: string | null;
        }
      >();
    const orders = results.slice(0, ORDERS_PAGE).map(({ packed_at, gift, ...o }) => ({
      ...o,
      gift: gift === 1,
      stage: stageOf({ status: o.status, packed_at }),
    }));
    return c.json(ok({ orders, page, has_more: results.length > ORDERS_PAGE, countries: allowed }));
  })
  .get('/orders/:id{[0-9]+}', contract('GET /staff/orders/:id{[0-9]+}'), async (c) => {
    const { order } = await orderFor(c, c.req.valid('param').id, 'orders:read');
    return c.json(ok(await orderDetail(c, order.id)));
  })
  .post('/orders/:id{[0-9]+}/confirm', contract('POST /staff/orders/:id{[0-9]+}/confirm'), (c) =>
    runStep(c, c.req.valid('param').id, 'confirm', c.req.valid('json')),
  )
  .post('/orders/:id{[0-9]+}/pack', contract('POST /staff/orders/:id{[0-9]+}/pack'), (c) =>
    runStep(c, c.req.valid('param').id, 'pack', c.req.valid('json')),
  )
  .post('/orders/:id{[0-9]+}/ship', contract('POST /staff/orders/:id{[0-9]+}/ship'), (c) =>
    runStep(c, c.req.valid('param').id, 'ship', c.req.valid('json')),
  )
  .post('/orders/:id{[0-9]+}/deliver', contract('POST /staff/orders/:id{[0-9]+}/deliver'), (c) =>
    runStep(c, c.req.valid('param').id, 'deliver', c.req.valid('json')),
  )
  .post('/orders/:id{[0-9]+}/cancel', contract('POST /staff/orders/:id{[0-9]+}/cancel'), (c) =>
    runStep(c, c.req.valid('param').id, 'cancel', c.req.valid('json')),
  )
  .post('/orders/:id{[0-9]+}/refund', contract('POST /staff/orders/:id{[0-9]+}/refund'), async (c) => {
    const input = c.req.valid('json');
    const { member, order } = await orderFor(c, c.req.valid('param').id, 'orders:refund');
    return refund(c, member, order, input);
  })
  .post(
    '/orders/:id{[0-9]+}/refunds/:refund{[0-9]+}/settle',
    contract('POST /staff/orders/:id{[0-9]+}/refunds/:refund{[0-9]+}/settle'),
    async (c) => {
      const { id, refund: refundId } = c.req.valid('param');
      const { member, order } = await orderFor(c, id, 'orders:refund');
      if (!sandboxSettles(c)) throw new ApiError(404, 'not_found');
      const row = await c.env.DB.prepare(
        "SELECT id, amount, currency, status, provider_ref FROM refunds WHERE id = ? AND order_id = ? AND method = 'gateway'",
      )
        .bind(refundId, order.id)
        .first<Pick<RefundRow, 'id' | 'amount' | 'currency' | 'status' | 'provider_ref'>>();
      if (!row) throw new ApiError(404, 'not_found');
      if (row.status !== 'pending') throw new ApiError(409, 'refund_not_pending');
      // Signed and checked like the gateway's own webhook, then settled the same once-only way.
      const secret = c.var.config.PAYMENT_WEBHOOK_SECRET;
      const signed = await signSandboxRefund(secret, {
        providerRef: row.provider_ref ?? `sbx_re_${row.id}`,
        refundId: row.id,
        status: c.req.valid('json').status,
        amount: row.amount,
        currency: row.currency,
      });
      const gateway = sandboxGateway(secret);
      const report = await gateway.verifyRefundWebhook(
        new Headers({ [WEBHOOK_SIGNATURE_HEADERS.sandbox]: signed.signature }),
        signed.body,
      );
      const settled = await settleRefund(c.env.DB, gateway, report!, 'sandbox', {
        confirm: false,
        staff: member,
        siteOrigin: siteOrigin(c),
      });
      if (!settled.ok || !settled.applied) throw new ApiError(409, 'refund_not_pending');
      return c.json(ok(await orderDetail(c, order.id)));
    },
  );

/** Sandbox refunds can be settled by hand only in local mode (never in production, never with Tap). */
function sandboxSettles(c: Context<AppEnv>): boolean {
  return c.var.config.ENVIRONMENT !== 'production' && c.var.config.PAYMENT_PROVIDER === 'sandbox';
}

type CardPayment = Pick<PaymentRow, 'id' | 'provider' | 'provider_ref'>;

/** The order's card payment that succeeded, which a gateway refund goes back through. */
function cardPayment(db: D1Database, orderId: number): Promise<CardPayment | null> {
  return db
    .prepare(
      "SELECT id, provider, provider_ref FROM payments WHERE order_id = ? AND purpose = 'order' AND status = 'succeeded' AND provider_ref IS NOT NULL ORDER BY created_at DESC LIMIT 1",
    )
    .bind(orderId)
    .first<CardPayment>();
}

/**
 * What a cancel gives back of the card payment: the card part not yet refunded through the gateway,
 * within what stays refundable once the wallet part returns to the wallet (releaseStatements).
 */
async function cardLeftAfterCancel(db: D1Database, order: Order): Promise<number> {
  const sums = await db
    .prepare(
      `SELECT ${PAID_SQL} AS paid, ${REFUNDED_SQL} AS refunded, ${CARD_SQL} AS card_paid, ${GATEWAY_REFUNDED_SQL} AS gateway_refunded
       FROM orders o WHERE o.id = ?`,
    )
    .bind(order.id)
    .first<{ paid: number; refunded: number; card_paid: number; gateway_refunded: number }>();
  if (!sums) return 0;
  const walletReturned = order.holds_stock ? order.wallet_used : 0;
  return Math.max(0, Math.min(sums.card_paid - sums.gateway_refunded, sums.paid - walletReturned - sums.refunded));
}

const isOverRefund = (error: unknown) => /refund_within_paid|CHECK constraint failed: refunds/.test(String(error));

/**
 * A refund row whose amount is checked inside its batch: more than was paid minus what was refunded
 * (and, through the gateway, more than the card paid minus its refunds) writes 0, which the CHECK
 * (refunds.refund_within_paid) refuses, so the whole batch fails. Two refunds at once cannot both pass.
 */
function refundInsert(
  db: D1Database,
  r: {
    order: Pick<Order, 'id'>;
    amount: number;
    method: 'wallet' | 'gateway';
    reason: RefundRow['reason'];
    note: string | null;
    paymentId: string | null;
    staffId: number;
    now: number;
  },
): D1PreparedStatement {
  const within =
    r.method === 'gateway'
      ? `?1 <= ${PAID_SQL} - ${REFUNDED_SQL} AND ?1 <= ${CARD_SQL} - ${GATEWAY_REFUNDED_SQL}`
      : `?1 <= ${PAID_SQL} - ${REFUNDED_SQL}`;
  return db
    .prepare(
      `INSERT INTO refunds (order_id, amount, currency, method, reason, note, status, payment_id, staff_id, created_at, updated_at)
       SELECT o.id, CASE WHEN ${within} THEN ?1 ELSE 0 END, o.currency, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8 FROM orders o WHERE o.id = ?9
       RETURNING id`,
    )
    .bind(
      r.amount,
      r.method,
      r.reason,
      r.note,
      r.method === 'wallet' ? 'succeeded' : 'pending',
      r.paymentId,
      r.staffId,
      r.now,
      r.order.id,
    );
}

/**
 * The shopper's side of a refund: the timeline row they see and the mail. A gateway refund's are
 * stored only while its row has not failed: a failure settled first (its webhook can overtake the
 * gateway's answer) must not be followed by "we have refunded"; one settled after finds this mail
 * and sends the correction (payments/refunds.ts).
 */
async function refundedStatements(
  c: Context<AppEnv>,
  order: Order,
  member: StaffMember,
  r: { amount: number; method: 'wallet' | 'gateway'; note: string | null; refundId?: number },
  tag: string,
  at: number,
): Promise<D1PreparedStatement[]> {
  const when =
    r.refundId === undefined
      ? undefined
      : { sql: "EXISTS (SELECT 1 FROM refunds WHERE id = ? AND status <> 'failed')", binds: [r.refundId] };
  return [
    c.env.DB.prepare(
      `INSERT INTO order_events (order_id, kind, staff_id, note, at, refund_id) SELECT ?, 'refunded', ?, ?, ?, ? WHERE ${when?.sql ?? 'true'}`,
    ).bind(order.id, member.id, r.note, at, r.refundId ?? null, ...(when?.binds ?? [])),
    ...(await mailStatements(c, order, { kind: 'refunded', amount: r.amount, method: r.method }, tag, at, when)),
  ];
}

/**
 * Asks the gateway for a refund whose row is stored pending, then stores its answer. A refund the
 * gateway settles later stays pending until its webhook or the sweep (payments/refunds.ts); the
 * answer never overwrites a settlement that arrived first. Not failed: the shopper is mailed. Answers
 * the refund's status as stored.
 */
async function sendGatewayRefund(
  c: Context<AppEnv>,
  member: StaffMember,
  order: Order,
  r: { refundId: number; amount: number; reason: RefundRow['reason']; note: string | null; payment: CardPayment },
): Promise<RefundResult['status']> {
  const db = c.env.DB;
  const gateway = gatewayFor(c.var.config);
  let result: RefundResult;
  try {
    result = await gateway.refund({
      providerRef: r.payment.provider_ref!,
      amount: r.amount,
      currency: order.currency,
      decimals: currencyDecimals(order.currency),
      reason: r.reason,
      refundId: r.refundId,
      webhookUrl: `${siteOrigin(c)}/payments/webhook/${gateway.name}`,
    });
  } catch (error) {
    log.error('gateway refund failed', { orderId: order.id, refundId: r.refundId, error });
    result = { providerRef: null, status: 'failed' };
  }
  const later = Date.now();
  const store = [
    db
      .prepare(
        "UPDATE refunds SET status = CASE WHEN status = 'pending' THEN ? ELSE status END, provider_ref = coalesce(provider_ref, ?), updated_at = ? WHERE id = ? RETURNING status",
      )
      .bind(result.status, result.providerRef, later, r.refundId),
    auditStatement(db, member, {
      action: result.status === 'failed' ? 'order.refund_failed' : 'order.refund_sent',
      resource: 'order',
      resourceId: order.id,
      country: order.country,
      after: { refund_id: r.refundId, status: result.status, provider_ref: result.providerRef },
      reason: r.note ? `${r.reason}: ${r.note}` : r.reason,
    }),
  ];
  const [stored] =
    result.status === 'failed'
      ? await db.batch(store)
      : await db.batch([
          ...store,
          ...(await refundedStatements(
            c,
            order,
            member,
            { amount: r.amount, method: 'gateway', note: r.note, refundId: r.refundId },
            refundMailTag(r.refundId),
            later,
          )),
        ]);
  // What the row says now: a settlement that arrived before this answer (its webhook) has the last word.
  return (stored!.results[0] as Pick<RefundRow, 'status'> | undefined)?.status ?? result.status;
}

/**
 * A refund, never more than was paid minus what was refunded (checked inside the batch: refundInsert).
 * To the wallet: the ledger row and the balance in the same batch. To the gateway: the refund row is
 * stored pending first (counting as refunded), then the gateway is asked, then its answer is stored.
 */
async function refund(
  c: Context<AppEnv>,
  member: StaffMember,
  order: Order,
  input: { amount: number; method: 'wallet' | 'gateway'; reason: RefundRow['reason']; note?: string },
) {
  const db = c.env.DB;
  const now = Date.now();
  const note = input.note || null;
  if (input.method === 'wallet' && order.user_id === null) throw new ApiError(409, 'refund_needs_account');
  const payment = input.method === 'gateway' ? await cardPayment(db, order.id) : null;
  if (input.method === 'gateway' && !payment) throw new ApiError(409, 'refund_no_card_payment');
  const insert = refundInsert(db, {
    order,
    amount: input.amount,
    method: input.method,
    reason: input.reason,
    note,
    paymentId: payment?.id ?? null,
    staffId: member.id,
    now,
  });
  const audit = (after: Record<string, unknown>) =>
    auditStatement(db, member, {
      action: 'order.refund',
      resource: 'order',
      resourceId: order.id,
      country: order.country,
      after,
      reason: note ? `${input.reason}: ${note}` : input.reason,
    });

  if (input.method === 'wallet') {
    try {
      await db.batch([
        insert,
        ...walletMove(db, {
          userId: order.user_id!,
          currency: order.currency,
          amount: input.amount,
          kind: 'refund',
          orderId: order.id,
          paymentId: null,
        }),
        ...(await refundedStatements(
          c,
          order,
          member,
          { amount: input.amount, method: 'wallet', note },
          `refund:${now}:${randomToken().slice(0, 8)}`,
          now,
        )),
        audit({ amount: input.amount, currency: order.currency, method: 'wallet', reason: input.reason }),
      ]);
    } catch (error) {
      if (isOverRefund(error)) throw new ApiError(409, 'refund_exceeds_paid');
      throw error;
    }
    return c.json(ok(await orderDetail(c, order.id)));
  }

  let refundId: number;
  try {
    const [inserted] = await db.batch([
      insert,
      audit({
        amount: input.amount,
        currency: order.currency,
        method: 'gateway',
        reason: input.reason,
        status: 'pending',
      }),
    ]);
    refundId = (inserted!.results[0] as { id: number }).id;
  } catch (error) {
    if (isOverRefund(error)) throw new ApiError(409, 'refund_exceeds_paid');
    throw error;
  }
  const status = await sendGatewayRefund(c, member, order, {
    refundId,
    amount: input.amount,
    reason: input.reason,
    note,
    payment: payment!,
  });
  if (status === 'failed') throw new ApiError(502, 'refund_gateway_failed');
  return c.json(ok(await orderDetail(c, order.id)));
}
