// Subscribe and save in the back office (decision 45): the lists, the shop's discount and a product's own.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { ApiError } from '#api/src/lib/errors';
import { contract } from '#api/src/contract/validate';
import { requireStaff } from '#api/src/middleware/staff';
import { auditStatement } from '#api/src/staff/audit';
import {
  readSubscriptionDiscount,
  saveSubscriptionDiscount,
  subscriptionDiscountStatement,
} from '#api/src/orders/subscription-discount';
import { staffSubscriptions } from '#api/src/subscriptions/staff-list';
import {
  staffSubscriptionQuerySchema,
  subscriptionSettingsSchema,
  productSubscriptionDiscountSchema,
} from '#shared/subscriptions/schemas';
import { idParams } from '#shared/api/route-schemas';
import { countriesFor } from '#shared/staff/permissions';
import {
  productSubscriptionDiscountSavedSchema,
  staffSubscriptionListSchema,
  subscriptionSettingsSavedSchema,
} from '#shared/subscriptions/staff-responses';

export const staffSubscriptionRoutes = new Hono<AppEnv>()
  .get(
    '/subscriptions',
    contract({
      tag: 'staff',
      summary:
        'Subscriptions of the countries the grant allows: all, the orders the job places in the next 14 days (upcoming), or those whose latest run failed in the last 30 days (failed, with why); the counts of each and the shop’s discount',
      query: staffSubscriptionQuerySchema,
      noDevice: true,
      staff: 'orders:read',
      response: staffSubscriptionListSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const q = c.req.valid('query');
      // The list names shoppers and their e-mails: a grant limited to countries sees its countries' only.
      const countries = countriesFor(member.grants, 'orders:read');
      return c.json(
        ok(await staffSubscriptions(c.env.DB, { view: q.view, page: q.page, lang: c.var.lang, countries })),
      );
    },
  )
  .post(
    '/subscriptions/settings',
    contract({
      tag: 'staff',
      summary: 'The shop’s subscribe-and-save discount, a percent 0–50 (a product’s own wins)',
      body: subscriptionSettingsSchema,
      noDevice: true,
      staff: 'promotions:write',
      response: subscriptionSettingsSavedSchema,
      messages: ['subscription_settings_saved'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      // The shop's own discount, every country's: not for a member who may change offers in one country only.
      if (countriesFor(member.grants, 'promotions:write') !== null) throw new ApiError(403, 'forbidden');
      const { discount } = c.req.valid('json');
      const db = c.env.DB;
      const before = readSubscriptionDiscount((await subscriptionDiscountStatement(db).all()).results);
      await db.batch([
        saveSubscriptionDiscount(db, discount),
        auditStatement(db, member, {
          action: 'subscriptions.settings',
          resource: 'shop_settings',
          resourceId: 'subscriptions',
          before: { discount: before },
          after: { discount },
        }),
      ]);
      return c.json(ok({ discount }, 'subscription_settings_saved'));
    },
  )
  .post(
    '/products/:id/subscription-discount',
    contract({
      tag: 'staff',
      summary: 'A product’s own subscribe-and-save discount, a percent 0–50, or null for the shop’s',
      params: idParams,
      badParams: 'not_found',
      body: productSubscriptionDiscountSchema,
      noDevice: true,
      staff: 'promotions:write',
      response: productSubscriptionDiscountSavedSchema,
      messages: ['subscription_settings_saved'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      // A product's discount holds in every country, as the shop's does: not for a member of one country.
      if (countriesFor(member.grants, 'promotions:write') !== null) throw new ApiError(403, 'forbidden');
      const { id } = c.req.valid('param');
      const { discount } = c.req.valid('json');
      const db = c.env.DB;
      const before = await db
        .prepare('SELECT subscription_discount FROM products WHERE id = ?')
        .bind(id)
        .first<{ subscription_discount: number | null }>();
      if (!before) throw new ApiError(404, 'not_found');
      await db.batch([
        db.prepare('UPDATE products SET subscription_discount = ? WHERE id = ?').bind(discount, id),
        auditStatement(db, member, {
          action: 'products.subscription_discount',
          resource: 'products',
          resourceId: String(id),
          before: { discount: before.subscription_discount },
          after: { discount },
        }),
      ]);
      return c.json(ok({ id, discount }, 'subscription_settings_saved'));
    },
  );
