// Local mode only (never in production): a consultation booked now between a shopper (by e-mail) and a
// staff account practising as a new nutritionist, so the call's e2e story can meet in two browsers
// without going through the booking and its payment (the booking's own stories cover those). It is
// written as a wallet booking is: paid by the wallet in full (wallet_used = total), so it earns no points.
import { COUNTRY_CODES, currencyOf, HOME_COUNTRY } from '#shared/countries';
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { z } from '#shared/zod';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { parseInput, readJson } from '../contract/validate';

const devCallSchema = z.object({
  email: z.string().email(),
  staff_id: z.number().int().positive(),
  country: z.enum(COUNTRY_CODES).default(HOME_COUNTRY),
  lang: z.enum(['en', 'ar']).default('en'),
  mode: z.enum(['video', 'chat']).default('video'),
});

export const devConsultationCallRoutes = /* @__PURE__ */ (() =>
  new Hono<AppEnv>().post('/call', async (c) => {
    if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
    const input = parseInput(devCallSchema, await readJson(c.req));
    const db = c.env.DB;
    const user = await db.prepare('SELECT id FROM users WHERE email = ?').bind(input.email).first<{ id: number }>();
    if (!user) throw new ApiError(404, 'not_found');
    const tag = crypto.randomUUID().slice(0, 8);
    const nutritionist = await db
      .prepare(
        // A seeded nutritionist's photo: this one is listed with the others, and a photo the shop does not
        // have would fail every story that opens the list after this one (a console error for its 404).
        `INSERT INTO nutritionists (slug, name_en, name_ar, title_en, title_ar, bio_en, bio_ar, photo_key, staff_id)
         VALUES (?, 'Dr Huda Saleh', 'د. هدى صالح', 'Clinical dietitian', 'أخصائية تغذية علاجية', '', '',
           coalesce((SELECT photo_key FROM nutritionists ORDER BY id LIMIT 1), 'nutritionists/none.jpg'), ?)
         RETURNING id`,
      )
      .bind(`call-${tag}`, input.staff_id)
      .first<{ id: number }>();
    const service = await db
      .prepare(
        `INSERT INTO consultation_services (nutritionist_id, kind, minutes, name_en, name_ar)
         VALUES (?, 'first_call', 20, 'First call', 'المكالمة الأولى') RETURNING id`,
      )
      .bind(nutritionist!.id)
      .first<{ id: number }>();
    const now = Date.now();
    const startsAt = now - (now % 300_000);
    const id = 1_000_000_000 + Math.floor(Math.random() * 8_999_999_999);
    await db
      .prepare(
        `INSERT INTO consultations (id, user_id, nutritionist_id, service_id, idempotency_key, body_hash, country, currency,
           lang, status, mode, starts_at, ends_at, slot_held, payment_method, payment_state, price, vat, vat_basis_points,
           total, wallet_used, booked_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'dev', ?, ?, ?, 'booked', ?, ?, ?, 1, 'wallet', 'paid', 1000, 0, 0, 1000, 1000, ?, ?, ?)`,
      )
      .bind(
        id,
        user.id,
        nutritionist!.id,
        service!.id,
        `dev-call-${tag}`,
        input.country,
        currencyOf(input.country),
        input.lang,
        input.mode,
        startsAt,
        startsAt + 20 * 60_000,
        now,
        now,
        now,
      )
      .run();
    return c.json(ok({ consultation_id: id, nutritionist_id: nutritionist!.id }));
  }))();
