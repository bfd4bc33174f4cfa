// Which orders are cold and which of their rows move (issue 48, decision 60), as SQL the archive run
// and the capacity bench (bench/capacity.mjs) both execute, so the bench measures what the cron does.
//
// An order is cold when it is closed (delivered, cancelled or its payment failed) and nothing has
// happened to it for ARCHIVE_AFTER_DAYS: no step, no refund, no payment since. Its row in `orders` stays
// hot: the wallet and points ledgers, refunds, referrals and subscriptions point at it, and the back
// office's search, the month reports and the tax invoice read its columns; its guest links (never
// expiring) and gift stay hot too. Its lines, timeline events, promotions and payments (with their
// outcomes) move into the sealed file.
import { DAY_MS } from '../retention/windows';

/** 18 months: past the return window, the chargeback windows of the card schemes (120–540 days) and the loyalty year. */
const ARCHIVE_AFTER_DAYS = 548;
export const ARCHIVE_AFTER_MS = ARCHIVE_AFTER_DAYS * DAY_MS;

/** The statuses an order ends in; an order in any other state is still moving and stays hot. */
const CLOSED_STATUSES = ['delivered', 'cancelled', 'payment_failed'] as const;

/**
 * Up to ?2 cold orders, oldest first: ?1 is the cutoff (now − ARCHIVE_AFTER_MS). The walk reads the
 * partial index of hot orders by created_at; an order made before the cutoff but touched after it
 * (a late refund) is skipped now and found again on a later run.
 */
export const DUE_SQL = `SELECT o.id, o.country FROM orders o INDEXED BY orders_hot_created
  WHERE o.archived_at IS NULL AND o.archive_key IS NULL AND o.created_at < ?1
    AND o.status IN (${CLOSED_STATUSES.map((s) => `'${s}'`).join(', ')})
    AND coalesce(o.delivered_at, o.cancelled_at, o.updated_at, o.created_at) < ?1
    AND coalesce(o.updated_at, 0) < ?1
    AND NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.at >= ?1)
    AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND (r.created_at >= ?1 OR r.status = 'pending'))
    AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND (p.updated_at >= ?1 OR p.status = 'initiated'))
  ORDER BY o.created_at, o.id LIMIT ?2`;

/**
 * The moving tables: what the file holds of each, read for one order (?1), and how a row is named
 * (its key), so a row still hot and its copy in the file are told apart, and a run killed half-way
 * deletes exactly the rows it wrote.
 */
export interface ColdTable {
  name: 'order_items' | 'order_events' | 'order_promotions' | 'payments' | 'payment_events';
  /** The rows of order ?1, in a stable order. */
  select: string;
  /** The columns that name a row. */
  key: readonly string[];
  /**
   * Deletes the rows of order ?1 whose keys are in the JSON array ?2 (each key a JSON array of its
   * values), and no other: a row written after the file was read stays hot.
   */
  remove: string;
}

const keyIn = (columns: readonly string[], alias = '') =>
  `json_array(${columns.map((c) => `${alias}${c}`).join(', ')}) IN (SELECT value FROM json_each(?2))`;

export const COLD_TABLES: readonly ColdTable[] = [
  {
    name: 'order_items',
    select: 'SELECT * FROM order_items WHERE order_id = ?1 ORDER BY sku_id',
    key: ['sku_id'],
    remove: `DELETE FROM order_items WHERE order_id = ?1 AND ${keyIn(['sku_id'])}`,
  },
  {
    name: 'order_events',
    select: 'SELECT * FROM order_events WHERE order_id = ?1 ORDER BY id',
    key: ['id'],
    remove: `DELETE FROM order_events WHERE order_id = ?1 AND ${keyIn(['id'])}`,
  },
  {
    name: 'order_promotions',
    select: 'SELECT * FROM order_promotions WHERE order_id = ?1 ORDER BY promotion_id',
    key: ['promotion_id'],
    remove: `DELETE FROM order_promotions WHERE order_id = ?1 AND ${keyIn(['promotion_id'])}`,
  },
  {
    name: 'payment_events',
    select:
      'SELECT pe.* FROM payment_events pe JOIN payments p ON p.id = pe.payment_id WHERE p.order_id = ?1 ORDER BY pe.payment_id',
    key: ['payment_id'],
    remove: `DELETE FROM payment_events WHERE payment_id IN (SELECT id FROM payments WHERE order_id = ?1) AND ${keyIn(['payment_id'])}`,
  },
  {
    // A payment a ledger or a refund names stays hot as well (its foreign keys); the file has its copy.
    name: 'payments',
    select: 'SELECT * FROM payments WHERE order_id = ?1 ORDER BY id',
    key: ['id'],
    remove: `DELETE FROM payments WHERE order_id = ?1 AND ${keyIn(['id'])}
      AND NOT EXISTS (SELECT 1 FROM wallet_ledger w WHERE w.payment_id = payments.id)
      AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = payments.id)
      AND NOT EXISTS (SELECT 1 FROM payment_events pe WHERE pe.payment_id = payments.id)`,
  },
];

/**
 * What order ?1 sold, counted in archived_sales before its lines move (the catalogue's "was it sold"
 * checks). The caller appends its guard (`AND …`) to the WHERE; a bring-back takes the count back.
 */
export const SOLD_SQL = `INSERT INTO archived_sales (sku_id, product_id, orders)
  SELECT sku_id, product_id, 1 FROM (SELECT sku_id, product_id FROM order_items WHERE order_id = ?1
    UNION SELECT p.gift_sku_id, s.product_id FROM order_promotions p JOIN skus s ON s.id = p.gift_sku_id
      WHERE p.order_id = ?1 AND p.gift_sku_id IS NOT NULL) WHERE 1`;
export const SOLD_UPSERT = 'ON CONFLICT (sku_id) DO UPDATE SET orders = orders + 1';

/** The SKUs a file's order sold (its lines and gifts), as SOLD_SQL counted them. */
export function soldSkus(tables: {
  order_items: Record<string, unknown>[];
  order_promotions: Record<string, unknown>[];
}) {
  return [
    ...new Set([
      ...tables.order_items.map((r) => r.sku_id as number),
      ...tables.order_promotions.filter((p) => p.gift_sku_id !== null).map((p) => p.gift_sku_id as number),
    ]),
  ];
}
