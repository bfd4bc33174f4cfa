// Promotions in the back office (decision 33): gift thresholds, gifts with purchase and
// buy X get Y, listed, created, edited and deactivated with their gifts and targets. The same
// permission and country rules as coupons (routes/staff/promotions.ts), and every change audited in
// its own batch.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { promotionValues, type PromotionInput, promotionInputSchema } from '#shared/api/promotion-schemas';
import {
  offerActiveSchema,
  offerSavedSchema,
  promotionAnswerSchema,
  promotionListSchema,
  type PromotionView,
} from '#shared/api/promotion-view';
import { countriesFor } from '#shared/staff/permissions';
import { COUNTRY_CODES } from '#shared/countries';
import { mapCountries } from '#shared/countries/map';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { ApiError } from '#api/src/lib/errors';
import { requireStaff } from '#api/src/middleware/staff';
import { auditStatement, changedFields } from '#api/src/staff/audit';
import { assertEditable, assertPromotionCountry, countryDayWindow, setActive } from './promotion-common';
import { idParams } from '#shared/api/route-schemas';
import { z } from '#shared/zod';

function stored(input: PromotionInput) {
  return {
    ...promotionValues(input),
    ...countryDayWindow(input),
  };
}
type Stored = ReturnType<typeof stored>;

const SELECT = `SELECT p.id, p.kind, p.name_en, p.name_ar, p.country, p.starts_at, p.ends_at, p.buy_count,
    ${COUNTRY_CODES.map((c) => `(SELECT min_subtotal_minor FROM promotion_thresholds WHERE promotion_id = p.id AND country = '${c}') AS threshold_${c}`).join(',\n    ')},
    p.free_count, p.max_per_order, p.max_uses, p.used, p.priority, p.is_active,
    (SELECT json_group_array(sku_id) FROM (SELECT sku_id FROM promotion_gifts WHERE promotion_id = p.id ORDER BY sort_order, sku_id)) AS gift_skus,
    (SELECT json_group_array(product_id) FROM promotion_targets WHERE promotion_id = p.id AND product_id IS NOT NULL) AS target_products,
    (SELECT json_group_array(sku_id) FROM promotion_targets WHERE promotion_id = p.id AND sku_id IS NOT NULL) AS target_skus
  FROM promotions p`;

function parsed(row: Record<string, unknown>): PromotionView {
  // Each country's threshold is a column `threshold_<code>` of SELECT.
  const rest = Object.fromEntries(Object.entries(row).filter(([k]) => !k.startsWith('threshold_')));
  return {
    ...(rest as unknown as PromotionView),
    thresholds: mapCountries((c) => (row[`threshold_${c}`] as number | null) ?? null),
    gift_skus: JSON.parse(row.gift_skus as string) as number[],
    target_products: JSON.parse(row.target_products as string) as number[],
    target_skus: JSON.parse(row.target_skus as string) as number[],
  };
}

/** The gift SKUs and targets must exist: an unknown id is refused with a message key, never a 500. */
async function assertKnown(db: D1Database, v: Stored) {
  const skus = [...new Set([...v.gift_skus, ...v.target_skus])];
  const [s, p] = await db.batch([
    db
      .prepare(`SELECT count(*) AS n FROM skus WHERE id IN (SELECT value FROM json_each(?))`)
      .bind(JSON.stringify(skus)),
    db
      .prepare(`SELECT count(*) AS n FROM products WHERE id IN (SELECT value FROM json_each(?))`)
      .bind(JSON.stringify(v.target_products)),
  ]);
  if ((s!.results[0] as { n: number }).n !== skus.length) throw new ApiError(409, 'promotion_sku_unknown');
  if ((p!.results[0] as { n: number }).n !== v.target_products.length)
    throw new ApiError(409, 'promotion_product_unknown');
}

/** The promotion's gifts and targets, replaced. */
function childStatements(db: D1Database, id: number | null, v: Stored): D1PreparedStatement[] {
  // A new promotion's id is the one just inserted (the batch runs in order).
  const pid = id === null ? '(SELECT max(id) FROM promotions)' : '?1';
  const bind = (s: D1PreparedStatement, ...rest: unknown[]) => (id === null ? s.bind(...rest) : s.bind(id, ...rest));
  const statements: D1PreparedStatement[] = [];
  if (id !== null)
    statements.push(
      db.prepare('DELETE FROM promotion_gifts WHERE promotion_id = ?').bind(id),
      db.prepare('DELETE FROM promotion_targets WHERE promotion_id = ?').bind(id),
      db.prepare('DELETE FROM promotion_thresholds WHERE promotion_id = ?').bind(id),
    );
  const n = id === null ? 1 : 2;
  for (const [country, amount] of Object.entries(v.thresholds))
    if (amount !== null)
      statements.push(
        bind(
          db.prepare(
            `INSERT INTO promotion_thresholds (promotion_id, country, min_subtotal_minor) VALUES (${pid}, ?${n}, ?${n + 1})`,
          ),
          country,
          amount,
        ),
      );
  for (const [i, sku] of v.gift_skus.entries())
    statements.push(
      bind(
        db.prepare(`INSERT INTO promotion_gifts (promotion_id, sku_id, sort_order) VALUES (${pid}, ?${n}, ?${n + 1})`),
        sku,
        i,
      ),
    );
  for (const product of v.target_products)
    statements.push(
      bind(db.prepare(`INSERT INTO promotion_targets (promotion_id, product_id) VALUES (${pid}, ?${n})`), product),
    );
  for (const sku of v.target_skus)
    statements.push(
      bind(db.prepare(`INSERT INTO promotion_targets (promotion_id, sku_id) VALUES (${pid}, ?${n})`), sku),
    );
  return statements;
}

