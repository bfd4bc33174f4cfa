// The back office's order search over every order shard (decision 61): the core (shard 0) answers in
// the one batch it always did, which also reads which other shards exist and, for a search by number,
// the order's route (decision 62's index). With other shards, each is asked in parallel for the first
// `offset + page` orders of the same filter, the answers merged newest first and the page cut from
// them; the account's e-mail, name and phone, which live in the core, are filled in after.
import type { CountryCode } from '#shared/locale';
import type { StaffOrderListQuery } from '#shared/api/staff-order-schemas';
import { type DatabaseEnv, orderRouteStatement, routeFrom, shardDatabase } from '#api/src/db/databases';
import type { OrderRow } from '#api/src/db/rows';
import { ORDERS_PAGE, stageOf } from './common';
import { listWhere, searchById } from './detail';

type Listed = Pick<
  OrderRow,
  | 'id'
  | 'country'
  | 'currency'
  | 'status'
  | 'payment_method'
  | 'total'
  | 'created_at'
  | 'packed_at'
  | 'out_for_delivery_at'
> & {
  email: string | null;
  name: string | null;
  phone: string | null;
  gift: number;
  gift_date: string | null;
  late: number;
};

const CORE_SELECT = `SELECT o.id, o.country, o.currency, o.lang, o.status, o.payment_method, o.total, o.created_at, o.packed_at, o.out_for_delivery_at,
     o.promise_missed_at IS NOT NULL AND o.delivered_at IS NULL AND o.cancelled_at IS NULL AS late,
     coalesce(u.email, o.guest_email) AS email, coalesce(json_extract(o.address, '$.recipient'), u.name) AS name,
     coalesce(json_extract(o.address, '$.phone'), o.guest_phone, u.phone) AS phone,
     g.order_id IS NOT NULL AS gift, g.delivery_date AS gift_date
   FROM orders o LEFT JOIN users u ON u.id = o.user_id LEFT JOIN order_gifts g ON g.order_id = o.id`;

/** A shard has no users table: the account's parts are joined from the core after. */
const SHARD_SELECT = `SELECT o.id, o.country, o.currency, o.lang, o.status, o.payment_method, o.total, o.created_at, o.packed_at, o.out_for_delivery_at,
     o.promise_missed_at IS NOT NULL AND o.delivered_at IS NULL AND o.cancelled_at IS NULL AS late,
     o.user_id, o.guest_email, json_extract(o.address, '$.recipient') AS recipient,
     coalesce(json_extract(o.address, '$.phone'), o.guest_phone) AS own_phone,
     g.order_id IS NOT NULL AS gift, g.delivery_date AS gift_date
   FROM orders o LEFT JOIN order_gifts g ON g.order_id = o.id`;

type ShardListed = Omit<Listed, 'email' | 'name' | 'phone'> & {
  user_id: number | null;
  guest_email: string | null;
  recipient: string | null;
  own_phone: string | null;
};

const ORDER = 'ORDER BY o.created_at DESC, o.id DESC';
/** A text search matches at most this many accounts in a shard other than the core (their ids are bound). */
const SHARD_USER_MATCHES = 1000;

const newestFirst = (a: Listed, b: Listed) => b.created_at - a.created_at || b.id - a.id;

