// An order as the shopper sees it (success page, order list and detail): amounts in the order's
// currency minor units, items with their image, the address snapshot, and what can be done next.
import type { FulfilmentStep, OrderFulfilment, OrderPromise, OrderRefundView, OrderView } from '#shared/orders/types';
import { countryDate } from '#shared/country-days';
import { creditNoteFor } from '#shared/invoice/credit-note';

export type { OrderView };
import { thumbnailUrl } from '../media/renditions';
import { isoSeconds, type TaxInvoice, taxInvoiceFor } from '#shared/invoice/tax-invoice';
import type { OrderStatus } from '#shared/api/order-schemas';
import { currencyDecimals } from '#shared/money';
import { giftOf, type OrderGiftRow } from './gift';
import type { CountRow, OrderItemRow as ItemRow, OrderRow as OrdersTableRow } from '../db/rows';
import type { OrderPromotionView } from '#shared/orders/promotions';
import { ORDER_PROMOTIONS_SQL, toOrderPromotionView, type OrderPromotionRow } from './promotion-data';
import { type ColdPointer, type ColdReader, isCold, withCold } from '../archive/read';
import type { ColdOrderFile } from '../archive/file';
import { orderReturnsStatement, orderReturnsView, type ReturnReadRow, returnSteps } from './returns-view';
import { core as coreDb, type DatabaseEnv, type Route, routeFrom, routeStatement, userOwner } from '../db/databases';

/** The step and carrier columns an order's timeline is read from (fulfilmentOf). */
type FulfilmentColumn =
  | 'confirmed_at'
  | 'packed_at'
  | 'shipped_at'
  | 'out_for_delivery_at'
  | 'delivered_at'
  | 'cancelled_at'
  | 'carrier'
  | 'tracking_number'
  | 'tracking_url';

/**
 * The columns ORDER_COLUMNS selects, with the shopper's e-mail (the account's, else the guest's). The
 * coupon code is picked through its property: shared/api/message-keys.test.ts reads every quoted
 * coupon_… string in the API as a message key.
 */
type OrderRow = Pick<
  OrdersTableRow,
  | 'id'
  | 'user_id'
  | 'guest_email'
  | 'status'
  | 'payment_method'
  | 'card_method'
  | 'country'
  | 'currency'
  | 'address'
  | 'subtotal'
  | 'before_discount'
  | 'discount'
  | 'delivery'
  | 'vat'
  | 'vat_basis_points'
  | 'total'
  | 'wallet_used'
  | 'points_used'
  | 'points_discount'
  | 'referral_discount'
  | 'created_at'
  | FulfilmentColumn
  | 'delivery_speed'
  | 'promised_date'
  | 'promise_missed_at'
> &
  Pick<OrdersTableRow, keyof { coupon_code: unknown }> & { email: string | null };

const ORDER_COLUMNS = `o.id, o.user_id, o.guest_email, o.status, o.payment_method, o.card_method, o.country, o.currency, o.address, o.subtotal, o.before_discount,
  o.discount, o.delivery, o.vat, o.vat_basis_points, o.total, o.wallet_used, o.points_used, o.points_discount, o.referral_discount, o.coupon_code, o.created_at, o.confirmed_at, o.packed_at, o.shipped_at, o.out_for_delivery_at, o.delivered_at, o.cancelled_at, o.carrier,
  o.tracking_number, o.tracking_url, o.delivery_speed, o.promised_date, o.promise_missed_at, coalesce(u.email, o.guest_email) AS email`;

/** The same columns read in an order shard, which has no users table (decision 61): an account's
 * e-mail is read from the core after (orderView's `core`). */
const SHARD_ORDER_COLUMNS = ORDER_COLUMNS.replace(
  'coalesce(u.email, o.guest_email) AS email',
  'o.guest_email AS email',
);

/** Where a cold order's file is (decision 60): read with the order, so an archived one reads from R2. */
const POINTER_COLUMNS = 'o.archived_at, o.archive_key, o.archive_wrapped_key, o.archive_iv, o.archive_key_version';

/**
 * The file of a cold order, through the request's reader. A caller that passes no reader only ever
 * reads orders in progress (placing, paying); an archived order there is a bug, not an empty order.
 */
