// The back office's back-in-stock report: per SKU, the people still waiting for its product,
// the alerts sent, and the purchases they led to: orders by the alerted shopper, not cancelled or
// failed, containing that SKU, placed within 7 days after the alert.
import type { AlertReportRow } from '#shared/api/alert-schemas';
import { CONVERSION_WINDOW_MS, REQUEST_TTL_MS } from './index';
import { type DatabaseEnv, shardDatabase } from '../db/databases';

export type { AlertReportRow };

const ALERT_REPORT_LIMIT = 200;

/** Deliveries whose purchases one statement of a shard counts (their JSON stays well within a statement). */
const DELIVERIES_PER_QUERY = 500;

export async function backInStockReport(
  envOrCore: DatabaseEnv | D1Database,
  now = Date.now(),
): Promise<AlertReportRow[]> {
  const env = 'DB' in envOrCore ? envOrCore : { DB: envOrCore };
  const db = env.DB;
  // The core counts the purchases of shoppers in shard 0, whose orders it holds (one statement as
  // before); the order shards read after it (decision 61) count those of the shoppers they hold.
  const [reportRes, shardsRes] = await db.batch([
    db
      .prepare(
        `WITH sent AS (
         SELECT d.sku_id, count(*) AS sent,
           sum(EXISTS (SELECT 1 FROM orders o JOIN order_items oi ON oi.order_id = o.id
                       WHERE o.user_id = d.user_id AND oi.sku_id = d.sku_id
                         AND o.created_at >= d.at AND o.created_at <= d.at + ?1
                         AND o.status NOT IN ('cancelled', 'payment_failed'))) AS purchases
         FROM alert_deliveries d WHERE d.kind = 'back_in_stock' GROUP BY d.sku_id
       ),
       waiting AS (
         SELECT product_id, count(*) AS waiting FROM notify_requests
         WHERE notified_at IS NULL AND created_at > ?2 GROUP BY product_id
       )
       SELECT s.id AS sku_id, s.product_id, p.name_en AS product_en, p.name_ar AS product_ar, s.name_en AS sku_en,
         s.name_ar AS sku_ar, s.stock, coalesce(w.waiting, 0) AS waiting, coalesce(x.sent, 0) AS sent,
         coalesce(x.purchases, 0) AS purchases
       FROM skus s JOIN products p ON p.id = s.product_id
       LEFT JOIN sent x ON x.sku_id = s.id LEFT JOIN waiting w ON w.product_id = s.product_id
       WHERE x.sku_id IS NOT NULL OR w.product_id IS NOT NULL
       ORDER BY coalesce(w.waiting, 0) DESC, coalesce(x.sent, 0) DESC, s.id LIMIT ?3`,
      )
      .bind(CONVERSION_WINDOW_MS, now - REQUEST_TTL_MS, ALERT_REPORT_LIMIT),
    db.prepare("SELECT id, binding FROM order_shards WHERE state <> 'retired' AND binding <> 'DB' ORDER BY id"),
  ]);
  const rows = (reportRes?.results ?? []) as Array<Omit<AlertReportRow, 'conversion'>>;
  const shards = (shardsRes!.results ?? []) as Array<{ id: number; binding: string }>;
  if (shards.length && rows.length) {
    const bySku = new Map(rows.map((r) => [r.sku_id, r]));
    await Promise.all(
      shards.map(async (shard) => {
        const { results: deliveries } = await db
          .prepare(
            `SELECT d.sku_id AS s, d.user_id AS u, d.at AS a FROM alert_deliveries d
             JOIN shopper_shards r ON r.owner_key = 'user:' || d.user_id
             WHERE d.kind = 'back_in_stock' AND r.shard_id = ? AND d.sku_id IN (SELECT value FROM json_each(?))`,
          )
          .bind(shard.id, JSON.stringify([...bySku.keys()]))
          .all<{ s: number; u: number; a: number }>();
        const at = shardDatabase(env, shard.binding);
        for (let i = 0; i < deliveries.length; i += DELIVERIES_PER_QUERY) {
          const { results: counted } = await at
            .prepare(
              `SELECT j.s AS sku_id, sum(EXISTS (SELECT 1 FROM orders o JOIN order_items oi ON oi.order_id = o.id
                   WHERE o.user_id = j.u AND oi.sku_id = j.s AND o.created_at >= j.a AND o.created_at <= j.a + ?2
                     AND o.status NOT IN ('cancelled', 'payment_failed'))) AS purchases
               FROM (SELECT json_extract(value, '$.s') AS s, json_extract(value, '$.u') AS u, json_extract(value, '$.a') AS a
                     FROM json_each(?1)) j GROUP BY j.s`,
            )
            .bind(JSON.stringify(deliveries.slice(i, i + DELIVERIES_PER_QUERY)), CONVERSION_WINDOW_MS)
            .all<{ sku_id: number; purchases: number }>();
          for (const c of counted) {
            const row = bySku.get(c.sku_id);
            if (row) row.purchases += c.purchases;
          }
        }
      }),
    );
  }
  return rows.map((r) => ({ ...r, conversion: r.sent ? r.purchases / r.sent : null }));
}
