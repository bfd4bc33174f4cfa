// Coupons in the back office: list, create, edit, deactivate. A coupon of one country is
// that country's grant's; a coupon for every country needs a grant for every country. Audited.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { couponValues, type CouponInput, couponInputSchema } from '#shared/api/people-schemas';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { ApiError } from '#api/src/lib/errors';
import { requireStaff } from '#api/src/middleware/staff';
import { auditStatement, changedFields } from '#api/src/staff/audit';
import { assertEditable, assertPromotionCountry, countryDayWindow, setActive } from './promotion-common';
import type { CouponRow } from '#api/src/db/rows';
import { idParams } from '#shared/api/route-schemas';
import { couponAnswerSchema, couponListSchema, offerActiveSchema, offerSavedSchema } from '#shared/api/promotion-view';
import { z } from '#shared/zod';

/** The row's values from the form: dates are days of the coupon's country, the end day included. */
function stored(input: CouponInput) {
  return {
    ...couponValues(input),
    ...countryDayWindow(input),
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

/**
 * A coupon of every country's amounts per country (decision 52), replaced: `id` of an edit, or the new
 * coupon found by its (unique) code in the same batch.
 */
function amountStatements(db: D1Database, id: number | null, values: ReturnType<typeof stored>) {
  const couponId = id === null ? '(SELECT id FROM coupons WHERE code = ?1)' : '?1';
  const key = id ?? values.code;
  return [
    db.prepare(`DELETE FROM coupon_amounts WHERE coupon_id = ${couponId}`).bind(key),
    ...Object.entries(values.amounts ?? {}).map(([country, a]) =>
      db
        .prepare(
          `INSERT INTO coupon_amounts (coupon_id, country, value, min_subtotal_minor) VALUES (${couponId}, ?2, ?3, ?4)`,
        )
        .bind(key, country, a.value, a.min),
    ),
  ];
}

/** A coupon with each country's amounts of a coupon of all countries (a JSON object keyed by country), for the form. */
const COUPON_SELECT = `SELECT c.*,
    (SELECT json_group_object(country, json_object('value', value, 'min_subtotal', min_subtotal_minor))
       FROM coupon_amounts WHERE coupon_id = c.id) AS amounts_json
  FROM coupons c`;

type CouponSelectRow = CouponRow & { amounts_json: string | null };

/** The row as the contract shows it: `amounts` parsed, null for a coupon of one country (no rows). */
function couponView({ amounts_json, ...row }: CouponSelectRow) {
  const amounts = amounts_json ? (JSON.parse(amounts_json) as Record<string, unknown>) : {};
  return { ...row, amounts: Object.keys(amounts).length ? amounts : null };
}

export const staffPromotionRoutes = new Hono<AppEnv>()
  .get(
    '/coupons',
    contract({
      tag: 'staff',
      summary: 'Coupons, active first (a country-limited grant sees its country’s and those for both)',
      noDevice: true,
      staff: 'promotions:read',
      response: couponListSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const allowed = countriesFor(member.grants, 'promotions:read');
      const scope =
        allowed === null ? '' : `WHERE country IS NULL OR country IN (${allowed.map(() => '?').join(', ') || "''"})`;
      const { results } = await c.env.DB.prepare(`${COUPON_SELECT} ${scope} ORDER BY is_active DESC, id DESC LIMIT 500`)
        .bind(...(allowed ?? []))
        .all<CouponSelectRow>();
      return c.json(ok({ coupons: results.map(couponView) }));
    },
  )
  .get(
    '/coupons/:id',
    contract({
      params: idParams,
      badParams: 'not_found',
      noDevice: true,
      tag: 'staff',
      summary: 'One coupon',
      staff: 'promotions:read',
      response: couponAnswerSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const row = await c.env.DB.prepare(`${COUPON_SELECT} WHERE c.id = ?`)
        .bind(c.req.valid('param').id)
        .first<CouponSelectRow>();
      if (!row) throw new ApiError(404, 'not_found');
      const allowed = countriesFor(member.grants, 'promotions:read');
      if (allowed !== null && row.country !== null && !allowed.includes(row.country))
        throw new ApiError(404, 'not_found');
      return c.json(ok({ coupon: couponView(row) }));
    },
  )
  .post(
    '/coupons',
    contract({
      tag: 'staff',
      summary: 'Create a coupon: percentage or fixed, minimum, per-person and total limits, dates, country',
      body: couponInputSchema,
      noDevice: true,
      staff: 'promotions:write',
      response: offerSavedSchema,
      messages: ['coupon_code_taken'],
    }),
    async (c) => {
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
          ...amountStatements(db, null, values),
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
    },
  )
  .post(
    '/coupons/:id',
    contract({
      params: idParams,
      badParams: 'not_found',
      noDevice: true,
      tag: 'staff',
      summary: 'Edit a coupon',
      body: couponInputSchema,
      staff: 'promotions:write',
      response: offerSavedSchema,
      messages: ['not_found', 'coupon_max_below_used', 'coupon_code_taken'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const id = c.req.valid('param').id;
      const db = c.env.DB;
      const row = await db.prepare('SELECT * FROM coupons WHERE id = ?').bind(id).first<CouponRow>();
      if (!row) throw new ApiError(404, 'not_found');
      const values = stored(c.req.valid('json'));
      assertEditable(member, row, values, 'coupon_max_below_used');
      // A coupon of every country's amounts per country, before and after, as the audit shows them.
      const { results: previous } = await db
        .prepare(
          'SELECT country, value, min_subtotal_minor AS min FROM coupon_amounts WHERE coupon_id = ? ORDER BY country',
        )
        .bind(id)
        .all<{ country: string; value: number; min: number }>();
      const amountsBefore = previous.length
        ? Object.fromEntries(previous.map(({ country, ...a }) => [country, a]))
        : null;
      const { amounts, ...rest } = values;
      const change = changedFields(row as unknown as Record<string, unknown>, rest);
      if (JSON.stringify(amounts) !== JSON.stringify(amountsBefore)) {
        change.before = { ...change.before, amounts: amountsBefore } as typeof change.before;
        change.after = { ...change.after, amounts } as typeof change.after;
      }
      try {
        await db.batch([
          db
            .prepare(
              `UPDATE coupons SET code = ?, kind = ?, value = ?, min_subtotal_fils = ?, max_uses = ?, once_per_shopper = ?,
               per_person_limit = ?, starts_at = ?, ends_at = ?, country = ?, currency = ?, updated_at = ? WHERE id = ?`,
            )
            .bind(...couponColumns(values), Date.now(), id),
          ...amountStatements(db, id, values),
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
    },
  )
  .post(
    '/coupons/:id/active',
    contract({
      params: idParams,
      badParams: 'not_found',
      noDevice: true,
      tag: 'staff',
      summary: 'Deactivate (or reactivate) a coupon',
      body: z.object({ active: z.boolean() }),
      staff: 'promotions:write',
      response: offerActiveSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const id = c.req.valid('param').id;
      const { active } = c.req.valid('json');
      const db = c.env.DB;
      const row = await db.prepare('SELECT * FROM coupons WHERE id = ?').bind(id).first<CouponRow>();
      if (!row) throw new ApiError(404, 'not_found');
      assertPromotionCountry(member, 'promotions:write', row.country);
      const next = await setActive(db, member, { table: 'coupons', resource: 'coupon', row, active });
      return c.json(ok({ id, is_active: next }));
    },
  );