async function coldFileOf(row: Omit<ColdPointer, 'id'> & { id: number }, cold: ColdReader | undefined) {
  if (!isCold(row)) return null;
  if (!cold) throw new Error(`order ${row.id} is archived and this read has no cold reader`);
  return cold.file(row);
}

/**
 * The order's timeline from its step columns (migration 0025), with the refunds' times; a step the
 * order never took is absent. Rows stored before the columns existed read as their status alone.
 */
function fulfilmentOf(
  o: Partial<Pick<OrderRow, FulfilmentColumn>> & Pick<OrderRow, 'created_at'>,
  refundedAt: readonly number[] = [],
): OrderFulfilment {
  const steps: OrderFulfilment['timeline'] = [{ kind: 'placed', at: o.created_at }];
  const add = (kind: FulfilmentStep, at: number | null | undefined) => {
    if (at) steps.push({ kind, at });
  };
  add('confirmed', o.confirmed_at);
  add('packed', o.packed_at);
  add('shipped', o.shipped_at);
  add('out_for_delivery', o.out_for_delivery_at);
  add('delivered', o.delivered_at);
  add('cancelled', o.cancelled_at);
  for (const at of refundedAt) add('refunded', at);
  steps.sort((a, b) => a.at - b.at);
  const shipped = !!o.shipped_at;
  return {
    timeline: steps,
    carrier: shipped ? (o.carrier ?? null) : null,
    tracking_number: shipped ? (o.tracking_number ?? null) : null,
    tracking_url: shipped ? (o.tracking_url ?? null) : null,
  };
}

/**
 * The promise made when she placed it (decision 65). Missed: not delivered (nor cancelled) by the end of
 * the promised day on its country's clocks; the hourly sweep (delivery/missed.ts) marks it and tells the shop, and the page
 * says so from the day after, whether or not the sweep ran yet.
 */
function promiseOf(
  o: Pick<
    OrderRow,
    'country' | 'promised_date' | 'delivery_speed' | 'promise_missed_at' | 'delivered_at' | 'cancelled_at'
  >,
  now = Date.now(),
): OrderPromise | null {
  if (!o.promised_date) return null;
  const open = !o.delivered_at && !o.cancelled_at;
  return {
    speed: o.delivery_speed ?? null,
    date: o.promised_date,
    // Missed once the promised day is over on the order's country's clocks (Dubai's midnight, Kuwait's).
    missed: open && (o.promise_missed_at !== null || o.promised_date < countryDate(o.country, now)),
  };
}

export function toOrderView(
  o: OrderRow,
  items: ItemRow[],
  refundedAt: readonly number[] = [],
  promotions: OrderPromotionView[] = [],
  documents?: EInvoices,
): OrderView {
  return {
    promotions,
    refunds: [],
    refunded: 0,
    fulfilment: fulfilmentOf(o, refundedAt),
    promise: promiseOf(o),
    id: o.id,
    status: o.status,
    payment_method: o.payment_method,
    card_method: o.card_method,
    country: o.country,
    currency: o.currency,
    created_at: o.created_at,
    items: items.map((i) => ({
      sku_id: i.sku_id,
      product_id: i.product_id,
      slug: i.product_slug,
      name: i.name,
      sku_name: i.sku_name,
      image: i.image_key ? thumbnailUrl(i.image_key) : null,
      unit_price: i.unit_price,
      old_unit_price: i.old_unit_price,
      count: i.count,
      line_total: i.unit_price * i.count,
    })),
    address: JSON.parse(o.address) as Record<string, unknown>,
    totals: {
      subtotal: o.subtotal,
      before_discount: o.before_discount,
      discount: o.discount,
      // Issue 47: rows stored before migration 0060 read 0 (the columns' default).
      referral_discount: o.referral_discount ?? 0,
      points_used: o.points_used ?? 0,
      points_discount: o.points_discount ?? 0,
      delivery: o.delivery,
      vat: o.vat,
      total: o.total,
      wallet_used: o.wallet_used,
      due: o.total - o.wallet_used,
    },
    coupon_code: o.coupon_code,
    email: o.email,
    // Awaiting payment (the card page was left) offers Pay now, which resumes the open charge.
    can_pay_again: o.status === 'payment_failed' || o.status === 'pending_payment',
    can_cancel: o.status === 'payment_failed' || o.status === 'pending_payment',
    vat_basis_points: o.vat_basis_points,
    tax_invoice: invoiceOf({
      id: o.id,
      status: o.status,
      country: o.country,
      currency: o.currency,
      created_at: o.created_at,
      vat_basis_points: o.vat_basis_points,
      totals: { total: o.total, vat: o.vat, delivery: o.delivery },
      items: invoiceItems(items.map((i) => ({ ...i, line_total: i.unit_price * i.count }))),
      document: documents?.invoice,
    }),
  };
}

