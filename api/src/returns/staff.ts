// The back office's returns (issue 62): the queue, one return with its lines, photos and parcel, and the
// steps receive, inspect (each line: can it be sold again?) and reject. Each step is one batch
// of the core whose first statement is its guarded event (return_events: a step from a wrong state
// writes 'not_allowed', which the CHECK refuses, so a second clerk's click stores nothing), with the
// audit row; her mail (and WhatsApp, when she chose it for the order) follows. Inspection puts back in
// stock what can be sold again. The refund, made once even when the worker dies half-way, is ./refund.ts.
import type { Context } from 'hono';
import type { StaffReturnListQuery } from '#shared/api/return-schemas';
import type { StaffReturn } from '#shared/api/staff-return-responses';
import { refundsDelivery, RECEIVABLE, REJECTABLE, type ReturnStatus, returnGoodsAmount } from '#shared/orders/returns';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { requireStaff } from '../middleware/staff';
import { auditStatement } from '../staff/audit';
import type { StaffMember } from '../staff/sessions';
import { orderFor } from '../order-office/common';
import { provenWhatsappTo } from '../messages/whatsapp-updates';
import { stockFlags } from '../orders/place';
import type { OrderItemRow, ReturnRow as ReturnRowOfTable, ShipmentRow } from '../db/rows';
import type { ReturnMailStep } from '../mail/return-texts';
import { returnMail } from './request';
import { bookReturnParcel } from './parcel';

const RETURNS_PAGE = 30;

type ReturnRow = ReturnRowOfTable;

const STATUS_SQL: Record<string, string> = {
  open: "r.status NOT IN ('refunded', 'rejected')",
};

