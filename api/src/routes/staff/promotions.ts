// Coupons in the back office: list, create, edit, deactivate. A coupon of one country is
// that country's grant's; a coupon for both countries needs a grant for every country. Audited.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { couponValues, type CouponInput } from '#shared/api/people-schemas';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/lib/validate';
import { ApiError } from '#api/src/lib/errors';
import { requireStaff } from '#api/src/middleware/staff';
import { auditStatement, changedFields } from '#api/src/staff/audit';
import { assertPromotionCountry, gulfDayWindow, setActive } from './promotion-common';
import type { CouponRow } from '#api/src/db/rows';

/** The row's values from the form: dates are Gulf days, the end day included. */
function stored(input: CouponInput) {
  return {
    ...couponValues(input),
    ...gulfDayWindow(input),
  };
}

/** The stored values in the column order both the INSERT and the UPDATE name them. */
function couponColumns(values: ReturnType<typeof stored>) {
  return [
    values.code,
    values.kind,
    values.value,
    values.min_subtotal_fils,
    values.max_uses,
    values.per_person_limit === null ? 0 : 1,
    values.per_person_limit,
    values.starts_at,
    values.ends_at,
    values.country,
    values.currency,
  ] as const;
}

const isDuplicate = (error: unknown) => /UNIQUE constraint failed: coupons\.code/.test(String(error));

export const staffPromotionRoutes = new Hono<AppEnv>()
  .get('/coupons', contract('GET /staff/coupons'), async (c) => {
    const member = await requireStaff(c);
    const allowed = countriesFor(member.grants, 'promotions:read');
    const scope =
      allowed === null ? '' : `WHERE country IS NULL OR country IN (${allowed.map(() => '?').join(', ') || "''"})`;
    const { results } = await c.env.DB.prepare(
      `SELECT * FROM coupons ${scope} ORDER BY is_active DESC, id DESC LIMIT 500`,
    )
      .bind(...(allowed ?? []))
      .all<CouponRow>();
    return c.json(ok({ coupons: results }));
  })
  .get('/coupons/:id', contract('GET /staff/coupons/:id'), async (c) => {
    const member = await requireStaff(c);
    const row = await c.env.DB.prepare('SELECT * FROM coupons WHERE id = ?')
      .bind(c.req.valid('param').id)
      .first<CouponRow>();
    if (!row) throw new ApiError(404, 'not_found');
    const allowed = countriesFor(member.grants, 'promotions:read');
    if (allowed !== null && row.country !== null && !allowed.includes(row.country))
      throw new ApiError(404, 'not_found');
    return c.json(ok({ coupon: row }));
  })
  .post('/coupons', contract('POST /staff/coupons'), async (c) => {
    const member = await requireStaff(c);
    const values = stored(c.req.valid('json'));
    assertPromotionCountry(member, 'promotions:write', values.country);
    const db = c.env.DB;
    const now = Date.now();
    try {
      const [inserted] = await db.batch([
        db
          .prepare(
            `INSERT INTO coupons (code, kind, value, min_subtotal_fils, max_uses, once_per_shopper, per_person_limit, starts_at, ends_at, country, currency, is_active, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?) RETURNING id`,
          )
          .bind(...couponColumns(values), now),
        auditStatement(db, member, {
          action: 'coupon.create',
          resource: 'coupon',
          resourceId: values.code,
          country: values.country,
          after: values,
        }),
      ]);
      const id = (inserted!.results[0] as { id: number }).id;
      return c.json(ok({ id }));
    } catch (error) {
      if (isDuplicate(error)) throw new ApiError(409, 'coupon_code_taken');
      throw error;
    }
  })
  .post('/coupons/:id', contract('POST /staff/coupons/:id'), async (c) => {
    const member = await requireStaff(c);
    const id = c.req.valid('param').id;
    const db = c.env.DB;
    const row = await db.prepare('SELECT * FROM coupons WHERE id = ?').bind(id).first<CouponRow>();
    if (!row) throw new ApiError(404, 'not_found');
    assertPromotionCountry(member, 'promotions:write', row.country);
    const values = stored(c.req.valid('json'));
    assertPromotionCountry(member, 'promotions:write', values.country);
    if (values.max_uses !== null && values.max_uses < row.used) throw new ApiError(409, 'coupon_max_below_used');
    const change = changedFields(row as unknown as Record<string, unknown>, values);
    try {
      await db.batch([
        db
          .prepare(
            `UPDATE coupons SET code = ?, kind = ?, value = ?, min_subtotal_fils = ?, max_uses = ?, once_per_shopper = ?,
               per_person_limit = ?, starts_at = ?, ends_at = ?, country = ?, currency = ?, updated_at = ? WHERE id = ?`,
          )
          .bind(...couponColumns(values), Date.now(), id),
        auditStatement(db, member, {
          action: 'coupon.update',
          resource: 'coupon',
          resourceId: id,
          country: values.country ?? row.country,
          ...change,
        }),
      ]);
    } catch (error) {
      if (isDuplicate(error)) throw new ApiError(409, 'coupon_code_taken');
      throw error;
    }
    return c.json(ok({ id }));
  })
  .post('/coupons/:id/active', contract('POST /staff/coupons/:id/active'), async (c) => {
    const member = await requireStaff(c);
    const id = c.req.valid('param').id;
    const { active } = c.req.valid('json');
    const db = c.env.DB;
    const row = await db.prepare('SELECT * FROM coupons WHERE id = ?').bind(id).first<CouponRow>();
    if (!row) throw new ApiError(404, 'not_found');
    assertPromotionCountry(member, 'promotions:write', row.country);
    const next = await setActive(db, member, { table: 'coupons', resource: 'coupon', row, active });
    return c.json(ok({ id, is_active: next }));
  });