/**
 * Statuses that carry a tax invoice: a sale that happened. Wallet orders start `paid`, card orders
 * become `paid` when the charge succeeds, cash-on-delivery orders are `placed` (confirmed, paid at the
 * door), and `processing` / `shipped` / `delivered` follow one of those. Not `pending_payment` (no
 * money yet), `payment_failed` or `cancelled` (the sale did not happen; decision 8).
 */
const INVOICED_STATUSES: readonly OrderStatus[] = ['placed', 'paid', 'processing', 'shipped', 'delivered'];

function invoiceOf(
  o: Pick<OrderView, 'id' | 'status' | 'country' | 'currency' | 'created_at' | 'vat_basis_points'> & {
    totals: { total: number; vat: number; delivery?: number };
    items?: InvoiceItems;
    document?: EInvoiceRow | null;
  },
) {
  if (!INVOICED_STATUSES.includes(o.status)) return null;
  return printedInvoice(o, o.document ?? null);
}

/**
 * The printed invoice of an order with VAT. Where the country issues e-invoices (decision 75) and the
 * order has its document: once signed, the document's issue time, figures and phase-2 QR; before,
 * the phase-1 invoice marked as being issued. (Its VAT is the document's already: pricing stores
 * ZATCA's VAT of the total for such a country.)
 */
function printedInvoice(
  o: Pick<OrderView, 'id' | 'country' | 'currency' | 'created_at' | 'vat_basis_points'> & {
    totals: { total: number; vat: number; delivery?: number };
    items?: InvoiceItems;
  },
  document: EInvoiceRow | null,
) {
  const invoice = taxInvoiceFor({
    id: o.id,
    country: o.country,
    created_at: o.created_at,
    decimals: currencyDecimals(o.currency),
    vat_basis_points: o.vat_basis_points,
    totals: o.totals,
    ...(o.items ? { items: o.items } : {}),
  });
  return invoice && asEInvoice(invoice, document);
}

/** The order's lines as an invoice that lists them reads them (the UAE tax invoice). */
type InvoiceItems = ReadonlyArray<{ name: string; count: number; total: number }>;
const invoiceItems = (items: ReadonlyArray<{ name: string; sku_name: string; count: number; line_total: number }>) =>
  items.map((i) => ({ name: `${i.name} (${i.sku_name})`, count: i.count, total: i.line_total }));

/** A printed invoice or credit note as its e-invoice stands: signed (its time, figures, QR) or being issued. */
function asEInvoice<T extends TaxInvoice>(printed: T, document: EInvoiceRow | null): T {
  if (!document) return printed;
  if (document.state !== 'signed') return { ...printed, e_invoice: 'issuing' };
  return {
    ...printed,
    issued_at: isoSeconds(document.issued_at!),
    total: document.total_minor!,
    vat: document.vat_minor!,
    qr: document.qr!,
    e_invoice: 'signed',
  };
}

/** What the order's page reads of its e-invoices (e_invoices, in the order's database). */
interface EInvoiceRow {
  kind: 'invoice' | 'credit-note';
  refund_id: number | null;
  state: 'waiting' | 'signed';
  qr: string | null;
  total_minor: number | null;
  vat_minor: number | null;
  issued_at: number | null;
}
const E_INVOICE_READ =
  'SELECT kind, refund_id, state, qr, total_minor, vat_minor, issued_at FROM e_invoices WHERE order_id = ?';

interface EInvoices {
  invoice: EInvoiceRow | null;
  notes: Map<number, EInvoiceRow>;
}
function eInvoicesOf(rows: readonly EInvoiceRow[]): EInvoices {
  return {
    invoice: rows.find((r) => r.kind === 'invoice') ?? null,
    notes: new Map(rows.flatMap((r) => (r.kind === 'credit-note' && r.refund_id !== null ? [[r.refund_id, r]] : []))),
  };
}

