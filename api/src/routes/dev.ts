// Local mode only (never in production): the mail delivered to the local outbox, for the dev mailbox
// page, and a deliberate error that proves error reporting and request ids end to end (decision 16).
import { siteOrigin } from '../lib/site-origin';
import { deliverDueMail } from '../mail/deliver';
import { deliverDueMessages } from '../messages/deliver';
import { dataRightsJobs } from '../data-rights/jobs';
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { ApiError } from '../lib/errors';
import type { AppEnv } from '../app-env';
import type { MailOutboxRow } from '../db/rows';
import { z } from '#shared/zod';
import { roleGrantSchema } from '#shared/api/staff-schemas';
import { newTotpSecret } from '#shared/staff/totp';
import { hashPassword } from '../lib/password';
import { seal } from '../staff/secret-box';
import { parseInput, readJson } from '../contract/validate';
import { subscriptionJobs } from '../subscriptions/jobs';
import { refreshCoPurchases } from '../catalogue/co-purchases';
import { sendCartReminders } from '../carts/reminders';
import { runNightlyBackup } from '#api/src/backup/nightly';
import { healthKeyring, sealText } from '../consultations/seal';
import { runRetentionEverywhere } from '../retention/run';
import { archiveColdOrders } from '../archive/move';
import { archiveKeyring } from '../archive/file';
import { expireColdOrders } from '../archive/expire';
import { earnStatements } from '../loyalty/earn';
import { loyaltyJobs } from '../loyalty/jobs';
import type { CountryCode } from '#shared/countries';

/** Local staff accounts for e2e stories and testers: this password, a fresh TOTP secret each. */
const DEV_STAFF_PASSWORD = 'local-staff-password';
const devStaffSchema = z.object({
  grants: z.array(roleGrantSchema).min(1),
  name: z.string().trim().min(1).max(80).default('Local Staff'),
  lang: z.enum(['en', 'ar']).default('en'),
});

const devRunSchema = z.object({ now: z.number().int().positive().optional() });

/**
 * A consultation's summary and list as the nutritionist's side shares them (sealed), for stories and
 * tests of the shopper's pages; `completed`: the call marked held first.
 */
const devShareSchema = z.object({
  summary: z.string().min(1).max(4000),
  items: z
    .array(
      z.object({
        slug: z.string().min(1),
        quantity: z.number().int().min(1).max(10).default(1),
        dose: z.string().min(1).max(200),
        reason: z.string().min(1).max(500),
      }),
    )
    .max(20),
  completed: z.boolean().default(true),
});