const columns = (v: Stored) =>
  [
    v.kind,
    v.name_en,
    v.name_ar,
    v.country,
    v.starts_at,
    v.ends_at,
    v.buy_count,
    v.free_count,
    v.max_per_order,
    v.max_uses,
    v.priority,
  ] as const;

async function readOne(db: D1Database, id: number): Promise<PromotionView | null> {
  const row = await db.prepare(`${SELECT} WHERE p.id = ?`).bind(id).first<Record<string, unknown>>();
  return row ? parsed(row) : null;
}

export const staffPromotionRuleRoutes = new Hono<AppEnv>()
  .get(
    '/promotions',
    contract({
      tag: 'staff',
      summary:
        'Promotions with their gifts and targets, active first (a country-limited grant sees its country’s and those for both)',
      noDevice: true,
      staff: 'promotions:read',
      response: promotionListSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const allowed = countriesFor(member.grants, 'promotions:read');
      const scope =
        allowed === null
          ? ''
          : `WHERE p.country IS NULL OR p.country IN (${allowed.map(() => '?').join(', ') || "''"})`;
      const { results } = await c.env.DB.prepare(
        `${SELECT} ${scope} ORDER BY p.is_active DESC, p.priority DESC, p.id DESC LIMIT 500`,
      )
        .bind(...(allowed ?? []))
        .all<Record<string, unknown>>();
      return c.json(ok({ promotions: results.map(parsed) }));
    },
  )
  .get(
    '/promotions/:id',
    contract({
      params: idParams,
      badParams: 'not_found',
      noDevice: true,
      tag: 'staff',
      summary: 'One promotion',
      staff: 'promotions:read',
      response: promotionAnswerSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const row = await readOne(c.env.DB, c.req.valid('param').id);
      if (!row) throw new ApiError(404, 'not_found');
      const allowed = countriesFor(member.grants, 'promotions:read');
      if (allowed !== null && row.country !== null && !allowed.includes(row.country))
        throw new ApiError(404, 'not_found');
      return c.json(ok({ promotion: row }));
    },
  )
  .post(
    '/promotions',
    contract({
      tag: 'staff',
      summary: 'Create a promotion: kind, names, country, dates, threshold or targets, gifts, limits, priority',
      body: promotionInputSchema,
      noDevice: true,
      staff: 'promotions:write',
      response: offerSavedSchema,
      messages: ['promotion_sku_unknown', 'promotion_product_unknown'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const values = stored(c.req.valid('json'));
      assertPromotionCountry(member, 'promotions:write', values.country);
      const db = c.env.DB;
      await assertKnown(db, values);
      const results = await db.batch([
        db
          .prepare(
            `INSERT INTO promotions (kind, name_en, name_ar, country, starts_at, ends_at, buy_count, free_count,
             max_per_order, max_uses, priority, is_active, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?) RETURNING id`,
          )
          .bind(...columns(values), Date.now()),
        ...childStatements(db, null, values),
        auditStatement(db, member, {
          action: 'promotion.create',
          resource: 'promotion',
          resourceId: values.name_en,
          country: values.country,
          after: values,
        }),
      ]);
      return c.json(ok({ id: (results[0]!.results[0] as { id: number }).id }));
    },
  )
  .post(
    '/promotions/:id',
    contract({
      params: idParams,
      badParams: 'not_found',
      noDevice: true,
      tag: 'staff',
      summary: 'Edit a promotion',
      body: promotionInputSchema,
      staff: 'promotions:write',
      response: offerSavedSchema,
      messages: ['not_found', 'promotion_max_below_used', 'promotion_sku_unknown', 'promotion_product_unknown'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const id = c.req.valid('param').id;
      const db = c.env.DB;
      const row = await readOne(db, id);
      if (!row) throw new ApiError(404, 'not_found');
      const values = stored(c.req.valid('json'));
      assertEditable(member, row, values, 'promotion_max_below_used');
      await assertKnown(db, values);
      const change = changedFields(row as unknown as Record<string, unknown>, {
        ...values,
        gift_skus: JSON.stringify(values.gift_skus) === JSON.stringify(row.gift_skus) ? undefined : values.gift_skus,
        target_products:
          JSON.stringify(values.target_products) === JSON.stringify(row.target_products)
            ? undefined
            : values.target_products,
        target_skus:
          JSON.stringify(values.target_skus) === JSON.stringify(row.target_skus) ? undefined : values.target_skus,
        thresholds:
          JSON.stringify(values.thresholds) === JSON.stringify(row.thresholds) ? undefined : values.thresholds,
      });
      await db.batch([
        db
          .prepare(
            `UPDATE promotions SET kind = ?, name_en = ?, name_ar = ?, country = ?, starts_at = ?, ends_at = ?,
             buy_count = ?, free_count = ?, max_per_order = ?, max_uses = ?, priority = ?, updated_at = ? WHERE id = ?`,
          )
          .bind(...columns(values), Date.now(), id),
        ...childStatements(db, id, values),
        auditStatement(db, member, {
          action: 'promotion.update',
          resource: 'promotion',
          resourceId: id,
          country: values.country ?? row.country,
          ...change,
        }),
      ]);
      return c.json(ok({ id }));
    },
  )
  .post(
    '/promotions/:id/active',
    contract({
      params: idParams,
      badParams: 'not_found',
      noDevice: true,
      tag: 'staff',
      summary: 'Deactivate (or reactivate) a promotion',
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
      const row = await readOne(db, id);
      if (!row) throw new ApiError(404, 'not_found');
      assertPromotionCountry(member, 'promotions:write', row.country);
      const next = await setActive(db, member, { table: 'promotions', resource: 'promotion', row, active });
      return c.json(ok({ id, is_active: next }));
    },
  );
