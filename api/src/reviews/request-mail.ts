// The mail that asks for a review: once an order, the shop's number of days after its delivery, in
// the order's language, naming the products of it the shopper has not reviewed yet. Run by the cron;
// an order is marked asked in the batch that queues its mail (the outbox's dedupe key makes a second
// run a no-op), so a cron that runs twice asks once.
import type { Lang } from '#shared/locale';
import { queueMail } from '../mail/outbox';
import { reviewRequestMail } from '../mail/review-texts';
import { readSettings, settingsStatement } from './write';

const DAY = 86_400_000;
/** An order more than this many days past its due date is not asked about any more (a cron that was off). */
const LATE_DAYS = 30;
const BATCH = 50;

export async function queueReviewRequests(db: D1Database, siteOrigin: string, now = Date.now()): Promise<number> {
  const settings = readSettings((await settingsStatement(db).all()).results);
  const dueBefore = now - settings.requestDays * DAY;
  const { results: orders } = await db
    .prepare(
      `SELECT o.id, o.lang, o.status, o.delivered_at, u.email, u.id AS user_id, u.deleted_at,
         (SELECT json_group_array(json_array(p.slug, p.name_en, p.name_ar)) FROM (
            SELECT DISTINCT i.product_id FROM order_items i WHERE i.order_id = o.id
              AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.product_id = i.product_id AND r.user_id = o.user_id)) x
            JOIN products p ON p.id = x.product_id AND p.is_active = 1) AS products
       FROM orders o LEFT JOIN users u ON u.id = o.user_id
       WHERE o.review_request_at IS NULL AND o.delivered_at IS NOT NULL AND o.delivered_at <= ?1
       ORDER BY o.delivered_at LIMIT ?2`,
    )
    .bind(dueBefore, BATCH)
    .all<{
      id: number;
      lang: string;
      status: string;
      email: string | null;
      user_id: number | null;
      deleted_at: number | null;
      products: string;
      delivered_at: number;
    }>();
  if (!orders.length) return 0;
  const statements: D1PreparedStatement[] = [];
  let queued = 0;
  for (const o of orders) {
    statements.push(
      db.prepare('UPDATE orders SET review_request_at = ? WHERE id = ? AND review_request_at IS NULL').bind(now, o.id),
    );
    const products = JSON.parse(o.products) as Array<[string, string, string]>;
    // Only a shopper with an account can review; a guest, a closed account, a refunded or cancelled
    // order, a late one, or an order whose every product she already reviewed is only marked.
    const lateBefore = dueBefore - LATE_DAYS * DAY;
    if (!o.user_id || !o.email || o.deleted_at || o.status !== 'delivered' || !products.length) continue;
    if (o.delivered_at < lateBefore) continue;
    const lang: Lang = o.lang === 'ar' ? 'ar' : 'en';
    statements.push(
      queueMail(
        db,
        {
          to: o.email,
          lang,
          kind: 'review_request',
          dedupeKey: `order:${o.id}:review_request`,
          ...reviewRequestMail(
            lang,
            { orderId: o.id, products: products.map(([slug, en, ar]) => ({ slug, name: lang === 'ar' ? ar : en })) },
            siteOrigin,
          ),
        },
        now,
      ),
    );
    queued++;
  }
  await db.batch(statements);
  return queued;
}
