// Data requests in the back office (decision 49): every export and erasure asked for, by the
// shopper or by staff on her behalf, with its status and dates; and an export prepared for a shopper
// who asked the shop (the archive goes to her, by mail and her account page: staff never receive it).
// Each view and each action writes its audit row.
//
// A shopper in another order shard (decision 61): her orders and wallet are there, so the country
// scope of a limited grant and the countries an export must reach read them from her shard (the
// shoppers routed elsewhere are found in the core's routing, their shards asked once each).
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { dataRequestListSchema, staffDataExportSchema } from '#shared/api/data-rights-schemas';
import { COUNTRY_FACTS } from '#shared/countries';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { ApiError } from '#api/src/lib/errors';
import { assertCan, requireStaff } from '#api/src/middleware/staff';
import { auditStatement } from '#api/src/staff/audit';
import { requestExport } from '#api/src/data-rights/exports';
import { orderShards, routeFrom, routeStatement, userOwner } from '#api/src/db/databases';
import { idParams } from '#shared/api/route-schemas';
import type { CountryCode } from '#shared/countries';

const LIST_LIMIT = 100;

const marks = (n: number, from: number) => Array.from({ length: n }, (_, i) => `?${i + from}`).join(', ');

export const staffDataRequestRoutes = new Hono<AppEnv>()
  .get(
    '/data-requests',
    contract({
      tag: 'staff',
      summary: 'The latest data requests (exports and erasures) with who asked, status and dates; audited',
      noDevice: true,
      staff: 'customers:export',
      response: dataRequestListSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const allowed = countriesFor(member.grants, 'customers:export');
      const db = c.env.DB;
      // A country-limited grant sees the requests of shoppers with a record in its countries, or none yet.
      // A shopper routed to another shard: her orders and wallet are not here (the scope is finished below).
      const routed = `(SELECT x.shard_id FROM shopper_shards x WHERE x.owner_key = 'user:' || r.user_id AND x.shard_id <> 0)`;
      const bloodIn = `EXISTS (SELECT 1 FROM blood_test_orders b WHERE b.user_id = r.user_id AND b.country IN (${marks(allowed?.length ?? 0, 1)}))`;
      const scope =
        allowed === null
          ? ''
          : `AND (EXISTS (SELECT 1 FROM orders o WHERE o.user_id = r.user_id AND o.country IN (${marks(allowed.length, 1)}))
            OR ${bloodIn}
            OR EXISTS (SELECT 1 FROM wallet_accounts w WHERE w.user_id = r.user_id AND w.currency IN (${marks(allowed.length, 1 + allowed.length)}))
            OR EXISTS (SELECT 1 FROM addresses a WHERE a.user_id = r.user_id AND a.deleted_at IS NULL AND a.country IN (${marks(allowed.length, 1)}))
            OR NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = r.user_id UNION ALL SELECT 1 FROM blood_test_orders b WHERE b.user_id = r.user_id
              UNION ALL SELECT 1 FROM addresses a WHERE a.user_id = r.user_id AND a.deleted_at IS NULL
              UNION ALL SELECT 1 FROM wallet_accounts w WHERE w.user_id = r.user_id)
            OR ${routed} IS NOT NULL)`;
      const [list] = await db.batch([
        db
          .prepare(
            `SELECT r.id, r.user_id, r.kind, r.status, r.source, s.name AS staff_name, r.created_at, r.ready_at, r.expires_at, r.done_at,
             u.email, u.deleted_at${
               allowed === null
                 ? ''
                 : `, ${routed} AS _shard, ${bloodIn} AS _blood_in,
             EXISTS (SELECT 1 FROM blood_test_orders b WHERE b.user_id = r.user_id) AS _blood,
             EXISTS (SELECT 1 FROM addresses a WHERE a.user_id = r.user_id AND a.deleted_at IS NULL AND a.country IN (${marks(allowed.length, 1)})) AS _addr_in,
             EXISTS (SELECT 1 FROM addresses a WHERE a.user_id = r.user_id AND a.deleted_at IS NULL) AS _addr`
             }
           FROM data_requests r JOIN users u ON u.id = r.user_id LEFT JOIN staff s ON s.id = r.staff_id
           WHERE 1 = 1 ${scope} ORDER BY r.id DESC LIMIT ${LIST_LIMIT}`,
          )
          .bind(...(allowed ?? []), ...(allowed ?? []).map((x) => COUNTRY_FACTS[x].currency)),
        auditStatement(db, member, { action: 'data_requests.view', resource: 'data_requests' }),
      ]);
      let rows = list!.results as Array<Record<string, unknown>>;
      if (allowed !== null) {
        const inScope = await shardScope(c.env, rows, allowed);
        rows = rows
          .filter((r) => r._shard === null || inScope.has(Number(r.user_id)))
          .map(({ _shard, _blood_in, _blood, _addr_in, _addr, ...r }) => r);
      }
      const now = Date.now();
      return c.json(
        ok({
          requests: rows.map((r) => ({
            ...r,
            // An archive past its time reads expired before the cron has deleted it.
            status: r.status === 'ready' && Number(r.expires_at) <= now ? 'expired' : r.status,
          })),
        }),
      );
    },
  )
  .post(
    '/customers/:id/data-export',
    contract({
      params: idParams,
      badParams: 'not_found',
      noDevice: true,
      tag: 'staff',
      summary:
        'Prepare the shopper’s data archive on her request (decision 49): it is mailed to her and offered on her account page, never to staff; audited. 409 while one is open',
      staff: 'customers:export',
      response: staffDataExportSchema,
      messages: ['customer_already_erased', 'data_export_in_progress'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const db = c.env.DB;
      const [user, countries, route] = await db.batch([
        db.prepare('SELECT id, lang, deleted_at FROM users WHERE id = ?').bind(id),
        db
          .prepare(
            `SELECT country FROM orders WHERE user_id = ?1 UNION SELECT country FROM blood_test_orders WHERE user_id = ?1
           UNION SELECT country FROM addresses WHERE user_id = ?1 AND deleted_at IS NULL`,
          )
          .bind(id),
        routeStatement(c.env, userOwner(id)),
      ]);
      const customer = user!.results[0] as { id: number; lang: string; deleted_at: number | null } | undefined;
      if (!customer) throw new ApiError(404, 'not_found');
      // Her orders in another shard (decision 61): their countries from there.
      const shard = routeFrom(c.env, route!.results[0] as Parameters<typeof routeFrom>[1]);
      const elsewhere =
        shard.binding === 'DB'
          ? []
          : (await shard.db.prepare('SELECT DISTINCT country FROM orders WHERE user_id = ?').bind(id).all()).results;
      // Everything the shop holds about her: every country's records, so the grant must reach them all.
      for (const { country } of [...countries!.results, ...elsewhere] as { country: CountryCode }[])
        assertCan(member, 'customers:export', country);
      if (customer.deleted_at !== null) throw new ApiError(409, 'customer_already_erased');
      const now = Date.now();
      const row = await requestExport(
        db,
        id,
        { source: 'staff', staffId: member.id, lang: customer.lang === 'ar' ? 'ar' : 'en' },
        now,
        [
          auditStatement(db, member, {
            action: 'customer.data_export',
            resource: 'customer',
            resourceId: id,
            after: { requested: true },
          }),
        ],
      );
      return c.json(ok({ request: { id: row.id, status: row.status, created_at: row.created_at } }));
    },
  );

/**
 * The listed shoppers routed to another shard (`_shard`) that a country-limited grant may see, as the
 * core's scope sees shard-0 shoppers: an order or a wallet in an allowed country (read from her shard,
 * each shard asked once), a blood test or an address there (`_blood_in`, `_addr_in`, the core's), or no
 * record yet at all (none of those anywhere).
 */
async function shardScope(
  env: Parameters<typeof orderShards>[0],
  rows: readonly Record<string, unknown>[],
  allowed: readonly CountryCode[],
): Promise<Set<number>> {
  const routed = rows.filter((r) => r._shard !== null && r._shard !== undefined);
  const seen = new Set<number>();
  if (!routed.length) return seen;
  const currencies = allowed.map((x) => COUNTRY_FACTS[x].currency as string);
  const shards = await orderShards(env);
  for (const shard of shards) {
    const users = [...new Set(routed.filter((r) => r._shard === shard.id).map((r) => Number(r.user_id)))];
    if (!users.length) continue;
    const ids = JSON.stringify(users);
    const [orders, wallets] = await shard.db.batch([
      shard.db
        .prepare('SELECT DISTINCT user_id, country FROM orders WHERE user_id IN (SELECT value FROM json_each(?))')
        .bind(ids),
      shard.db
        .prepare(
          'SELECT DISTINCT user_id, currency FROM wallet_accounts WHERE user_id IN (SELECT value FROM json_each(?))',
        )
        .bind(ids),
    ]);
    const orderRows = orders!.results as { user_id: number; country: CountryCode }[];
    const walletRows = wallets!.results as { user_id: number; currency: string }[];
    for (const r of routed.filter((x) => x._shard === shard.id)) {
      const userId = Number(r.user_id);
      const hers = orderRows.filter((o) => o.user_id === userId);
      if (
        hers.some((o) => allowed.includes(o.country)) ||
        walletRows.some((w) => w.user_id === userId && currencies.includes(w.currency)) ||
        Number(r._blood_in) === 1 ||
        Number(r._addr_in) === 1 ||
        (hers.length === 0 &&
          !walletRows.some((w) => w.user_id === userId) &&
          Number(r._blood) === 0 &&
          Number(r._addr) === 0)
      )
        seen.add(userId);
    }
  }
  return seen;
}