/** The order as it reads once its card payment succeeded (its confirmation mail is built before the batch stores that). */
export function asPaid(order: OrderView): OrderView {
  const paid = { ...order, status: 'paid' as const, can_pay_again: false, can_cancel: false };
  return { ...paid, tax_invoice: invoiceOf({ ...paid, items: invoiceItems(paid.items) }) };
}

type RefundRow = Omit<OrderRefundView, 'at' | 'credit_note' | 'status'> & {
  created_at: number;
  status: OrderRefundView['status'] | 'failed';
};

/**
 * A refund as the shopper sees it. A Saudi sale's invoice is reduced by a credit note per refund; a
 * cancelled order shows no invoice (decision 8), so its refunds' notes correct the invoice the sale had.
 */
function toRefundView(r: RefundRow, o: OrderRow, view: OrderView, documents?: EInvoices): OrderRefundView {
  const invoice =
    view.tax_invoice ??
    printedInvoice(
      {
        id: o.id,
        country: o.country,
        currency: o.currency,
        created_at: o.created_at,
        vat_basis_points: o.vat_basis_points,
        totals: { total: o.total, vat: o.vat },
      },
      documents?.invoice ?? null,
    );
  const note = invoice ? creditNoteFor(invoice, r, currencyDecimals(o.currency)) : null;
  return {
    id: r.id,
    amount: r.amount,
    method: r.method,
    reason: r.reason,
    // Failed refunds are left out before this (orderView).
    status: r.status as OrderRefundView['status'],
    at: r.created_at,
    credit_note: note && asEInvoice(note, documents?.notes.get(r.id) ?? null),
  };
}

/** orderView's six reads of the database holding the order, for a caller's batch (orderViewFrom reads them). */
function orderViewStatements(
  db: D1Database,
  id: number,
  ownerId: number | null | undefined,
  joined: boolean,
): D1PreparedStatement[] {
  const owner = ownerId === undefined ? '' : ' AND o.user_id = ?2';
  return [
    db
      .prepare(
        joined
          ? `SELECT ${ORDER_COLUMNS}, ${POINTER_COLUMNS} FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = ?1${owner}`
          : `SELECT ${SHARD_ORDER_COLUMNS}, ${POINTER_COLUMNS} FROM orders o WHERE o.id = ?1${owner}`,
      )
      .bind(...(ownerId === undefined ? [id] : [id, ownerId ?? -1])),
    db.prepare('SELECT * FROM order_items WHERE order_id = ? ORDER BY sku_id').bind(id),
    db
      .prepare("SELECT id, kind, refund_id, at FROM order_events WHERE order_id = ? AND kind = 'refunded' ORDER BY id")
      .bind(id),
    // Send as a gift (decision 34): the recipient, message and day, shown to whoever may see the order.
    db.prepare('SELECT * FROM order_gifts WHERE order_id = ?').bind(id),
    // Its promotions: gift lines at price 0 and why each applied (decision 33).
    db.prepare(ORDER_PROMOTIONS_SQL).bind(id),
    // The money given back, with what the order page and a Saudi credit note show of each refund.
    db
      .prepare('SELECT id, amount, method, reason, status, created_at FROM refunds WHERE order_id = ? ORDER BY id')
      .bind(id),
    // Its Saudi e-invoices (decision 75): the signed documents' QR, time and figures the invoice prints.
    db.prepare(E_INVOICE_READ).bind(id),
    // Its returns (issue 62) are the core's: read here in shard 0, from the core after for another shard.
    ...(joined ? [orderReturnsStatement(db, id)] : []),
  ];
}

/** How many statements orderViewStatements gives: the returns' read rides along in the core only. */
const viewReads = (joined: boolean) => (joined ? 8 : 7);

/**
 * One order with its items, its refunds and its gift (six statements, one round trip); a cold order's
 * lines, events and promotions come from its file (one R2 read more), merged with any still hot.
 * `db` is the database holding the order (her order shard); `core`, when that is not the core
 * database, gives an account's e-mail (one read more; in shard 0 it is joined in the batch).
 */
export async function orderView(
  db: D1Database,
  id: number,
  _lang: string,
  ownerId?: number | null,
  cold?: ColdReader,
  core?: D1Database,
): Promise<OrderView | null> {
  const joined = !core || core === db;
  return orderViewFrom(
    await db.batch(orderViewStatements(db, id, ownerId, joined)),
    cold,
    joined ? undefined : core,
    joined ? undefined : core,
  );
}

