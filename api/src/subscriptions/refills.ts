// Refill reminders without a subscription (decision 45): a product bought once whose pack size and daily
// dose are known should run out supplyDays after delivery; a few days before, one mail (and a push) with
// a link to reorder in one tap. Not when the shopper bought the product again since, or subscribes to
// it. One reminder per order line (refill_reminders, written in the batch that queues the mail).
import type { Lang } from '#shared/locale';
import { queueMail } from '../mail/outbox';
import { refillReminderMail } from '../mail/subscription-texts';
import { core, type DatabaseEnv, orderShards } from '../db/databases';

const DAY = 86_400_000;
/** The reminder goes this many days before the supply should run out. */
const REFILL_NOTICE_DAYS = 5;
/** Lines delivered longer ago than this are past reminding (the longest supply is 180 days). */
const WINDOW_DAYS = 200;

export interface Refilled {
  userId: number;
  lang: Lang;
  orderId: number;
  productName: string;
}

interface DueLine {
  order_id: number;
  user_id: number;
  lang: Lang;
  delivered_at: number;
  sku_id: number;
  name: string;
  email: string | null;
  days: number;
}

/**
 * Every order shard's due lines (decision 61), `limit` of each a run. Shard 0 is the core, read in one
 * statement as always. Another shard is given the SKUs' pack facts and the reminders already sent (the
 * core's), reads its due lines, and the core keeps those of live accounts not subscribed to the product.
 */
export async function sendRefillReminders(
  env: DatabaseEnv,
  siteOrigin: string,
  now = Date.now(),
  limit = 50,
): Promise<Refilled[]> {
  const db = core(env);
  const refilled: Refilled[] = [];
  for (const shard of await orderShards(env)) {
    const lines = shard.binding === 'DB' ? await dueInCore(db, now, limit) : await dueInShard(db, shard.db, now, limit);
    for (const line of lines) {
      const [marked] = await db.batch([
        db
          .prepare(
            'INSERT INTO refill_reminders (order_id, sku_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
          )
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
                    {
                      productName: line.name,
                      orderId: line.order_id,
                      days: Math.round((now - line.delivered_at) / DAY),
                    },
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
  }
  return refilled;
}

async function dueInCore(db: D1Database, now: number, limit: number): Promise<DueLine[]> {
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
    .all<DueLine>();
  return results;
}

/** How many pages of an order shard's candidates one run looks through for lines to remind. */
const SHARD_PAGES = 5;

async function dueInShard(db: D1Database, shard: D1Database, now: number, limit: number): Promise<DueLine[]> {
  const [facts, sent] = await db.batch([
    db.prepare(
      'SELECT json_group_array(json_array(id, pack_units, daily_units)) AS j FROM skus WHERE pack_units IS NOT NULL AND daily_units IS NOT NULL',
    ),
    // Reminders go after delivery: those of lines still in the window were sent within it.
    db
      .prepare('SELECT json_group_array(json_array(order_id, sku_id)) AS j FROM refill_reminders WHERE created_at > ?')
      .bind(now - WINDOW_DAYS * DAY),
  ]);
  const factsJson = (facts!.results[0] as { j: string }).j;
  const sentJson = (sent!.results[0] as { j: string }).j;
  const due: DueLine[] = [];
  for (let page = 0; page < SHARD_PAGES && due.length < limit; page++) {
    const { results: lines } = await shard
      .prepare(
        `WITH facts (sku_id, pack_units, daily_units) AS (
           SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?3)),
         sent (order_id, sku_id) AS (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?4))
         SELECT o.id AS order_id, o.user_id, o.lang, o.delivered_at, i.sku_id, i.product_id, i.name,
           (s.pack_units * i.count) / s.daily_units AS days
         FROM orders o
         JOIN order_items i ON i.order_id = o.id
         JOIN facts s ON s.sku_id = i.sku_id
         WHERE o.user_id IS NOT NULL AND o.status = 'delivered' AND o.delivered_at > ?1 - ${WINDOW_DAYS} * ${DAY}
           AND o.delivered_at + ((s.pack_units * i.count) / s.daily_units - ${REFILL_NOTICE_DAYS}) * ${DAY} <= ?1
           AND NOT EXISTS (SELECT 1 FROM sent r WHERE r.order_id = o.id AND r.sku_id = i.sku_id)
           AND NOT EXISTS (SELECT 1 FROM orders o2 JOIN order_items i2 ON i2.order_id = o2.id
                 WHERE o2.user_id = o.user_id AND i2.product_id = i.product_id AND o2.created_at > o.created_at
                   AND o2.status NOT IN ('cancelled', 'payment_failed'))
         ORDER BY o.delivered_at, o.id, i.sku_id LIMIT ?2 OFFSET ?5`,
      )
      .bind(now, limit, factsJson, sentJson, page * limit)
      .all<Omit<DueLine, 'email'> & { product_id: number }>();
    if (!lines.length) break;
    // The core keeps the lines of live accounts that do not subscribe to the product.
    const { results: kept } = await db
      .prepare(
        `SELECT x.i, u.email FROM (SELECT key AS i, json_extract(value, '$[0]') AS user_id, json_extract(value, '$[1]') AS product_id
           FROM json_each(?)) x
         JOIN users u ON u.id = x.user_id AND u.deleted_at IS NULL
         WHERE NOT EXISTS (SELECT 1 FROM subscriptions sb WHERE sb.user_id = x.user_id AND sb.product_id = x.product_id
           AND sb.status IN ('active', 'paused'))`,
      )
      .bind(JSON.stringify(lines.map((l) => [l.user_id, l.product_id])))
      .all<{ i: number; email: string | null }>();
    for (const k of kept) {
      const { product_id: _p, ...line } = lines[k.i]!;
      if (due.length < limit) due.push({ ...line, email: k.email });
    }
    if (lines.length < limit) break;
  }
  return due;
}
