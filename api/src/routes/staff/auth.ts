// Staff sign-in (decision 27): e-mail and password give a five-minute single-use ticket;
// the ticket and a TOTP code give the session. Failures of either step count against the same
// per-account and per-address limits as shoppers' sign-ins, under their own keys.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { matchTotp } from '#shared/staff/totp';
import { PERMISSIONS, can } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { ApiError } from '#api/src/lib/errors';
import { clientIp } from '#api/src/lib/client-ip';
import { assertNotLocked, clearAccountFromAddress, recordFailure, signInKeys } from '#api/src/accounts/rate-limit';
import { hashPassword, verifyPassword } from '#api/src/lib/password';
import { randomToken, tokenHash } from '#api/src/accounts/tokens';
import type { StaffRow } from '#api/src/db/rows';
import { open } from '#api/src/staff/secret-box';
import { createStaffSession, revokeStaffSession, SIGN_IN_TICKET_MS } from '#api/src/staff/sessions';
import { auditStatement } from '#api/src/staff/audit';
import { requireStaff } from '#api/src/middleware/staff';
import { staffSignInSchema, staffVerifySchema, staffLangSchema } from '#shared/api/staff-schemas';
import {
  signedOutSchema,
  signInTicketSchema,
  type StaffSelf,
  staffLangAnswerSchema,
  staffSelfSchema,
  staffSessionSchema,
} from '#shared/api/staff-auth-responses';

/** Staff failures are kept apart from a shopper's with the same address. */
const staffKeys = (email: string, ip: string) => signInKeys(`staff:${email}`, ip);

/** Failed and refused sign-ins are in the audit log too: who tried (when known), which step, with which e-mail. */
const signInAudit = (db: D1Database, staffId: number | null, action: string, after: Record<string, unknown>) =>
  auditStatement(db, staffId === null ? null : { id: staffId }, {
    action,
    resource: 'staff',
    resourceId: staffId,
    after,
  });

/** Runs a lock check; a refusal (429) is audited before it goes out. */
async function auditedRefusal(
  db: D1Database,
  after: Record<string, unknown>,
  check: () => Promise<void>,
  staffId: number | null = null,
): Promise<void> {
  try {
    await check();
  } catch (e) {
    await signInAudit(db, staffId, 'staff.sign_in_refused', after).run();
    throw e;
  }
}

