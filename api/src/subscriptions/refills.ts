// Refill reminders without a subscription (decision 45): a product bought once whose pack size and daily
// dose are known should run out supplyDays after delivery; a few days before, one mail (and a push) with
// a link to reorder in one tap. Not when the shopper bought the product again since, or subscribes to
// it. One reminder per order line (refill_reminders, written in the batch that queues the mail).
import type { Lang } from '#shared/locale';
import { queueMail } from '../mail/outbox';
import { refillReminderMail } from '../mail/subscription-texts';

const DAY = 86_400_000;
/** The reminder goes this many days before the supply should run out. */
export const REFILL_NOTICE_DAYS = 5;
/** Lines delivered longer ago than this are past reminding (the longest supply is 180 days). */
const WINDOW_DAYS = 200;

export interface Refilled {
  userId: number;
  lang: Lang;
  orderId: number;
  productName: string;
}

export async function sendRefillReminders(
  db: D1Database,
  siteOrigin: string,
  now = Date.now(),
  limit = 50,
): Promise<Refilled[]> {
  const { results } = await db
    .prepare(
      `SELECT o.id AS order_id, o.user_id, o.lang, o.delivered_at, i.sku_id, i.name, u.email,
         (s.pack_units * i.count) / s.daily_units AS days
       FROM orders o
       JOIN order_items i ON i.order_id = o.id
       JOIN skus s ON s.id = i.sku_id AND s.pack_units IS NOT NULL AND s.daily_units IS NOT NULL
       JOIN users u ON u.id = o.user_id AND u.deleted_at IS NULL
       WHERE o.status = 'delivered' AND o.delivered_at > ?1 - ${WINDOW_DAYS} * ${DAY}
         AND o.delivered_at + ((s.pack_units * i.count) / s.daily_units - ${REFILL_NOTICE_DAYS}) * ${DAY} <= ?1
         AND NOT EXISTS (SELECT 1 FROM refill_reminders r WHERE r.order_id = o.id AND r.sku_id = i.sku_id)
         AND NOT EXISTS (SELECT 1 FROM orders o2 JOIN order_items i2 ON i2.order_id = o2.id
               WHERE o2.user_id = o.user_id AND i2.product_id = i.product_id AND o2.created_at > o.created_at
                 AND o2.status NOT IN ('cancelled', 'payment_failed'))
         AND NOT EXISTS (SELECT 1 FROM subscriptions sb WHERE sb.user_id = o.user_id AND sb.product_id = i.product_id
               AND sb.status IN ('active', 'paused'))
       ORDER BY o.delivered_at LIMIT ?2`,
    )
    .bind(now, limit)
    .all<{
      order_id: number;
      user_id: number;
      lang: Lang;
      delivered_at: number;
      sku_id: number;
      name: string;
      email: string | null;
      days: number;
    }>();
  const refilled: Refilled[] = [];
  for (const line of results) {
    const [marked] = await db.batch([
      db
        .prepare('INSERT INTO refill_reminders (order_id, sku_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
        .bind(line.order_id, line.sku_id, now),
      ...(line.email
        ? [
            queueMail(
              db,
              {
                to: line.email,
                lang: line.lang,
                kind: 'refill_reminder',
                dedupeKey: `order:${line.order_id}:refill:${line.sku_id}`,
                ...refillReminderMail(
                  line.lang,
                  { productName: line.name, orderId: line.order_id, days: Math.round((now - line.delivered_at) / DAY) },
                  siteOrigin,
                ),
              },
              now,
            ),
          ]
        : []),
    ]);
    if (marked!.meta.changes)
      refilled.push({ userId: line.user_id, lang: line.lang, orderId: line.order_id, productName: line.name });
  }
  return refilled;
}
