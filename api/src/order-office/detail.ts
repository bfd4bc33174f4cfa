// One order as the back office reads it (items, payments, refunds, events, ledger, gift, promotions),
// and the list filters of the orders search.
import type { Context } from 'hono';
import { staffTracking } from './parcels';
import { COUNTRY_CODES, type CountryCode } from '#shared/locale';
import { instantIn, timeZoneOf } from '#shared/country-days';
import { HOME_COUNTRY } from '#shared/countries';
import { countryOffsetSql } from '#api/src/db/country-sql';
import type { StaffOrderListQuery } from '#shared/api/staff-order-schemas';
import type { AppEnv } from '#api/src/app-env';
import type { OrderEventRow, OrderItemRow, OrderRow, PaymentRow, RefundRow, WalletLedgerRow } from '#api/src/db/rows';
import { giftOf, type OrderGiftRow } from '#api/src/orders/gift';
import type { ColdOrderFile } from '#api/src/archive/file';
import { ORDER_PROMOTIONS_SQL, toOrderPromotionView, type OrderPromotionRow } from '#api/src/orders/promotion-data';
import { coldReaderFor, withCold } from '#api/src/archive/read';
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

/**
 * The detail, from the database holding the order (`db`: her shard; the core when not given). In shard
 * 0 one round trip as before; in another shard her rows from there, then the names, e-mail and coupon
 * the core knows (one more).
 */