// Built by a pure call, so a production build (which never routes it) drops it from the bundle.
const buildDevRoutes = () =>
  new Hono<AppEnv>()
    .get('/outbox', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      // Locally no cron runs: mail the run after its request left behind (it takes ten, oldest first) would
      // wait for the next request that queues mail. The mailbox shows what the minute's cron would have
      // delivered by now.
      await deliverDueMail(c.env, { limit: 50 });
      // `?to=` keeps to one inbox: a tester's own mail, and a story's link read without the whole run's mail.
      const to = c.req.query('to')?.trim().toLowerCase() || null;
      const { results } = await c.env.DB.prepare(
        'SELECT id, to_address, subject, body_text, body_html, attachments, created_at FROM mail_outbox WHERE delivered_at IS NOT NULL AND (?1 IS NULL OR lower(to_address) = ?1) ORDER BY id DESC LIMIT 50',
      )
        .bind(to)
        .all<
          Pick<
            MailOutboxRow,
            'id' | 'to_address' | 'subject' | 'body_text' | 'body_html' | 'attachments' | 'created_at'
          >
        >();
      return c.json(ok({ items: results }));
    })
    // The texts to phones local mode kept instead of sending, for /dev/messages.
    .get('/message-outbox', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      // As the mailbox: what the minute's cron would have delivered by now.
      await deliverDueMessages(c.env, c.var.config, { limit: 50 });
      const { results } = await c.env.DB.prepare(
        'SELECT id, channel, to_phone, lang, kind, template, body_text, created_at FROM message_outbox WHERE delivered_at IS NOT NULL ORDER BY id DESC LIMIT 50',
      ).all();
      return c.json(ok({ items: results }));
    })
    // The pushes local mode kept instead of sending, for /dev/pushbox.
    .get('/push-outbox', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      const { results } = await c.env.DB.prepare(
        'SELECT id, user_id, topic, lang, title, body, url, tag, created_at FROM push_outbox ORDER BY id DESC LIMIT 50',
      ).all();
      return c.json(ok({ items: results }));
    })
    // What the local ZATCA stand-in received (issue 75, migration 0083), newest first, for
    // /dev/e-invoices: each document's status and ZATCA-shaped messages; the XML itself below.
    .get('/e-invoices', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      const { results } = await c.env.DB.prepare(
        'SELECT id, kind, unit, uuid, icv, status, answer, received_at FROM zatca_stand_in_documents ORDER BY id DESC LIMIT 100',
      ).all<{ answer: string } & Record<string, unknown>>();
      const items = results.map(({ answer, ...row }) => {
        const parsed = JSON.parse(answer) as { errorMessages?: unknown[]; warningMessages?: unknown[] };
        return { ...row, messages: [...(parsed.errorMessages ?? []), ...(parsed.warningMessages ?? [])] };
      });
      return c.json(ok({ items }));
    })
    .get('/e-invoices/:id{[0-9]+}/xml', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      const row = await c.env.DB.prepare('SELECT uuid, xml FROM zatca_stand_in_documents WHERE id = ?')
        .bind(Number(c.req.param('id')))
        .first<{ uuid: string; xml: string }>();
      if (!row) throw new ApiError(404, 'not_found');
      return c.body(row.xml, 200, {
        'content-type': 'application/xml; charset=utf-8',
        'content-disposition': `attachment; filename="e-invoice-${row.uuid}.xml"`,
      });
    })
    // A staff member with the given roles, answered with what signing in takes.
    .post('/staff', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      const input = parseInput(devStaffSchema, await readJson(c.req));
      const email = `staff-${crypto.randomUUID().slice(0, 12)}@staff.local`;
      const secret = newTotpSecret();
      const row = await c.env.DB.prepare(
        'INSERT INTO staff (email, name, password_hash, totp_secret, lang, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
      )
        .bind(
          email,
          input.name,
          await hashPassword(DEV_STAFF_PASSWORD, c.var.config.PASSWORD_PEPPER, c.var.config.PASSWORD_HASH_ITERATIONS),
          await seal(secret, c.var.config.TOKEN_SECRET),
          input.lang,
          Date.now(),
        )
        .first<{ id: number }>();
      await c.env.DB.batch(
        input.grants.map((g) =>
          c.env.DB.prepare('INSERT INTO staff_roles (staff_id, role, country) VALUES (?, ?, ?)').bind(
            row!.id,
            g.role,
            g.country,
          ),
        ),
      );
      return c.json(ok({ id: row!.id, email, password: DEV_STAFF_PASSWORD, secret }));
    })
    // The cron's subscribe-and-save jobs now, or as on another day (a story's "the day the order is due").
    .post('/subscriptions/run', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      const { now } = parseInput(devRunSchema, await readJson(c.req));
      return c.json(ok(await subscriptionJobs(c.env, now ?? Date.now())));
    })
    // The cron's cart reminders now, or as at another time (issue 64: a story's "an hour later").
    .post('/cart-reminders/run', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      const { now } = parseInput(devRunSchema, await readJson(c.req));
      const links = { secret: c.var.config.TOKEN_SECRET, siteOrigin: siteOrigin(c) };
      // Carts reminded and the messages queued by channel: what the run sent, as a tester counts it.
      return c.json(ok(await sendCartReminders(c.env, links, now ?? Date.now())));
    })
    // The nightly "bought together" refresh now, or as on another day (a tester's, an e2e story's).
    .post('/co-purchases/run', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      const { now } = parseInput(devRunSchema, await readJson(c.req));
      return c.json(ok(await refreshCoPurchases(c.env, now ?? Date.now())));
    })
    // The cron's data-rights jobs now (an e2e story's archive), or as on another day (retention).
    .post('/data-rights/run', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      const { now } = parseInput(devRunSchema, await readJson(c.req));
      return c.json(ok(await dataRightsJobs(c.env, c.var.config, siteOrigin(c), now ?? Date.now())));
    })
    // The hourly retention run now, or as on another day, repeated until no table is behind (issue 48;
    // the capacity bench works a generated history down with it).
    .post('/retention/run', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      const { now } = parseInput(devRunSchema, await readJson(c.req));
      const changed: Record<string, number> = {};
      let runs = 0;
      for (let behind = true; behind && runs < 1000; runs++) {
        const outcome = await runRetentionEverywhere(c.env, now ?? Date.now(), { rounds: 1, limit: 2000 });
        for (const [rule, n] of Object.entries(outcome.changed)) changed[rule] = (changed[rule] ?? 0) + n;
        behind = outcome.behind.length > 0;
      }
      // Cold orders past their tax period (decision 64; the cron runs it beside the archive run).
      const ring = archiveKeyring(c.var.config);
      for (let behind = !!ring; behind && runs < 1000; runs++) {
        const outcome = await expireColdOrders(c.env, ring!, { now: now ?? Date.now(), limit: 50 });
        if (outcome.anonymised.length)
          changed['cold orders: after the tax period'] =
            (changed['cold orders: after the tax period'] ?? 0) + outcome.anonymised.length;
        behind = outcome.behind && outcome.anonymised.length > 0;
      }
      return c.json(ok({ changed, runs }));
    })
    // The archive run now, or as on another day, repeated until no cold order is left (decision 60;
    // stories and the capacity bench move a generated history with it).
    .post('/archive/run', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      const { now } = parseInput(devRunSchema, await readJson(c.req));
      const ring = archiveKeyring(c.var.config);
      // The archive's keyring is UPLOAD_KEK's secret under its own salt: no key, no sealed files.
      if (!ring) throw new ApiError(503, 'upload_unavailable');
      const moved: number[] = [];
      let swept = 0;
      for (let behind = true, runs = 0; behind && runs < 1000; runs++) {
        const outcome = await archiveColdOrders(c.env, ring, { now: now ?? Date.now(), limit: 50 });
        moved.push(...outcome.moved);
        swept += outcome.swept;
        behind = outcome.behind && outcome.moved.length > 0;
      }
      return c.json(ok({ moved, swept }));
    })
    // The cron's loyalty jobs as on a day (stories: expiry, its reminder, birthdays, tiers as spending ages).
    .post('/loyalty/run', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      const { now } = parseInput(devRunSchema, await readJson(c.req));
      return c.json(ok(await loyaltyJobs(c.env, siteOrigin(c), now ?? Date.now())));
    })
    // The nightly backup now (a tester's file to restore): a new file even if today's exists.
    .post('/backups/run', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      const outcome = await runNightlyBackup(c.env, c.var.config, { force: true });
      return c.json(ok({ key: outcome.key, counts: outcome.backup?.counts ?? {}, bytes: outcome.backup?.bytes ?? 0 }));
    })
    // What the nutritionist's side stores when she shares a consultation's summary and list.
    .post('/consultations/:id{[0-9]+}/share', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      const id = Number(c.req.param('id'));
      const input = parseInput(devShareSchema, await readJson(c.req));
      const ring = healthKeyring(c.var.config);
      if (!ring) throw new ApiError(503, 'consultation_health_unavailable');
      const db = c.env.DB;
      const found = await db.prepare('SELECT id FROM consultations WHERE id = ?').bind(id).first();
      if (!found) throw new ApiError(404, 'not_found');
      const now = Date.now();
      const summary = await sealText({ db, ring }, id, input.summary);
      const statements: D1PreparedStatement[] = [
        db
          .prepare(
            `INSERT INTO consultation_notes (consultation_id, summary_sealed, summary_iv, shared_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)
             ON CONFLICT (consultation_id) DO UPDATE SET summary_sealed = ?2, summary_iv = ?3, shared_at = ?4, updated_at = ?4`,
          )
          .bind(id, summary.sealed, summary.iv, now),
        db.prepare('DELETE FROM consultation_recommendations WHERE consultation_id = ?').bind(id),
      ];
      for (const [i, item] of input.items.entries()) {
        const product = await db
          .prepare('SELECT id, default_sku_id FROM products WHERE slug = ?')
          .bind(item.slug)
          .first<{ id: number; default_sku_id: number }>();
        if (!product) throw new ApiError(404, 'not_found');
        const dose = await sealText({ db, ring }, id, item.dose);
        const reason = await sealText({ db, ring }, id, item.reason);
        statements.push(
          db
            .prepare(
              'INSERT INTO consultation_recommendations (consultation_id, product_id, sku_id, quantity, dose_sealed, reason_sealed, iv, sort_order) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
            )
            .bind(id, product.id, product.default_sku_id, item.quantity, dose.sealed, reason.sealed, dose.iv, i),
        );
      }
      if (input.completed) {
        statements.push(
          db
            .prepare(
              "UPDATE consultations SET status = 'completed', outcome = 'held', completed_at = ?1, updated_at = ?1 WHERE id = ?2 AND status = 'booked'",
            )
            .bind(now, id),
        );
        // Completed earns her points, as the nutritionist's mark does.
        const held = await db
          .prepare('SELECT user_id, country FROM consultations WHERE id = ?')
          .bind(id)
          .first<{ user_id: number; country: CountryCode }>();
        if (held)
          statements.push(
            ...(await earnStatements(db, {
              source: 'consultation',
              id,
              userId: held.user_id,
              country: held.country,
              now,
              siteOrigin: siteOrigin(c),
            })),
          );
      }
      await db.batch(statements);
      return c.json(ok({ id, shared_at: now }));
    })
    .get('/error', (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      throw new Error('deliberate API error (error reporting check)');
    });

export const devRoutes = /* @__PURE__ */ buildDevRoutes();