/**
 * An order read from its shard with its route in the same batch of the core (decision 61): `route` is
 * the routing statement (her `routeStatement`, or the order's `orderRouteStatement`), and `also` are
 * reads of the order's database the caller wants beside it (a link's or a device's proof). In shard 0
 * the route costs no round trip of its own; an order in another shard is read there (one trip more,
 * and one for an account's e-mail).
 */
export async function routedOrderView(
  env: DatabaseEnv,
  route: D1PreparedStatement,
  id: number,
  o: {
    ownerId?: number | null;
    /** The e-mail of the account `ownerId` names, when the caller has it (her session): no read of the core for it. */
    ownerEmail?: string | null;
    cold?: ColdReader;
    also?: (db: D1Database) => D1PreparedStatement[];
  } = {},
): Promise<{ order: OrderView | null; route: Route; also: D1Result[] }> {
  const db = coreDb(env);
  const reads = (on: D1Database, joined: boolean) => [
    ...orderViewStatements(on, id, o.ownerId, joined),
    ...(o.also?.(on) ?? []),
  ];
  const [routeRes, ...results] = await db.batch([route, ...reads(db, true)]);
  const where = routeFrom(env, routeRes!.results[0] as Parameters<typeof routeFrom>[1]);
  if (where.binding === 'DB')
    return {
      order: await orderViewFrom(results.slice(0, viewReads(true)), o.cold),
      route: where,
      also: results.slice(viewReads(true)),
    };
  const mine = await where.db.batch(reads(where.db, false));
  const row = mine[0]!.results[0] as { user_id: number | null; email: string | null } | undefined;
  const known = row && o.ownerEmail !== undefined && o.ownerId != null && row.user_id === o.ownerId;
  if (known) row.email = o.ownerEmail ?? null;
  return {
    order: await orderViewFrom(mine.slice(0, viewReads(false)), o.cold, known ? undefined : db, db),
    route: where,
    also: mine.slice(viewReads(false)),
  };
}

/** The order from orderViewStatements' results; `core` reads an account's e-mail when they came from a shard. */
async function orderViewFrom(
  [orders, items, refundEvents, gifts, promotions, refundRows, eInvoiceRows, returnRows]: D1Result[],
  cold?: ColdReader,
  core?: D1Database,
  /** The core, for an order read from another shard: its returns are read there. */
  returnsCore?: D1Database,
): Promise<OrderView | null> {
  const row = orders!.results[0] as unknown as (OrderRow & ColdPointer & { email: string | null }) | undefined;
  if (!row) return null;
  const returns = (
    returnRows ?? (returnsCore ? await orderReturnsStatement(returnsCore, row.id).all() : { results: [] })
  ).results as unknown as ReturnReadRow[];
  if (core && row.user_id !== null)
    row.email =
      (await core.prepare('SELECT email FROM users WHERE id = ?').bind(row.user_id).first<string>('email')) ?? null;
  const file = await coldFileOf(row, cold);
  const refunds = refundRows!.results as unknown as RefundRow[];
  // Money that went back: a refund the gateway failed after the shopper was told leaves the timeline
  // (the correction mail says so).
  const failed = new Set(refunds.filter((r) => r.status === 'failed').map((r) => r.id));
  const refunded = withCold('order_events', refundEvents!.results as unknown as RefundEvent[], file)
    .filter((e) => e.kind === 'refunded' && !(e.refund_id !== null && failed.has(e.refund_id)))
    .map((e) => e.at)
    .sort((a, b) => a - b);
  const promos = withCold('order_promotions', promotions!.results as unknown as OrderPromotionRow[], file).map(
    toOrderPromotionView,
  );
  const documents = eInvoicesOf(eInvoiceRows!.results as unknown as EInvoiceRow[]);
  const view = toOrderView(
    row,
    withCold('order_items', items!.results as unknown as ItemRow[], file),
    refunded,
    promos,
    documents,
  );
  const refundViews = refunds.filter((r) => r.status !== 'failed').map((r) => toRefundView(r, row, view, documents));
  const timeline = [...view.fulfilment.timeline, ...returnSteps(returns)].sort((a, b) => a.at - b.at);
  return {
    ...view,
    fulfilment: { ...view.fulfilment, timeline },
    returns: orderReturnsView(view, row.delivered_at ?? null, returns),
    refunds: refundViews,
    refunded: refundViews.reduce((sum, r) => sum + r.amount, 0),
    gift: giftOf(gifts!.results[0] as unknown as OrderGiftRow | undefined),
  };
}

