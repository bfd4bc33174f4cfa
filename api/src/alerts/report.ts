// The back office's back-in-stock report: per SKU, the people still waiting for its product,
// the alerts sent, and the purchases they led to: orders by the alerted shopper, not cancelled or
// failed, containing that SKU, placed within 7 days after the alert.
import type { AlertReportRow } from '#shared/api/alert-schemas';
import { CONVERSION_WINDOW_MS, REQUEST_TTL_MS } from './index';

export type { AlertReportRow };

export const ALERT_REPORT_LIMIT = 200;

export async function backInStockReport(db: D1Database, now = Date.now()): Promise<AlertReportRow[]> {
  const { results } = await db
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
    .bind(CONVERSION_WINDOW_MS, now - REQUEST_TTL_MS, ALERT_REPORT_LIMIT)
    .all<Omit<AlertReportRow, 'conversion'>>();
  return results.map((r) => ({ ...r, conversion: r.sent ? r.purchases / r.sent : null }));
}
