// The back office's orders: loading an order within the grant, its stage, the money it took and gave
// back (SQL), and the statements every change shares: the shopper's mail and the guarded timeline row.
import type { Context } from 'hono';
import type { OrderStage } from '#shared/api/staff-order-schemas';
import type { AppEnv } from '#api/src/app-env';
import { ApiError } from '#api/src/lib/errors';
import { siteOrigin } from '#api/src/lib/site-origin';
import { assertCan, requireStaff } from '#api/src/middleware/staff';
import type { OrderEventRow, OrderRow } from '#api/src/db/rows';
import type { OrderUpdate, OrderUpdateKind } from '#api/src/mail/order-update-texts';
import { orderUpdateStatements } from '#api/src/orders/update-mail';
import { type DatabaseEnv, orderRouteStatement, routeFrom } from '#api/src/db/databases';

export const ORDERS_PAGE = 30;

export type Order = OrderRow & {
  email: string | null;
  user_name: string | null;
  /** The account's proven phone: an account without e-mail hears of the shipping there (update-mail.ts). */
  sms_to: string | null;
};

/** Where an order stands, for staff: its status with 'processing' split into confirmed and packed. */
export function stageOf(o: Pick<OrderRow, 'status' | 'packed_at' | 'out_for_delivery_at'>): OrderStage {
  switch (o.status) {
    case 'placed':
    case 'paid':
      return 'to_confirm';
    case 'processing':
      return o.packed_at ? 'packed' : 'confirmed';
    case 'shipped':
      return o.out_for_delivery_at ? 'out_for_delivery' : 'shipped';
    default:
      return o.status;
  }
}

/** SQL for each stage (the list filter), over `o`. */
export const STAGE_SQL: Record<OrderStage, string> = {
  to_confirm: "o.status IN ('placed', 'paid')",
  confirmed: "o.status = 'processing' AND o.packed_at IS NULL",
  packed: "o.status = 'processing' AND o.packed_at IS NOT NULL",
  shipped: "o.status = 'shipped' AND o.out_for_delivery_at IS NULL",
  out_for_delivery: "o.status = 'shipped' AND o.out_for_delivery_at IS NOT NULL",
  delivered: "o.status = 'delivered'",
  cancelled: "o.status = 'cancelled'",
  pending_payment: "o.status = 'pending_payment'",
  payment_failed: "o.status = 'payment_failed'",
};

export const PAID_SQL = `(o.wallet_used
  + coalesce((SELECT sum(p.amount) FROM payments p WHERE p.order_id = o.id AND p.purpose = 'order' AND p.status = 'succeeded'), 0)
  + CASE WHEN o.payment_method = 'cod' AND o.status = 'delivered' THEN o.total - o.wallet_used ELSE 0 END)`;
export const REFUNDED_SQL = `coalesce((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = o.id AND r.status <> 'failed'), 0)`;
export const CARD_SQL = `coalesce((SELECT sum(p.amount) FROM payments p WHERE p.order_id = o.id AND p.purpose = 'order' AND p.status = 'succeeded'), 0)`;
export const GATEWAY_REFUNDED_SQL = `coalesce((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = o.id AND r.method = 'gateway' AND r.status <> 'failed'), 0)`;

const LOAD_SQL = `SELECT o.*, coalesce(u.email, o.guest_email) AS email, u.name AS user_name,
  CASE WHEN u.phone_verified_at IS NOT NULL THEN u.phone END AS sms_to
  FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = ?`;

/** An order as the back office acts on it, read from the shard holding it: `db` (shard 0, the core,
 * when `env` is not given); her name and e-mail are the core's. */
export async function loadOrder(db: D1Database, id: number, env?: DatabaseEnv): Promise<Order | null> {
  if (!env || db === env.DB) return db.prepare(LOAD_SQL).bind(id).first<Order>();
  const order = await db.prepare('SELECT o.* FROM orders o WHERE o.id = ?').bind(id).first<OrderRow>();
  return order ? withUser(env.DB, order) : null;
}

/** A shard's order with what the core knows of its account (the e-mail it is mailed at, the name). */
async function withUser(core: D1Database, order: OrderRow): Promise<Order> {
  const user =
    order.user_id === null
      ? null
      : await core
          .prepare(
            'SELECT email, name, CASE WHEN phone_verified_at IS NOT NULL THEN phone END AS sms_to FROM users WHERE id = ?',
          )
          .bind(order.user_id)
          .first<{ email: string | null; name: string | null; sms_to: string | null }>();
  return {
    ...order,
    email: user?.email ?? order.guest_email,
    user_name: user?.name ?? null,
    sms_to: user?.sms_to ?? null,
  };
}

/**
 * The order, 404 when it does not exist, 403 unless the grant covers the order's country, with the
 * database holding it (decision 62: the core's index names her shard). In shard 0 the index and the
 * order are read in one batch of the core, as one read before.
 */
