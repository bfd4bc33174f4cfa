// Data requests in the back office (decision 49): every export and erasure asked for, by the
// shopper or by staff on her behalf, with its status and dates; and an export prepared for a shopper
// who asked the shop (the archive goes to her, by mail and her account page: staff never receive it).
// Each view and each action writes its audit row.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { COUNTRY_FACTS } from '#shared/locale';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/lib/validate';
import { ApiError } from '#api/src/lib/errors';
import { assertCan, requireStaff } from '#api/src/middleware/staff';
import { auditStatement } from '#api/src/staff/audit';
import { requestExport } from '#api/src/data-rights/exports';

const LIST_LIMIT = 100;

const marks = (n: number, from: number) => Array.from({ length: n }, (_, i) => `?${i + from}`).join(', ');

export const staffDataRequestRoutes = new Hono<AppEnv>()
  .get('/data-requests', contract('GET /staff/data-requests'), async (c) => {
    const member = await requireStaff(c);
    const allowed = countriesFor(member.grants, 'customers:export');
    const db = c.env.DB;
    // A country-limited grant sees the requests of shoppers with a record in its countries, or none yet.
    const scope =
      allowed === null
        ? ''
        : `AND (EXISTS (SELECT 1 FROM orders o WHERE o.user_id = r.user_id AND o.country IN (${marks(allowed.length, 1)}))
            OR EXISTS (SELECT 1 FROM blood_test_orders b WHERE b.user_id = r.user_id AND b.country IN (${marks(allowed.length, 1)}))
            OR EXISTS (SELECT 1 FROM wallet_accounts w WHERE w.user_id = r.user_id AND w.currency IN (${marks(allowed.length, 1 + allowed.length)}))
            OR NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = r.user_id UNION ALL SELECT 1 FROM blood_test_orders b WHERE b.user_id = r.user_id))`;
    const [list] = await db.batch([
      db
        .prepare(
          `SELECT r.id, r.user_id, r.kind, r.status, r.source, s.name AS staff_name, r.created_at, r.ready_at, r.expires_at, r.done_at,
             u.email, u.deleted_at
           FROM data_requests r JOIN users u ON u.id = r.user_id LEFT JOIN staff s ON s.id = r.staff_id
           WHERE 1 = 1 ${scope} ORDER BY r.id DESC LIMIT ${LIST_LIMIT}`,
        )
        .bind(...(allowed ?? []), ...(allowed ?? []).map((x) => COUNTRY_FACTS[x].currency)),
      auditStatement(db, member, { action: 'data_requests.view', resource: 'data_requests' }),
    ]);
    const now = Date.now();
    return c.json(
      ok({
        requests: (list!.results as Array<Record<string, unknown>>).map((r) => ({
          ...r,
          // An archive past its time reads expired before the cron has deleted it.
          status: r.status === 'ready' && Number(r.expires_at) <= now ? 'expired' : r.status,
        })),
      }),
    );
  })
  .post('/customers/:id/data-export', contract('POST /staff/customers/:id/data-export'), async (c) => {
    const member = await requireStaff(c);
    const { id } = c.req.valid('param');
    const db = c.env.DB;
    const [user, countries] = await db.batch([
      db.prepare('SELECT id, lang, deleted_at FROM users WHERE id = ?').bind(id),
      db
        .prepare(
          `SELECT country FROM orders WHERE user_id = ?1 UNION SELECT country FROM blood_test_orders WHERE user_id = ?1
           UNION SELECT country FROM addresses WHERE user_id = ?1 AND deleted_at IS NULL`,
        )
        .bind(id),
    ]);
    const customer = user!.results[0] as { id: number; lang: string; deleted_at: number | null } | undefined;
    if (!customer) throw new ApiError(404, 'not_found');
    // Everything the shop holds about her: every country's records, so the grant must reach them all.
    for (const { country } of countries!.results as { country: 'KW' | 'SA' }[])
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
  });