export async function searchOrders(
  env: DatabaseEnv,
  q: StaffOrderListQuery,
  allowed: CountryCode[],
  page: number,
): Promise<{ orders: unknown[]; has_more: boolean }> {
  const core = env.DB;
  const now = Date.now();
  const { sql, values } = listWhere(q, allowed, now);
  const offset = (page - 1) * ORDERS_PAGE;
  // A number: the order of that number too, at any age (the text search reads the last SEARCH_DAYS).
  const byId = page === 1 ? searchById(q, allowed) : null;
  const id = byId ? (byId.values[0] as number) : null;
  const [listed, shardsRes, named, routeRes] = await core.batch([
    core.prepare(`${CORE_SELECT} WHERE ${sql} ${ORDER} LIMIT ? OFFSET ?`).bind(...values, ORDERS_PAGE + 1, offset),
    core.prepare("SELECT id, binding FROM order_shards WHERE state <> 'retired' AND binding <> 'DB' ORDER BY id"),
    ...(byId && id !== null
      ? [core.prepare(`${CORE_SELECT} WHERE ${byId.sql}`).bind(...byId.values), orderRouteStatement(env, id)]
      : []),
  ]);
  const others = shardsRes!.results as Array<{ id: number; binding: string }>;
  let rows = listed!.results as Listed[];
  let first = (named?.results ?? []) as Listed[];
  if (others.length) {
    const dbs = others.map((s) => shardDatabase(env, s.binding));
    const text = q.q?.trim();
    const users = text ? await matchingUsers(core, text) : [];
    const shardWhere = listWhere(q, allowed, now, users);
    const [coreRows, ...shardRows] = await Promise.all([
      offset === 0
        ? Promise.resolve(rows)
        : core
            .prepare(`${CORE_SELECT} WHERE ${sql} ${ORDER} LIMIT ?`)
            .bind(...values, offset + ORDERS_PAGE + 1)
            .all<Listed>()
            .then((r) => r.results),
      ...dbs.map((db) =>
        db
          .prepare(`${SHARD_SELECT} WHERE ${shardWhere.sql} ${ORDER} LIMIT ?`)
          .bind(...shardWhere.values, offset + ORDERS_PAGE + 1)
          .all<ShardListed>()
          .then((r) => r.results),
      ),
    ]);
    // The order a number names, in the shard the index says holds it.
    const route = routeRes ? routeFrom(env, routeRes.results[0] as Parameters<typeof routeFrom>[1]) : null;
    const namedInShard =
      route && route.binding !== 'DB' && byId
        ? (
            await route.db
              .prepare(`${SHARD_SELECT} WHERE ${byId.sql}`)
              .bind(...byId.values)
              .all<ShardListed>()
          ).results
        : [];
    const fromShards = await withAccounts(core, [...shardRows.flat(), ...namedInShard]);
    const inShards = fromShards.slice(0, fromShards.length - namedInShard.length);
    if (namedInShard.length) first = fromShards.slice(fromShards.length - namedInShard.length);
    rows = [...coreRows, ...inShards].sort(newestFirst).slice(offset, offset + ORDERS_PAGE + 1);
  }
  const results = [...first, ...rows.filter((o) => !first.some((f) => f.id === o.id))];
  const orders = results.slice(0, ORDERS_PAGE).map(({ packed_at, out_for_delivery_at, gift, late, ...o }) => ({
    ...o,
    gift: gift === 1,
    late: late === 1,
    stage: stageOf({ status: o.status, packed_at, out_for_delivery_at }),
  }));
  return { orders, has_more: results.length > ORDERS_PAGE };
}

/** The accounts a text search matches by e-mail, name or phone (the core's users), for the shards. */
async function matchingUsers(core: D1Database, text: string): Promise<number[]> {
  const like = `%${text.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
  const digits = text.replace(/[^\d]/g, '');
  const phone = /^\+?[\d\s-]+$/.test(text) && digits.length >= 5;
  const { results } = await core
    .prepare(
      `SELECT id FROM users WHERE email LIKE ?1 ESCAPE '\\' OR name LIKE ?1 ESCAPE '\\'
         ${phone ? "OR replace(coalesce(phone, ''), '+', '') LIKE ?2" : ''} LIMIT ?3`,
    )
    .bind(like, `%${digits}%`, SHARD_USER_MATCHES)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** A shard's rows with the account's e-mail, name and phone as the core's join gives them. */
async function withAccounts(core: D1Database, rows: ShardListed[]): Promise<Listed[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])))];
  const users = ids.length
    ? (
        await core
          .prepare('SELECT id, email, name, phone FROM users WHERE id IN (SELECT value FROM json_each(?))')
          .bind(JSON.stringify(ids))
          .all<{ id: number; email: string | null; name: string | null; phone: string | null }>()
      ).results
    : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  return rows.map(({ user_id, guest_email, recipient, own_phone, ...r }) => {
    const u = user_id === null ? undefined : byId.get(user_id);
    return {
      ...r,
      email: u?.email ?? guest_email,
      name: recipient ?? u?.name ?? null,
      phone: own_phone ?? u?.phone ?? null,
    };
  });
}
