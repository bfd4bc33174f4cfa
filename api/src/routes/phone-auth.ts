// Signing in with a code sent to a phone (decision 43), under /user/phone:
//  - POST /code: a code by WhatsApp or SMS. The same answer whether or not the number has an account;
//    limited per number (no one bombs a phone with texts) and per client address.
//  - POST /sign-in: the code back. A known number signs in; a new one answers needs_name until the
//    shopper gives her name, then the account is made with the phone alone (an e-mail can come later).
//  - POST /verify/code and /verify: a signed-in shopper proves a phone to add it to her account.
//  - POST /remove: an account without a password is removed with a code sent to its phone.
// Wrong, expired, used and exhausted codes all answer phone_code_invalid; failures count like failed
// password sign-ins, per number and address.
import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { e164 } from '#shared/api/phone-auth-schemas';
import { issueCodeStatements, matchCode, spendCodeStatement, type CodePurpose } from '../accounts/phone-codes';
import { publicUser } from '../accounts/public-user';
import { checkPassword } from '../accounts/check-password';
import { assertNotLocked, clearAccountFromAddress, recordFailure, signInKeys } from '../accounts/rate-limit';
import { createSession } from '../accounts/sessions';
import type { AppEnv } from '../app-env';
import type { UserRow } from '../db/rows';
import { clientIp } from '../lib/client-ip';
import { ApiError } from '../lib/errors';
import { enforce, limit, LIMITS, take } from '../lib/limits';
import { contract } from '../lib/validate';
import { requireUser } from '../middleware/user';
import { linkDeviceStatement } from '../push';
import { eraseAccount } from '../accounts/erase';
import { erasureRecordStatement } from '../data-rights/erasure-record';

type Account = Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'phone_verified_at' | 'whatsapp_updates_at'> & {
  has_password: number;
};

/** Sends a code: the limits first (before anything is stored or sent), then the code and its text in one batch. */
async function sendCode(
  c: Context<AppEnv>,
  o: { phone: string; purpose: CodePurpose; userId: number | null; channel: 'whatsapp' | 'sms' },
): Promise<Response> {
  const db = c.env.DB;
  const ip = clientIp(c);
  // One address asking for many codes is refused (429). A number asked for too often gets nothing more
  // but the same answer, so strangers can neither bomb it nor lock its owner out with a refusal; the
  // day's cap counts per number and address, with a higher one for the number from anywhere.
  await enforce(db, [limit(LIMITS.phoneCodePerIp, `phone-code:ip:${ip}`)], 'phone_code_too_many');
  const full = await take(db, [
    limit(LIMITS.phoneCodePerNumber, `phone-code:${o.phone}`),
    limit(LIMITS.phoneCodePerNumberAndIpDay, `phone-code:day:${o.phone}:${ip}`),
    limit(LIMITS.phoneCodePerNumberDay, `phone-code:day:${o.phone}`),
  ]);
  if (full !== null) return c.json(ok({ sent: true, channel: o.channel, expires_in: 300 }));
  const { statements } = await issueCodeStatements(db, {
    pepper: c.var.config.PASSWORD_PEPPER,
    phone: o.phone,
    purpose: o.purpose,
    userId: o.userId,
    channel: o.channel,
    lang: c.var.lang,
    template: c.var.config.WHATSAPP_CODE_TEMPLATE,
  });
  await db.batch(statements);
  return c.json(ok({ sent: true, channel: o.channel, expires_in: 300 }));
}

/** Checks a code under the sign-in failure limits; null (after counting the failure) when it is not right. */
async function checkCode(
  c: Context<AppEnv>,
  o: { phone: string; purpose: CodePurpose; code: string; userId?: number },
) {
  const db = c.env.DB;
  const keys = signInKeys(o.phone, clientIp(c));
  await assertNotLocked(db, keys);
  const matched = await matchCode(db, { pepper: c.var.config.PASSWORD_PEPPER, ...o });
  if (!matched) {
    await recordFailure(db, keys);
    throw new ApiError(400, 'phone_code_invalid');
  }
  return { matched, keys };
}

const ACCOUNT_COLUMNS =
  "id, name, email, phone, phone_verified_at, whatsapp_updates_at, (password_hash <> '') AS has_password";

