// Cart reminders in the back office (issue 64): the owner's settings (steps, quiet hours, on or off) and
// the last eight weeks' figures by channel and country. Reading needs promotions:read (the figures of
// the member's countries); the settings are the shop's, so saving needs promotions:write in every
// country. Audited.
import { Hono } from 'hono';
import {
  type CartReminderReport,
  cartReminderReportSchema,
  cartReminderSettingsSchema,
} from '#shared/api/cart-reminder-staff-schemas';
import { ok } from '#shared/api/envelope';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { reminderFigures } from '#api/src/carts/figures';
import { readReminderSettings } from '#api/src/carts/settings';
import { contract } from '#api/src/contract/validate';
import { ApiError } from '#api/src/lib/errors';
import { requireStaff } from '#api/src/middleware/staff';
import { auditStatement } from '#api/src/staff/audit';

const WEEKS = 8;

export const staffCartReminderRoutes = new Hono<AppEnv>()
  .get(
    '/cart-reminders',
    contract({
      tag: 'staff',
      summary:
        "Cart reminders: the owner's steps and quiet hours, and per week, channel and country the carts reminded, opened, recovered and their orders' total",
      noDevice: true,
      staff: 'promotions:read',
      response: cartReminderReportSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const db = c.env.DB;
      const [settings, figures] = await Promise.all([
        readReminderSettings(db),
        reminderFigures(c.env, Date.now(), WEEKS, countriesFor(member.grants, 'promotions:read')),
      ]);
      return c.json(ok<CartReminderReport>({ settings, weeks: WEEKS, figures }));
    },
  )
  .post(
    '/cart-reminders/settings',
    contract({
      tag: 'staff',
      summary: "Sets the cart reminders' steps (minutes after the last change), quiet Gulf hours and whether they go",
      body: cartReminderSettingsSchema,
      noDevice: true,
      staff: 'promotions:write',
      response: cartReminderSettingsSchema,
      messages: ['cart_reminder_settings_saved', 'forbidden'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      // The shop's own setting: a member who may change offers in one country only may not change it.
      if (countriesFor(member.grants, 'promotions:write') !== null) throw new ApiError(403, 'forbidden');
      const input = c.req.valid('json');
      const db = c.env.DB;
      const before = await readReminderSettings(db);
      const upsert = (key: string, value: unknown) =>
        db
          .prepare(
            'INSERT INTO shop_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
          )
          .bind(key, JSON.stringify(value));
      await db.batch([
        upsert('cart_reminders.enabled', input.enabled),
        upsert('cart_reminders.steps', input.steps),
        upsert('cart_reminders.quiet', input.quiet),
        upsert('cart_reminders.incentive', input.incentive),
        auditStatement(db, member, {
          action: 'settings.cart_reminders',
          resource: 'shop_settings',
          resourceId: 'cart_reminders',
          country: null,
          before,
          after: input,
        }),
      ]);
      return c.json(ok(input, 'cart_reminder_settings_saved'));
    },
  );
