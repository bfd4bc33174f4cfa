// The audit log for the owner: newest first, 50 a page, by resource, record or staff member. An owner
// whose grant is one country's reads that country's rows and the shop's own (no country: sign-ins,
// shop-wide settings, the catalogue), not another country's, whose rows carry its wallets, refunds and
// results. A row about a shopper that names no country (her export, erasure and its reason, her health
// data viewed, her data request, her reviews' decisions) is any country's shopper's: it stays with the
// owners of every country.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { WRITTEN_KINDS } from '#shared/reviews/staff-responses';
import { requireStaff } from '#api/src/middleware/staff';
import { countriesFor } from '#shared/staff/permissions';
import type { AuditLogRow } from '#api/src/db/rows';
import { auditQuerySchema } from '#shared/api/staff-schemas';
import { type AuditPageResponse, auditPageSchema } from '#shared/api/staff-audit-responses';

const AUDIT_PAGE = 50;

/** The resources whose rows are about one shopper (reviews/moderation.ts writes each kind as its own). */
const SHOPPERS_RESOURCES: readonly string[] = ['customer', 'data_requests', ...WRITTEN_KINDS];

export const staffAuditRoutes = new Hono<AppEnv>().get(
  '/audit',
  contract({
    tag: 'staff',
    summary: 'The audit log, newest first (50 a page; `before` an id to page on)',
    query: auditQuerySchema,
    noDevice: true,
    staff: 'audit:read',
    response: auditPageSchema,
    messages: [],
  }),
  async (c) => {
    const q = c.req.valid('query');
    const where: string[] = [];
    const values: (string | number)[] = [];
    const countries = countriesFor((await requireStaff(c)).grants, 'audit:read');
    if (countries !== null) {
      where.push(
        `(a.country IN (${countries.map(() => '?').join(', ') || 'NULL'})
          OR (a.country IS NULL AND a.resource NOT IN (SELECT value FROM json_each(?))))`,
      );
      values.push(...countries, JSON.stringify(SHOPPERS_RESOURCES));
    }
    if (q.resource) where.push('a.resource = ?') && values.push(q.resource);
    if (q.resource_id) where.push('a.resource_id = ?') && values.push(q.resource_id);
    if (q.staff_id) where.push('a.staff_id = ?') && values.push(q.staff_id);
    if (q.before) where.push('a.id < ?') && values.push(q.before);
    const { results } = await c.env.DB.prepare(
      `SELECT a.*, s.name AS staff_name, s.email AS staff_email FROM audit_log a LEFT JOIN staff s ON s.id = a.staff_id
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY a.id DESC LIMIT ?`,
    )
      .bind(...values, AUDIT_PAGE + 1)
      .all<AuditLogRow & { staff_name: string | null; staff_email: string | null }>();
    const entries = results.slice(0, AUDIT_PAGE);
    return c.json(
      ok<AuditPageResponse>({ entries, next_before: results.length > AUDIT_PAGE ? entries.at(-1)!.id : null }),
    );
  },
);