/** The queue: newest first, by status ('open': not yet refunded or rejected) and country within the grant. */
export async function returnList(c: Context<AppEnv>, q: StaffReturnListQuery) {
  const member = await requireStaff(c);
  const allowed = countriesFor(member.grants, 'returns:manage');
  const where: string[] = [];
  const binds: unknown[] = [];
  if (q.status) {
    if (STATUS_SQL[q.status]) where.push(STATUS_SQL[q.status]!);
    else {
      where.push('r.status = ?');
      binds.push(q.status);
    }
  }
  if (q.country) {
    where.push('r.country = ?');
    binds.push(q.country);
  }
  if (allowed !== null) {
    where.push(`r.country IN (${allowed.map(() => '?').join(', ') || "''"})`);
    binds.push(...allowed);
  }
  if (q.q && /^\d+$/.test(q.q)) {
    where.push('(r.order_id = ? OR r.id = ?)');
    binds.push(Number(q.q), Number(q.q));
  }
  const page = q.page ?? 1;
  const sql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const db = c.env.DB;
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT r.id, r.order_id, r.country, r.currency, r.reason, r.status, r.created_at, r.refund_amount,
           s.status AS parcel_status, s.carrier_error,
           (SELECT coalesce(sum(i.count), 0) FROM return_items i WHERE i.return_id = r.id) AS pieces
         FROM returns r LEFT JOIN shipments s ON s.id = r.shipment_id ${sql}
         ORDER BY r.created_at DESC, r.id DESC LIMIT ? OFFSET ?`,
      )
      .bind(...binds, RETURNS_PAGE, (page - 1) * RETURNS_PAGE),
    db.prepare(`SELECT count(*) AS n FROM returns r ${sql}`).bind(...binds),
  ]);
  return { items: rows!.results, total: (count!.results[0] as { n: number }).n, page, per_page: RETURNS_PAGE };
}

/** The return and its order (404 when either is missing; 403 outside the grant's countries). */
export async function returnFor(c: Context<AppEnv>, id: number) {
  const ret = await c.env.DB.prepare('SELECT * FROM returns WHERE id = ?').bind(id).first<ReturnRow>();
  if (!ret) throw new ApiError(404, 'not_found');
  const at = await orderFor(c, ret.order_id, 'returns:manage');
  const items = await at.db
    .prepare('SELECT sku_id, product_id, name, sku_name, unit_price, count FROM order_items WHERE order_id = ?')
    .bind(ret.order_id)
    .all<Pick<OrderItemRow, 'sku_id' | 'product_id' | 'name' | 'sku_name' | 'unit_price' | 'count'>>();
  return { ...at, ret, lines: items.results };
}

export type Loaded = Awaited<ReturnType<typeof returnFor>>;

/** What the return would refund now: its goods share (returnGoodsAmount), plus delivery when the shop was at fault. */
export async function refundAmount(c: Context<AppEnv>, l: Loaded): Promise<{ amount: number; delivery: boolean }> {
  const others = await c.env.DB.prepare(
    `SELECT r.id, r.status, r.refund_amount, r.delivery_refunded, i.sku_id, i.count FROM returns r JOIN return_items i ON i.return_id = r.id
     WHERE r.order_id = ? AND r.id <> ? AND r.status <> 'rejected'`,
  )
    .bind(l.ret.order_id, l.ret.id)
    .all<{
      id: number;
      status: ReturnStatus;
      refund_amount: number | null;
      delivery_refunded: number;
      sku_id: number;
      count: number;
    }>();
  const refunded = others.results.filter((o) => o.status === 'refunded');
  const counts = new Map<number, number>();
  for (const o of refunded) counts.set(o.sku_id, (counts.get(o.sku_id) ?? 0) + o.count);
  const byReturn = new Map(refunded.map((o) => [o.id, o]));
  // The delivery fee is held by the return whose claim took it, refunded or still under way (its claim
  // sets delivery_refunded; a released claim or a failed refund clears it): the claim checks the same in SQL.
  const deliveryDone = others.results.some((o) => o.delivery_refunded === 1);
  const earlierGoods = [...byReturn.values()].reduce(
    (n, o) => n + (o.refund_amount ?? 0) - (o.delivery_refunded ? l.order.delivery : 0),
    0,
  );
  const mine = await c.env.DB.prepare('SELECT sku_id, count FROM return_items WHERE return_id = ?')
    .bind(l.ret.id)
    .all<{ sku_id: number; count: number }>();
  const goods = returnGoodsAmount(l.order, l.lines, mine.results, { counts, amount: earlierGoods });
  const delivery = refundsDelivery(l.ret.reason) && !deliveryDone && l.order.delivery > 0;
  return { amount: goods + (delivery ? l.order.delivery : 0), delivery };
}

export async function returnDetail(c: Context<AppEnv>, id: number): Promise<StaffReturn> {
  const l = await returnFor(c, id);
  const db = c.env.DB;
  const [items, photos, parcel, events] = await db.batch([
    db.prepare('SELECT sku_id, count, resellable FROM return_items WHERE return_id = ? ORDER BY sku_id').bind(id),
    db.prepare('SELECT id, content_type FROM return_photos WHERE return_id = ? ORDER BY created_at, id').bind(id),
    db
      .prepare(
        'SELECT id, carrier, status, tracking_number, label_key, carrier_error, create_tries FROM shipments WHERE id = ?',
      )
      .bind(l.ret.shipment_id ?? -1),
    db.prepare('SELECT kind, at, note FROM return_events WHERE return_id = ? ORDER BY at, id').bind(id),
  ]);
  const names = new Map(l.lines.map((x) => [x.sku_id, `${x.name} – ${x.sku_name}`]));
  const p = parcel!.results[0] as
    | Pick<
        ShipmentRow,
        'id' | 'carrier' | 'status' | 'tracking_number' | 'label_key' | 'carrier_error' | 'create_tries'
      >
    | undefined;
  const r = l.ret;
  return {
    id: r.id,
    order_id: r.order_id,
    country: r.country,
    currency: r.currency,
    lang: r.lang,
    reason: r.reason,
    unopened: r.unopened === 1,
    note: r.note,
    status: r.status,
    created_at: r.created_at,
    updated_at: r.updated_at,
    refund_id: r.refund_id,
    refund_amount: r.refund_amount,
    reject_reason: r.reject_reason,
    items: (items!.results as Array<{ sku_id: number; count: number; resellable: number | null }>).map((i) => ({
      sku_id: i.sku_id,
      name: names.get(i.sku_id) ?? String(i.sku_id),
      count: i.count,
      resellable: i.resellable === null ? null : i.resellable === 1,
    })),
    photos: photos!.results as Array<{ id: string; content_type: string }>,
    parcel: p
      ? {
          id: p.id,
          carrier: p.carrier,
          status: p.status,
          tracking_number: p.tracking_number,
          label: p.label_key !== null,
          error: p.carrier_error,
          tries: p.create_tries,
        }
      : null,
    events: events!.results as StaffReturn['events'],
    refund_preview: ['refunded', 'rejected'].includes(r.status) ? 0 : (await refundAmount(c, l)).amount,
  };
}

/**
 * The step's event, first in its batch: 'not_allowed' (refused by the CHECK) unless the return is in
 * `from` (and, with `unclaimed`, no refund of it is under way: a refund's claim holds it for the refund).
 */
export function guardedStep(
  db: D1Database,
  id: number,
  kind: string,
  from: readonly ReturnStatus[],
  staffId: number | null,
  note: string | null,
  now: number,
  { unclaimed = false } = {},
) {
  const claim = unclaimed ? ' AND refund_claimed_at IS NULL' : '';
  return db
    .prepare(
      `INSERT INTO return_events (return_id, kind, staff_id, note, at)
       SELECT id, CASE WHEN status IN (${from.map((s) => `'${s}'`).join(', ')})${claim} THEN ? ELSE 'not_allowed' END, ?, ?, ? FROM returns WHERE id = ?`,
    )
    .bind(kind, staffId, note, now, id);
}

export const isStepRace = (error: unknown) =>
  /return_step_allowed|return_events|CHECK constraint failed|UNIQUE/.test(String(error));

export function audit(
  db: D1Database,
  member: Pick<StaffMember, 'id'> | null,
  l: { ret: Pick<ReturnRow, 'id' | 'country' | 'status'> },
  action: string,
  after: Record<string, unknown>,
  reason: string | null,
) {
  return auditStatement(db, member, {
    action: `return.${action}`,
    resource: 'return',
    resourceId: l.ret.id,
    country: l.ret.country,
    before: { status: l.ret.status },
    after,
    reason,
  });
}

async function runBatch(c: Context<AppEnv>, statements: D1PreparedStatement[]) {
  try {
    return await c.env.DB.batch(statements);
  } catch (error) {
    if (isStepRace(error)) throw new ApiError(409, 'transition_not_allowed');
    throw error;
  }
}

const mailRow = (l: Pick<Loaded, 'order' | 'ret'>) => ({
  id: l.order.id,
  user_id: l.order.user_id,
  lang: l.ret.lang,
  country: l.order.country,
  currency: l.order.currency,
  delivered_at: l.order.delivered_at,
  address: l.order.address,
  email: l.order.email,
  whatsapp_to: provenWhatsappTo({ whatsapp_to: l.order.whatsapp_to, proven_phone: l.order.sms_to }),
});

async function told(c: Context<AppEnv>, l: Loaded, step: ReturnMailStep, now: number, rejectReason?: string | null) {
  await returnMail(c, mailRow(l), l.ret.id, step, now, rejectReason);
}

export async function receiveReturn(c: Context<AppEnv>, id: number, note: string | null) {
  const l = await returnFor(c, id);
  if (!RECEIVABLE.includes(l.ret.status)) throw new ApiError(409, 'transition_not_allowed');
  const db = c.env.DB;
  const now = Date.now();
  await runBatch(c, [
    guardedStep(db, id, 'received', RECEIVABLE, l.member.id, note, now),
    db.prepare("UPDATE returns SET status = 'received', updated_at = ? WHERE id = ?").bind(now, id),
    audit(db, l.member, l, 'receive', { status: 'received' }, note),
  ]);
  await told(c, l, 'received', now);
  return returnDetail(c, id);
}

export async function inspectReturn(
  c: Context<AppEnv>,
  id: number,
  input: { items: Array<{ sku_id: number; resellable: boolean }>; note?: string },
) {
  const l = await returnFor(c, id);
  if (l.ret.status !== 'received') throw new ApiError(409, 'transition_not_allowed');
  const db = c.env.DB;
  const mine = await db
    .prepare('SELECT sku_id, count FROM return_items WHERE return_id = ?')
    .bind(id)
    .all<{ sku_id: number; count: number }>();
  const verdict = new Map(input.items.map((i) => [i.sku_id, i.resellable]));
  // Every returned line judged, none other.
  if (mine.results.length !== verdict.size || mine.results.some((i) => !verdict.has(i.sku_id)))
    throw new ApiError(400, 'return_inspection_incomplete');
  const now = Date.now();
  const note = input.note || null;
  const back = mine.results.filter((i) => verdict.get(i.sku_id));
  const products = l.lines.filter((x) => back.some((b) => b.sku_id === x.sku_id)).map((x) => x.product_id);
  await runBatch(c, [
    guardedStep(db, id, 'inspected', ['received'], l.member.id, note, now),
    db.prepare("UPDATE returns SET status = 'inspected', updated_at = ? WHERE id = ?").bind(now, id),
    ...mine.results.map((i) =>
      db
        .prepare('UPDATE return_items SET resellable = ? WHERE return_id = ? AND sku_id = ?')
        .bind(verdict.get(i.sku_id) ? 1 : 0, id, i.sku_id),
    ),
    // What can be sold again goes back in stock (as a cancel gives it back), in the step's batch: once.
    ...back.map((i) => db.prepare('UPDATE skus SET stock = stock + ? WHERE id = ?').bind(i.count, i.sku_id)),
    ...(products.length ? [stockFlags(db, products)] : []),
    audit(
      db,
      l.member,
      l,
      'inspect',
      { status: 'inspected', items: mine.results.map((i) => ({ ...i, resellable: verdict.get(i.sku_id) })) },
      note,
    ),
  ]);
  await told(c, l, 'inspected', now);
  return returnDetail(c, id);
}

export async function rejectReturn(c: Context<AppEnv>, id: number, reason: string) {
  const l = await returnFor(c, id);
  if (!REJECTABLE.includes(l.ret.status)) throw new ApiError(409, 'transition_not_allowed');
  const db = c.env.DB;
  const now = Date.now();
  await runBatch(c, [
    // Not while a refund of it is under way: the refund may already be paid, and its record would be lost.
    guardedStep(db, id, 'rejected', REJECTABLE, l.member.id, reason, now, { unclaimed: true }),
    db
      .prepare("UPDATE returns SET status = 'rejected', reject_reason = ?, updated_at = ? WHERE id = ?")
      .bind(reason, now, id),
    audit(db, l.member, l, 'reject', { status: 'rejected' }, reason),
  ]);
  await told(c, l, 'rejected', now, reason);
  return returnDetail(c, id);
}

/** The carrier asked again for a parcel still waiting (queued) or refused, or never made. */
export async function retryParcel(c: Context<AppEnv>, id: number) {
  const l = await returnFor(c, id);
  if (l.ret.status !== 'requested') throw new ApiError(409, 'transition_not_allowed');
  const db = c.env.DB;
  // A refused parcel is asked again as a new one (its address may have been corrected meanwhile).
  await db
    .prepare(
      "UPDATE shipments SET status = 'queued', reference = reference || '-' || create_tries, updated_at = ? WHERE id = ? AND status = 'refused'",
    )
    .bind(Date.now(), l.ret.shipment_id ?? -1)
    .run();
  const items = await db
    .prepare('SELECT sku_id, count FROM return_items WHERE return_id = ?')
    .bind(id)
    .all<{ sku_id: number; count: number }>();
  const outcome = await bookParcelFor(c, l.ret, l.order, l.lines, items.results);
  await db.batch([audit(db, l.member, l, 'parcel', { parcel: outcome }, null)]).catch(() => undefined);
  if (outcome === 'pickup_booked' || outcome === 'label_ready') await told(c, l, outcome, Date.now());
  return returnDetail(c, id);
}

/** The parcel of a return (after her request, or when staff try again). */
export function bookParcelFor(
  c: Context<AppEnv>,
  ret: Pick<ReturnRow, 'id' | 'order_id' | 'country' | 'currency'>,
  order: { address: string; currency: string },
  lines: ReadonlyArray<Pick<OrderItemRow, 'sku_id' | 'unit_price'>>,
  items?: ReadonlyArray<{ sku_id: number; count: number }>,
) {
  const price = new Map(lines.map((x) => [x.sku_id, x.unit_price]));
  const pieces = items?.reduce((n, i) => n + i.count, 0) ?? 1;
  return bookReturnParcel(c.env, c.var.config, {
    id: ret.id,
    order_id: ret.order_id,
    country: ret.country,
    currency: ret.currency,
    pieces,
    value: items?.reduce((n, i) => n + (price.get(i.sku_id) ?? 0) * i.count, 0) ?? 0,
    address: JSON.parse(order.address) as Record<string, unknown>,
  });
}
