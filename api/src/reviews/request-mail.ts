// The mail that asks for a review: once an order, the shop's number of days after its delivery, in
// the order's language, naming the products of it the shopper has not reviewed yet. Run by the cron;
// an order is marked asked in the batch that queues its mail (the outbox's dedupe key makes a second
// run a no-op), so a cron that runs twice asks once.
import type { Lang } from '#shared/locale';
import { queueMail } from '../mail/outbox';
import { reviewRequestMail } from '../mail/review-texts';
import { readSettings, settingsStatement } from './write';
import { core, type DatabaseEnv, orderShards } from '../db/databases';

const DAY = 86_400_000;
/** An order more than this many days past its due date is not asked about any more (a cron that was off). */
const LATE_DAYS = 30;
const BATCH = 50;

interface DueOrder {
  id: number;
  lang: string;
  status: string;
  email: string | null;
  user_id: number | null;
  deleted_at: number | null;
  products: string;
  delivered_at: number;
}

/**
 * Every order shard's due orders (decision 61), BATCH of each a run. Shard 0 is the core, read in one
 * statement as always; another shard's orders are read there and their shoppers and products in the
 * core. The mails are queued in the core before the orders are marked in their shard: a run that dies
 * between queues nothing twice (the outbox's dedupe key) and asks again next time.
 */
export async function queueReviewRequests(env: DatabaseEnv, siteOrigin: string, now = Date.now()): Promise<number> {
  const db = core(env);
  const settings = readSettings((await settingsStatement(db).all()).results);
  const dueBefore = now - settings.requestDays * DAY;
  let queued = 0;
  for (const shard of await orderShards(env)) {
    const orders = shard.binding === 'DB' ? await dueInCore(db, dueBefore) : await dueInShard(db, shard.db, dueBefore);
    if (!orders.length) continue;
    const { marks, mails } = requests(shard.db, db, orders, dueBefore, now, siteOrigin);
    if (shard.binding === 'DB') await db.batch([...marks, ...mails]);
    else {
      if (mails.length) await db.batch(mails);
      await shard.db.batch(marks);
    }
    queued += mails.length;
  }
  return queued;
}

async function dueInCore(db: D1Database, dueBefore: number): Promise<DueOrder[]> {
  const { results } = await db
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
    .all<DueOrder>();
  return results;
}

/** An order shard's due orders, their shoppers and not yet reviewed products read in the core. */
async function dueInShard(db: D1Database, shard: D1Database, dueBefore: number): Promise<DueOrder[]> {
  const { results } = await shard
    .prepare(
      `SELECT o.id, o.lang, o.status, o.delivered_at, o.user_id,
         (SELECT json_group_array(DISTINCT i.product_id) FROM order_items i WHERE i.order_id = o.id) AS product_ids
       FROM orders o
       WHERE o.review_request_at IS NULL AND o.delivered_at IS NOT NULL AND o.delivered_at <= ?1
       ORDER BY o.delivered_at LIMIT ?2`,
    )
    .bind(dueBefore, BATCH)
    .all<Omit<DueOrder, 'email' | 'deleted_at' | 'products'> & { product_ids: string }>();
  if (!results.length) return [];
  const { results: people } = await db
    .prepare(
      `SELECT x.id, u.email, u.id AS user_id, u.deleted_at,
         (SELECT json_group_array(json_array(p.slug, p.name_en, p.name_ar)) FROM products p
           WHERE p.id IN (SELECT value FROM json_each(x.products)) AND p.is_active = 1
             AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.product_id = p.id AND r.user_id = x.user_id)) AS products
       FROM (SELECT json_extract(value, '$[0]') AS id, json_extract(value, '$[1]') AS user_id, json_extract(value, '$[2]') AS products
         FROM json_each(?)) x LEFT JOIN users u ON u.id = x.user_id`,
    )
    .bind(JSON.stringify(results.map((o) => [o.id, o.user_id, o.product_ids])))
    .all<{ id: number; email: string | null; user_id: number | null; deleted_at: number | null; products: string }>();
  const byId = new Map(people.map((p) => [p.id, p]));
  return results.map(({ product_ids: _ids, ...o }) => {
    const p = byId.get(o.id);
    return {
      ...o,
      email: p?.email ?? null,
      user_id: p?.user_id ?? null,
      deleted_at: p?.deleted_at ?? null,
      products: p?.products ?? '[]',
    };
  });
}

/** The marks (in the orders' database) and the mails (in the core) for due orders. */
function requests(
  odb: D1Database,
  db: D1Database,
  orders: DueOrder[],
  dueBefore: number,
  now: number,
  siteOrigin: string,
): { marks: D1PreparedStatement[]; mails: D1PreparedStatement[] } {
  const marks: D1PreparedStatement[] = [];
  const mails: D1PreparedStatement[] = [];
  for (const o of orders) {
    marks.push(
      odb.prepare('UPDATE orders SET review_request_at = ? WHERE id = ? AND review_request_at IS NULL').bind(now, o.id),
    );
    const products = JSON.parse(o.products) as Array<[string, string, string]>;
    // Only a shopper with an account can review; a guest, a closed account, a refunded or cancelled
    // order, a late one, or an order whose every product she already reviewed is only marked.
    const lateBefore = dueBefore - LATE_DAYS * DAY;
    if (!o.user_id || !o.email || o.deleted_at || o.status !== 'delivered' || !products.length) continue;
    if (o.delivered_at < lateBefore) continue;
    const lang: Lang = o.lang === 'ar' ? 'ar' : 'en';
    mails.push(
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
  }
  return { marks, mails };
}