export async function orderDetail(c: Context<AppEnv>, id: number, at: D1Database = c.env.DB) {
  const [orderRes, items, payments, refunds, events, ledger, coupon, sums, gifts, promotions] =
    at === c.env.DB ? await c.env.DB.batch(detailStatements(c.env.DB, id)) : await shardDetail(c.env.DB, at, id);
  const order = orderRes!.results[0] as (Order & { user_phone: string | null }) | undefined;
  if (!order) return null;
  // A cold order (decision 60): its lines, payments, events and promotions from its file, beside any still hot.
  const file = await coldReaderFor(c.env, c.var.config).file(order);
  const orderPayments = coldPayments(payments!.results as unknown as PaymentRow[], file);
  const orderEvents = coldEvents(
    events!.results as unknown as Array<OrderEventRow & { staff_name: string | null }>,
    file,
  );
  const money = coldMoney(
    sums!.results[0] as { paid: number; refunded: number; card_paid: number; gateway_refunded: number },
    order,
    orderPayments,
    !!file,
  );
  const stage = stageOf(order);
  const refundable = Math.max(0, money.paid - money.refunded);
  const {
    archived_at: _at,
    archive_key: _key,
    archive_wrapped_key: _wrapped,
    archive_iv: _iv,
    archive_key_version: _version,
    archived_products: _products,
    ...shown
  } = order;
  return {
    order: { ...shown, address: JSON.parse(order.address) as Record<string, unknown>, stage },
    items: withCold('order_items', items!.results as unknown as OrderItemRow[], file),
    payments: orderPayments.map(({ purpose: _purpose, ...p }) => p),
    refunds: refunds!.results as unknown as Array<RefundRow & { staff_name: string | null }>,
    events: orderEvents,
    wallet: ledger!.results as unknown as Array<Pick<WalletLedgerRow, 'id' | 'amount' | 'kind' | 'created_at'>>,
    coupon: (coupon!.results[0] as { code: string; kind: string; value: number } | undefined) ?? null,
    gift: giftOf(gifts!.results[0] as unknown as OrderGiftRow | undefined),
    promotions: withCold('order_promotions', promotions!.results as unknown as OrderPromotionRow[], file).map(
      toOrderPromotionView,
    ),
    money: {
      ...money,
      refundable,
      gateway_refundable: Math.min(refundable, Math.max(0, money.card_paid - money.gateway_refunded)),
      wallet_refundable: order.user_id === null ? 0 : refundable,
    },
    /** Its parcels, their carriers' events and the shopper's answers to failed attempts (the core's). */
    tracking: await staffTracking(c.env.DB, order.id),
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

function detailStatements(db: D1Database, id: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `SELECT o.*, coalesce(u.email, o.guest_email) AS email, u.name AS user_name, u.phone AS user_phone
         FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = ?`,
      )
      .bind(id),
    db.prepare('SELECT * FROM order_items WHERE order_id = ? ORDER BY sku_id').bind(id),
    db
      .prepare(
        'SELECT id, provider, purpose, amount, currency, method, status, provider_ref, created_at FROM payments WHERE order_id = ? ORDER BY created_at',
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
  ];
}

/** The detail's reads for an order in another shard: the same rows, the core's parts joined after. */
async function shardDetail(core: D1Database, db: D1Database, id: number): Promise<D1Result[]> {
  const results = await db.batch([
    db.prepare('SELECT o.* FROM orders o WHERE o.id = ?').bind(id),
    ...detailStatements(db, id).slice(1, 3),
    db.prepare('SELECT r.* FROM refunds r WHERE r.order_id = ? ORDER BY r.id').bind(id),
    db.prepare('SELECT e.* FROM order_events e WHERE e.order_id = ? ORDER BY e.at, e.id').bind(id),
    ...detailStatements(db, id).slice(5, 6),
    ...detailStatements(db, id).slice(7),
  ]);
  const [orderRes, items, payments, refunds, events, ledger, sums, gifts, promotions] = results;
  const order = orderRes!.results[0] as (OrderRow & { guest_email: string | null }) | undefined;
  const staffIds = [
    ...new Set(
      [...refunds!.results, ...events!.results].flatMap((r) => {
        const staff = (r as { staff_id: number | null }).staff_id;
        return staff === null ? [] : [staff];
      }),
    ),
  ];
  const [user, staff, coupon] = await core.batch([
    core.prepare('SELECT email, name, phone FROM users WHERE id = ?').bind(order?.user_id ?? -1),
    core
      .prepare('SELECT id, name FROM staff WHERE id IN (SELECT value FROM json_each(?))')
      .bind(JSON.stringify(staffIds)),
    core.prepare('SELECT code, kind, value FROM coupons WHERE id = ?').bind(order?.coupon_id ?? -1),
  ]);
  const u = user!.results[0] as { email: string | null; name: string | null; phone: string | null } | undefined;
  const names = new Map((staff!.results as Array<{ id: number; name: string }>).map((s) => [s.id, s.name]));
  const named = (rows: D1Result) =>
    ({
      ...rows,
      results: rows.results.map((r) => {
        const staffId = (r as { staff_id: number | null }).staff_id;
        return { ...(r as object), staff_name: staffId === null ? null : (names.get(staffId) ?? null) };
      }),
    }) as D1Result;
  const orderRow = order
    ? { ...order, email: u?.email ?? order.guest_email, user_name: u?.name ?? null, user_phone: u?.phone ?? null }
    : undefined;
  return [
    { ...orderRes!, results: orderRow ? [orderRow] : [] } as D1Result,
    items!,
    payments!,
    named(refunds!),
    named(events!),
    ledger!,
    coupon!,
    sums!,
    gifts!,
    promotions!,
  ];
}

const PAYMENT_FIELDS = [
  'id',
  'provider',
  'purpose',
  'amount',
  'currency',
  'method',
  'status',
  'provider_ref',
  'created_at',
] as const;

/** The order's payments, the file's with any still hot, in the order they were made, with the fields the page shows. */
function coldPayments(hot: PaymentRow[], file: ColdOrderFile | null): PaymentRow[] {
  if (!file) return hot;
  return withCold('payments', hot, file)
    .map((p) => Object.fromEntries(PAYMENT_FIELDS.map((k) => [k, p[k]])) as unknown as PaymentRow)
    .sort((a, b) => a.created_at - b.created_at);
}

/** The timeline: the file's events with their staff members' names as the file keeps them, and any still hot. */
function coldEvents(hot: Array<OrderEventRow & { staff_name: string | null }>, file: ColdOrderFile | null) {
  if (!file) return hot;
  return withCold('order_events', hot, file)
    .map((e) => ({
      ...e,
      staff_name: e.staff_name ?? (e.staff_id === null ? null : (file.staff_names[e.staff_id] ?? null)),
    }))
    .sort((a, b) => a.at - b.at || a.id - b.id);
}

/** What was paid, for a cold order counted from its payments as PAID_SQL and CARD_SQL count the hot ones. */
function coldMoney(
  sums: { paid: number; refunded: number; card_paid: number; gateway_refunded: number },
  order: Order,
  payments: PaymentRow[],
  cold: boolean,
) {
  if (!cold) return sums;
  const card = payments
    .filter((p) => p.purpose === 'order' && p.status === 'succeeded')
    .reduce((sum, p) => sum + p.amount, 0);
  const cash = order.payment_method === 'cod' && order.status === 'delivered' ? order.total - order.wallet_used : 0;
  return { ...sums, paid: order.wallet_used + card + cash, card_paid: card };
}

/**
 * A text search without dates reads this far back (issue 48): a name, phone or e-mail part is a
 * `LIKE '%…%'` no index serves, so a search that matches little would read every order the shop ever
 * had (seconds at a million orders, past D1's 30 s a query at a few million). The clerk sets dates to
 * search further; an order number is found at any age (searchById).
 */
const SEARCH_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The list's conditions over `o` (and `g`, its gift). With `users` (an order shard other than the core,
 * which has no users table: decision 61), a text search matches an account's e-mail, name and phone
 * through the ids of the accounts the core found for it.
 */