export const phoneAuthRoutes = new Hono<AppEnv>()
  .post('/code', contract('POST /user/phone/code'), async (c) => {
    const input = c.req.valid('json');
    return sendCode(c, {
      phone: e164(input.country, input.phone),
      purpose: 'sign_in',
      userId: null,
      channel: input.channel,
    });
  })
  .post('/sign-in', contract('POST /user/phone/sign-in'), async (c) => {
    const input = c.req.valid('json');
    const db = c.env.DB;
    const phone = e164(input.country, input.phone);
    const { matched, keys } = await checkCode(c, { phone, purpose: 'sign_in', code: input.code });
    let user = await db
      .prepare(
        `SELECT ${ACCOUNT_COLUMNS} FROM users WHERE phone = ? AND phone_verified_at IS NOT NULL AND deleted_at IS NULL`,
      )
      .bind(phone)
      .first<Account>();
    // A new number: the code stays good (for its remaining tries and minutes) while she gives her name.
    if (!user && !input.name) return c.json(ok({ needs_name: true }));
    const now = Date.now();
    const [used, , created] = await db.batch([
      spendCodeStatement(db, matched.id, now),
      clearAccountFromAddress(db, keys),
      ...(user
        ? []
        : [
            db
              .prepare(
                // Only if this request spent the code (a racing one that lost makes nothing).
                `INSERT INTO users (name, email, phone, phone_verified_at, password_hash, lang, country, created_at)
                 SELECT ?1, '', ?2, ?3, '', ?4, ?5, ?3 WHERE EXISTS (SELECT 1 FROM phone_codes WHERE id = ?6 AND used_at = ?3)
                 ON CONFLICT DO NOTHING RETURNING ${ACCOUNT_COLUMNS}`,
              )
              .bind(input.name!, phone, now, c.var.lang, input.country, matched.id),
          ]),
    ]);
    // Used once: a second request with the same code (a race, a replay) finds it gone.
    if (!used!.results.length) throw new ApiError(400, 'phone_code_invalid');
    user ??=
      (created?.results[0] as Account | undefined) ??
      // Two first sign-ins of one number at once: the other made the account.
      (await db
        .prepare(
          `SELECT ${ACCOUNT_COLUMNS} FROM users WHERE phone = ? AND phone_verified_at IS NOT NULL AND deleted_at IS NULL`,
        )
        .bind(phone)
        .first<Account>());
    if (!user) throw new ApiError(400, 'phone_code_invalid');
    const linkPush = linkDeviceStatement(db, c.var.deviceId, user);
    if (linkPush) await linkPush.run();
    const access_token = await createSession(db, user.id);
    return c.json(ok({ access_token, user: publicUser(user), created: !!created?.results.length }));
  })
  .post('/verify/code', contract('POST /user/phone/verify/code'), async (c) => {
    const user = await requireUser(c);
    const input = c.req.valid('json');
    return sendCode(c, {
      phone: e164(input.country, input.phone),
      purpose: 'verify',
      userId: user.id,
      channel: input.channel,
    });
  })
  .post('/verify', contract('POST /user/phone/verify'), async (c) => {
    const user = await requireUser(c);
    const input = c.req.valid('json');
    const db = c.env.DB;
    const phone = e164(input.country, input.phone);
    // A new way into the account: its password first, when it has one. An account whose phone is its
    // only way in keeps that number (it has no password to confirm a change with).
    const row = await db
      .prepare('SELECT password_hash FROM users WHERE id = ?')
      .bind(user.id)
      .first<Pick<UserRow, 'password_hash'>>();
    if (row?.password_hash) await checkPassword(c, user.email, input.password ?? '', row.password_hash, 'password');
    else if (user.phone_verified_at && user.phone !== phone) throw new ApiError(409, 'phone_needed_to_sign_in');
    const { matched } = await checkCode(c, { phone, purpose: 'verify', code: input.code, userId: user.id });
    const now = Date.now();
    try {
      const [used] = await db.batch([
        spendCodeStatement(db, matched.id, now),
        db
          .prepare(
            'UPDATE users SET phone = ?1, phone_verified_at = ?2 WHERE id = ?3 AND EXISTS (SELECT 1 FROM phone_codes WHERE id = ?4 AND used_at = ?2)',
          )
          .bind(phone, now, user.id, matched.id),
      ]);
      if (!used!.results.length) throw new ApiError(400, 'phone_code_invalid');
    } catch (error) {
      // Another account signs in with this number (the unique index on verified phones).
      if (error instanceof Error && /UNIQUE constraint failed/i.test(error.message))
        throw new ApiError(409, 'phone_taken');
      throw error;
    }
    return c.json(ok({ user: publicUser({ ...user, phone, phone_verified_at: now }) }));
  })
  // An account made with a phone has no password to confirm its removal with: a code sent to its
  // number (POST /verify/code with that number) confirms it instead.
  .post('/remove', contract('POST /user/phone/remove'), async (c) => {
    const user = await requireUser(c);
    const { code } = c.req.valid('json');
    const db = c.env.DB;
    if (!user.phone || !user.phone_verified_at) throw new ApiError(409, 'phone_code_invalid');
    const { matched } = await checkCode(c, { phone: user.phone, purpose: 'verify', code, userId: user.id });
    const [used] = await db.batch([spendCodeStatement(db, matched.id)]);
    if (!used!.results.length) throw new ApiError(400, 'phone_code_invalid');
    const now = Date.now();
    await eraseAccount(c.env, user.id, {
      now,
      also: [erasureRecordStatement(db, user.id, { source: 'shopper' }, c.var.lang, now)],
    });
    return c.json(ok({ removed: true }));
  });