export const staffAuthRoutes = new Hono<AppEnv>()
  .post(
    '/auth/sign-in',
    contract({
      tag: 'staff',
      summary: 'Staff sign-in, first step: e-mail and password; answers a five-minute ticket for the code',
      body: staffSignInSchema,
      noDevice: true,
      response: signInTicketSchema,
      messages: ['invalid_credentials'],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const db = c.env.DB;
      const keys = staffKeys(input.email, clientIp(c));
      await auditedRefusal(db, { step: 'password', email: input.email }, () => assertNotLocked(db, keys));
      const member = await db
        .prepare('SELECT id, password_hash FROM staff WHERE email = ? AND active = 1')
        .bind(input.email)
        .first<Pick<StaffRow, 'id' | 'password_hash'>>();
      // An unknown address costs the same hashing work as a wrong password.
      let valid = false;
      if (member) valid = await verifyPassword(input.password, c.var.config.PASSWORD_PEPPER, member.password_hash);
      else await hashPassword(input.password, c.var.config.PASSWORD_PEPPER, c.var.config.PASSWORD_HASH_ITERATIONS);
      if (!member || !valid) {
        await recordFailure(db, keys);
        await signInAudit(db, member?.id ?? null, 'staff.sign_in_failed', {
          step: 'password',
          email: input.email,
        }).run();
        throw new ApiError(400, 'invalid_credentials');
      }
      const ticket = randomToken();
      await db
        .prepare('INSERT INTO staff_sign_in_tickets (token_hash, staff_id, expires_at) VALUES (?, ?, ?)')
        .bind(await tokenHash(ticket), member.id, Date.now() + SIGN_IN_TICKET_MS)
        .run();
      return c.json(ok({ ticket }));
    },
  )
  .post(
    '/auth/verify',
    contract({
      tag: 'staff',
      summary: 'Staff sign-in, second step: the ticket and the TOTP code; answers the session token',
      body: staffVerifySchema,
      noDevice: true,
      response: staffSessionSchema,
      messages: ['sign_in_ticket_invalid', 'totp_invalid'],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const db = c.env.DB;
      const now = Date.now();
      const member = await db
        .prepare(
          `SELECT s.id, s.email, s.totp_secret, s.totp_last_step FROM staff_sign_in_tickets t JOIN staff s ON s.id = t.staff_id
         WHERE t.token_hash = ? AND t.used_at IS NULL AND t.expires_at > ? AND s.active = 1`,
        )
        .bind(await tokenHash(input.ticket), now)
        .first<Pick<StaffRow, 'id' | 'email' | 'totp_secret' | 'totp_last_step'>>();
      if (!member) throw new ApiError(400, 'sign_in_ticket_invalid');
      const keys = staffKeys(member.email, clientIp(c));
      await auditedRefusal(db, { step: 'code', email: member.email }, () => assertNotLocked(db, keys), member.id);
      const secret = await open(member.totp_secret, c.var.config.TOKEN_SECRET);
      const step = secret ? await matchTotp(secret, input.code, now) : null;
      // A code is good once: a step at or before the last one accepted is refused (RFC 6238 §5.2).
      if (step === null || step <= member.totp_last_step) {
        await recordFailure(db, keys);
        await signInAudit(db, member.id, 'staff.sign_in_failed', { step: 'code', email: member.email }).run();
        throw new ApiError(400, 'totp_invalid');
      }
      // The ticket is spent and the step recorded in one batch; a second use of either loses the race.
      const [spent, stepped] = await db.batch([
        db
          .prepare('UPDATE staff_sign_in_tickets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL')
          .bind(now, await tokenHash(input.ticket)),
        db
          .prepare('UPDATE staff SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?')
          .bind(step, member.id, step),
        clearAccountFromAddress(db, keys),
        db.prepare('DELETE FROM staff_sign_in_tickets WHERE expires_at < ?').bind(now),
        auditStatement(db, { id: member.id }, { action: 'staff.sign_in', resource: 'staff', resourceId: member.id }),
      ]);
      if (!spent?.meta.changes || !stepped?.meta.changes) throw new ApiError(400, 'totp_invalid');
      const token = await createStaffSession(db, member.id, now);
      return c.json(ok({ token }));
    },
  )
  .post(
    '/auth/sign-out',
    contract({
      tag: 'staff',
      summary: 'End the staff session',
      noDevice: true,
      staff: 'signed-in',
      response: signedOutSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      await revokeStaffSession(c.env.DB, member.sessionId).run();
      return c.json(ok({ signed_out: true }));
    },
  )
  .get(
    '/me',
    contract({
      tag: 'staff',
      summary: 'The signed-in staff member with their role grants and permissions',
      noDevice: true,
      staff: 'signed-in',
      response: staffSelfSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const permissions = PERMISSIONS.filter((p) => can(member.grants, p));
      // A nutritionist's account: her names as shoppers read them, so the Arabic header names her in Arabic.
      const nutritionist = await c.env.DB.prepare('SELECT name_en, name_ar FROM nutritionists WHERE staff_id = ?')
        .bind(member.id)
        .first<{ name_en: string; name_ar: string }>();
      return c.json(
        ok<StaffSelf>({
          staff: { id: member.id, name: member.name, email: member.email, lang: member.lang },
          grants: member.grants,
          permissions,
          nutritionist: nutritionist ?? null,
        }),
      );
    },
  )
  .post(
    '/me/lang',
    contract({
      tag: 'staff',
      summary: "The staff member's language for the staff app and their mails",
      body: staffLangSchema,
      noDevice: true,
      staff: 'signed-in',
      response: staffLangAnswerSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { lang } = c.req.valid('json');
      await c.env.DB.prepare('UPDATE staff SET lang = ? WHERE id = ?').bind(lang, member.id).run();
      return c.json(ok({ lang }));
    },
  );