export function listWhere(q: StaffOrderListQuery, allowed: CountryCode[], now = Date.now(), users?: number[]) {
  const where: string[] = [];
  const values: (string | number)[] = [];
  // Every country allowed and none chosen: no condition at all. An `IN` over the country index would
  // make SQLite sort every order of every country to show 31 (seconds at 1.5 million orders, the
  // capacity bench); without it the newest-first walk of orders_created stops at the page.
  if (q.country) where.push('o.country = ?') && values.push(q.country);
  if (allowed.length < COUNTRY_CODES.length || (q.country && !allowed.includes(q.country)))
    where.push(`o.country IN (${allowed.map(() => '?').join(', ')})`) && values.push(...allowed);
  if (q.stage) where.push(STAGE_SQL[q.stage]);
  if (q.gift) where.push('g.order_id IS NOT NULL');
  if (q.late) where.push('o.promise_missed_at IS NOT NULL AND o.delivered_at IS NULL AND o.cancelled_at IS NULL');
  // A day is the order's country's (an Emirates day begins an hour before Kuwait's): the chosen one's, or
  // the only one she may see. Over several countries, one range on created_at that holds each of their
  // days (the earliest start, the latest end) keeps the newest-first walk of orders_created on its index
  // range, and each order's own day is a condition on the rows that walk reads: its instant moved by its
  // country's offset (countryOffsetSql) against the days' bounds as wall-clock times.
  const countries = q.country ? [q.country] : allowed.length ? allowed : [HOME_COUNTRY];
  const starts = (date: string) => countries.map((c) => instantIn(timeZoneOf(c), date, 0));
  if (q.from) where.push('o.created_at >= ?') && values.push(Math.min(...starts(q.from)));
  if (q.to) where.push('o.created_at < ?') && values.push(Math.max(...starts(q.to)) + DAY_MS);
  if (countries.length > 1) {
    const wall = `o.created_at + ${countryOffsetSql('o.country')}`;
    if (q.from) where.push(`${wall} >= ?`) && values.push(Date.parse(`${q.from}T00:00:00Z`));
    if (q.to) where.push(`${wall} < ?`) && values.push(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS);
  }
  const text = q.q?.trim();
  if (text) {
    if (!q.from) where.push('o.created_at >= ?') && values.push(now - SEARCH_DAYS * DAY_MS);
    const digits = text.replace(/[^\d]/g, '');
    const like = `%${text.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    const phone = /^\+?[\d\s-]+$/.test(text) && digits.length >= 5;
    const parts = users
      ? [
          "o.guest_email LIKE ? ESCAPE '\\'",
          "json_extract(o.address, '$.recipient') LIKE ? ESCAPE '\\'",
          'o.user_id IN (SELECT value FROM json_each(?))',
        ]
      : [
          "coalesce(u.email, o.guest_email) LIKE ? ESCAPE '\\'",
          "u.name LIKE ? ESCAPE '\\'",
          "json_extract(o.address, '$.recipient') LIKE ? ESCAPE '\\'",
        ];
    values.push(like, like, users ? JSON.stringify(users) : like);
    if (phone) {
      // Five digits or more: part of a phone number (the order number itself: searchById).
      parts.push(
        users
          ? "replace(coalesce(json_extract(o.address, '$.phone'), o.guest_phone, ''), '+', '') LIKE ?"
          : "replace(coalesce(json_extract(o.address, '$.phone'), o.guest_phone, u.phone, ''), '+', '') LIKE ?",
      );
      values.push(`%${digits}%`);
    }
    where.push(`(${parts.join(' OR ')})`);
  }
  return { sql: where.length ? where.join(' AND ') : 'true', values };
}

/**
 * The order a search names by its number, at any age, within the grant: looked up by its key beside
 * the text search (one more statement in the same round trip), shown first.
 */
export function searchById(
  q: StaffOrderListQuery,
  allowed: CountryCode[],
): { sql: string; values: (string | number)[] } | null {
  const text = q.q?.trim() ?? '';
  if (!/^\+?[\d\s-]+$/.test(text)) return null;
  const digits = text.replace(/[^\d]/g, '');
  if (!digits.length || digits.length > 15) return null;
  return {
    sql: `o.id = ? AND o.country IN (${allowed.map(() => '?').join(', ')})`,
    values: [Number(digits), ...allowed],
  };
}
