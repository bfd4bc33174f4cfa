// One order as the back office reads it (items, payments, refunds, events, ledger, gift, promotions),
// and the list filters of the orders search.
import type { Context } from 'hono';
import type { CountryCode } from '#shared/locale';
import { gulfInstant } from '#shared/blood-tests/slot-rules';
import type { StaffOrderListQuery } from '#shared/api/staff-order-schemas';
import type { AppEnv } from '#api/src/app-env';
import type { OrderEventRow, OrderItemRow, PaymentRow, RefundRow, WalletLedgerRow } from '#api/src/db/rows';
import { giftOf, type OrderGiftRow } from '#api/src/orders/gift';
import { ORDER_PROMOTIONS_SQL, toOrderPromotionView, type OrderPromotionRow } from '#api/src/orders/promotion-data';
import {
  CARD_SQL,
  GATEWAY_REFUNDED_SQL,
  type Order,
  PAID_SQL,
  REFUNDED_SQL,
  STAGE_SQL,
  STEPS,
  sandboxSettles,
  stageOf,
} from './common';

export async function orderDetail(c: Context<AppEnv>, id: number) {
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
      dispatch: STEPS.dispatch.from.includes(stage),
      deliver: STEPS.deliver.from.includes(stage),
      cancel: STEPS.cancel.from.includes(stage),
    },
  };
}

export type StaffOrderDetail = NonNullable<Awaited<ReturnType<typeof orderDetail>>>;

export function listWhere(q: StaffOrderListQuery, allowed: CountryCode[]) {
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