interface RefundEvent {
  id: number;
  kind: string;
  refund_id: number | null;
  at: number;
}

/** A page of the shopper's orders, newest first, with their items (two statements). */
export async function orderPage(
  db: D1Database,
  userId: number,
  page: number,
  perPage = 10,
  cold?: ColdReader,
): Promise<OrderPageResult> {
  return orderPageFrom(db, await db.batch(orderPageStatements(db, userId, page, perPage, true)), page, perPage, cold);
}

type OrderPageResult = { items: OrderView[]; total: number; page: number; per_page: number };

function orderPageStatements(db: D1Database, userId: number, page: number, perPage: number, joined: boolean) {
  const offset = (page - 1) * perPage;
  return [
    db
      .prepare(
        joined
          ? `SELECT ${ORDER_COLUMNS}, ${POINTER_COLUMNS} FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.user_id = ? ORDER BY o.created_at DESC, o.id DESC LIMIT ? OFFSET ?`
          : `SELECT ${SHARD_ORDER_COLUMNS}, ${POINTER_COLUMNS} FROM orders o WHERE o.user_id = ? ORDER BY o.created_at DESC, o.id DESC LIMIT ? OFFSET ?`,
      )
      .bind(userId, perPage, offset),
    db.prepare('SELECT count(*) AS n FROM orders WHERE user_id = ?').bind(userId),
  ];
}

/**
 * Her page of orders from her order shard (decision 61): the route rides in the first batch of the core,
 * so in shard 0 the page makes its usual two round trips; in another shard the page is read there (one
 * trip more), each order's e-mail being her account's (`email`, the users row the core would join).
 */
export async function myOrderPage(
  env: DatabaseEnv,
  user: { id: number; email: string | null },
  page: number,
  perPage = 10,
  cold?: ColdReader,
): Promise<OrderPageResult> {
  const db = coreDb(env);
  const [routeRes, ...results] = await db.batch([
    routeStatement(env, userOwner(user.id)),
    ...orderPageStatements(db, user.id, page, perPage, true),
  ]);
  const where = routeFrom(env, routeRes!.results[0] as Parameters<typeof routeFrom>[1]);
  if (where.binding === 'DB') return orderPageFrom(db, results, page, perPage, cold);
  const mine = await where.db.batch(orderPageStatements(where.db, user.id, page, perPage, false));
  for (const row of mine[0]!.results as Array<{ email: string | null }>) row.email = user.email;
  return orderPageFrom(where.db, mine, page, perPage, cold);
}

async function orderPageFrom(
  db: D1Database,
  [orders, count]: D1Result[],
  page: number,
  perPage: number,
  cold?: ColdReader,
): Promise<OrderPageResult> {
  const rows = orders!.results as unknown as (OrderRow & ColdPointer)[];
  const ids = rows.map((r) => r.id);
  // Cold orders of the page: their files in parallel (each one R2 read), beside the D1 round trip.
  const files = Promise.all(rows.map((r) => coldFileOf(r, cold)));
  const marks = ids.map(() => '?').join(', ');
  const [itemRes, promoRes] = ids.length
    ? await db.batch([
        db.prepare(`SELECT * FROM order_items WHERE order_id IN (${marks})`).bind(...ids),
        db.prepare(`SELECT * FROM order_promotions WHERE order_id IN (${marks}) ORDER BY promotion_id`).bind(...ids),
      ])
    : [null, null];
  const items = (itemRes?.results ?? []) as unknown as ItemRow[];
  const promos = (promoRes?.results ?? []) as unknown as OrderPromotionRow[];
  const coldFiles: (ColdOrderFile | null)[] = await files;
  return {
    items: rows.map((r, i) =>
      toOrderView(
        r,
        withCold(
          'order_items',
          items.filter((item) => item.order_id === r.id),
          coldFiles[i]!,
        ),
        [],
        withCold(
          'order_promotions',
          promos.filter((p) => p.order_id === r.id),
          coldFiles[i]!,
        ).map(toOrderPromotionView),
      ),
    ),
    total: (count!.results[0] as CountRow).n,
    page,
    per_page: perPage,
  };
}