export async function orderFor(c: Context<AppEnv>, id: number, permission: Parameters<typeof assertCan>[1]) {
  const member = await requireStaff(c);
  const core = c.env.DB;
  const [routeRes, orderRes] = await core.batch([orderRouteStatement(c.env, id), core.prepare(LOAD_SQL).bind(id)]);
  const route = routeFrom(c.env, routeRes!.results[0] as Parameters<typeof routeFrom>[1]);
  const order =
    route.binding === 'DB'
      ? ((orderRes!.results[0] as Order | undefined) ?? null)
      : await loadOrder(route.db, id, c.env);
  if (!order) throw new ApiError(404, 'not_found');
  assertCan(member, permission, order.country);
  return { member, order, db: route.db, moving: route.moving };
}

/** For a step or a refund: 503 while her move holds her writes (the back office tries again). */
export function assertWritable(at: { moving: boolean }): void {
  if (at.moving) throw new ApiError(503, 'service_busy');
}

/**
 * The statements of one change, by database (decision 61): in shard 0 one list, in today's order, for
 * one batch; for an order in another shard, `order` holds her shard's (written first: the guarded
 * timeline row makes the change once) and `core` the core's (the shopper's mail, the audit row, the
 * stock and coupon a cancel gives back), written after it.
 */
export class SplitBatch {
  readonly order: D1PreparedStatement[] = [];
  readonly core: D1PreparedStatement[] = [];
  constructor(
    readonly db: D1Database,
    readonly coreDb: D1Database,
  ) {}
  get split(): boolean {
    return this.db !== this.coreDb;
  }
  /** Statements on her shard's tables (prepared on `db`). */
  shard(...statements: D1PreparedStatement[]): this {
    this.order.push(...statements);
    return this;
  }
  /** Statements on the core's tables (prepared on `coreDb`): in shard 0 in the same list, in place. */
  toCore(...statements: D1PreparedStatement[]): this {
    (this.split ? this.core : this.order).push(...statements);
    return this;
  }
}

/**
 * What a change to an order needs of its caller: a request's context, or the cron's and a carrier
 * webhook's (tracking events move orders with no staff member: api/src/shipping/tracking.ts).
 */
export interface StepContext {
  env: ApiEnv;
  var: Pick<AppEnv['Variables'], 'config'>;
  /** Work after the answer (pushes, alerts); absent outside a worker (see pushAfter). */
  readonly executionCtx: { waitUntil(promise: Promise<unknown>): void };
}

/** Who changes an order: a staff member, or null for the shop itself (a carrier's tracking event). */
export type StepActor = { id: number } | null;

/** The shopper's mail for a step, in the order's language; a guest's carries a fresh order link. */
export function mailStatements(
  c: Pick<StepContext, 'env' | 'var'>,
  order: Order,
  update: Omit<OrderUpdate, 'orderId' | 'country' | 'currency' | 'linkPath'>,
  dedupe: string,
  now: number,
  when?: { sql: string; binds: unknown[] },
  /** An order in another shard: a guest's new order link goes to her shard's statements. */
  shard?: { db: D1Database; statements: D1PreparedStatement[] },
): Promise<D1PreparedStatement[]> {
  return orderUpdateStatements(c.env.DB, order, update, {
    dedupe,
    now,
    siteOrigin: siteOrigin(c),
    when,
    secret: c.var.config.TOKEN_SECRET,
    ...(shard && shard.db !== c.env.DB ? { shard } : {}),
  });
}

/**
 * The step's timeline row, first in its batch: its kind is computed from the order's state when the
 * batch runs, so a step from a wrong state (a second clerk was quicker) writes 'not_allowed', which
 * the CHECK refuses, and nothing of the batch is stored.
 */
export function guardedEvent(
  db: D1Database,
  p: {
    orderId: number;
    kind: OrderEventRow['kind'];
    from: OrderStage[];
    /** Null: the shop itself (a carrier's tracking event). */
    staffId: number | null;
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

export function isTransitionRace(error: unknown): boolean {
  return /order_event_allowed|order_events\.|CHECK constraint failed|payment_events/.test(String(error));
}

export type Step = 'confirm' | 'pack' | 'ship' | 'dispatch' | 'deliver' | 'cancel';

/** Each step: the stages it starts from (checked again inside the batch), its timeline kind, its mail. */
export const STEPS: Record<Step, { from: OrderStage[]; kind: OrderEventRow['kind']; mail: OrderUpdateKind | null }> = {
  confirm: { from: ['to_confirm'], kind: 'confirmed', mail: 'confirmed' },
  pack: { from: ['confirmed'], kind: 'packed', mail: null },
  ship: { from: ['packed'], kind: 'shipped', mail: 'shipped' },
  dispatch: { from: ['shipped'], kind: 'out_for_delivery', mail: 'out_for_delivery' },
  deliver: { from: ['shipped', 'out_for_delivery'], kind: 'delivered', mail: 'delivered' },
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

export function sandboxSettles(c: Context<AppEnv>): boolean {
  return c.var.config.ENVIRONMENT !== 'production' && c.var.config.PAYMENT_PROVIDER === 'sandbox';
}
