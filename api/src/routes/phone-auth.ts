// Signing in with a code sent to a phone (decisions 43, 51), under /user/phone:
//  - POST /code: a code by WhatsApp or SMS, for the asking device only. The same answer whether or not
//    the number has an account; limited per number and device (the resend timer), per number from
//    devices it never signed in on (no one bombs a phone with texts) and per client address. Over a
//    limit: 429 with the seconds to wait, never "sent" when nothing was.
//  - POST /sign-in: the code back. A known number signs in; a new one answers needs_name until the
//    shopper gives her name, then the account is made with the phone alone (an e-mail can come later).
//  - POST /verify/code and /verify: a signed-in shopper proves a phone to add it to her account.
//  - POST /remove: an account without a password is removed with a code sent to its phone.
// Wrong, expired, used and exhausted codes all answer phone_code_invalid. A guess counts only against
// the guessing device's own code; failures lock a number for one device and an address, never a number.
import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import {
  CODE_CHANNELS,
  e164,
  phoneCodeSchema,
  phoneSignInSchema,
  phoneVerifySchema,
  removeByCodeSchema,
} from '#shared/api/phone-auth-schemas';
import {
  forgetAccountDevicesStatement,
  isKnownDevice,
  issueCodeStatements,
  matchCode,
  rememberDeviceStatement,
  spendCodeStatement,
  type CodePurpose,
} from '../accounts/phone-codes';
import { publicUser, signedIn, withUser } from '../accounts/public-user';
import { z } from '#shared/zod';

/** A code sent: its channel, how long it lives and when this device may ask again (seconds). */
const codeSent = z.object({
  sent: z.literal(true),
  channel: z.enum(CODE_CHANNELS),
  expires_in: z.int(),
  resend_in: z.int(),
});
import { checkPassword } from '../accounts/check-password';
import { assertCodeNotLocked, clearAccountFromAddress, recordFailure, type SignInKeys } from '../accounts/rate-limit';
import { createSession } from '../accounts/sessions';
import { deviceSeenStatement } from '../accounts/devices';
import type { AppEnv } from '../app-env';
import type { UserRow } from '../db/rows';
import { clientIp } from '../lib/client-ip';
import { ApiError, TooManyRequests } from '../lib/errors';
import { limit, LIMITS, takeAll } from '../lib/limits';
import { contract } from '../contract/validate';
import { requireUser } from '../middleware/user';
import { linkDeviceStatement } from '../push';
import { eraseAccount } from '../data-rights/erase-account';
import { noteSessionsEnded } from '../accounts/sessions-ended';
import { erasureRecordStatement } from '../data-rights/erasure-record';

type Account = Pick<
  UserRow,
  'id' | 'name' | 'email' | 'phone' | 'phone_verified_at' | 'whatsapp_updates_at' | 'email_proven_at'
> & {
  has_password: number;
};

/** The device asking (the API requires a device token on these routes; the address only without one). */
function requesterOf(c: Context<AppEnv>): { requester: string; deviceId: string | null } {
  const deviceId = c.var.deviceId;
  return { requester: deviceId ? `d:${deviceId}` : `ip:${clientIp(c)}`, deviceId };
}

/**
 * Sends a code: the limits first (before anything is stored or sent), then the code and its text in one
 * batch. Every limit answers 429 with the seconds to wait (Retry-After and data.retry_after), worded the
 * same for every number: a refusal tells nothing about an account, and "sent" means a text was queued.
 * A number's own device (one that signed in with its code) is counted only under its own limits, so
 * strangers filling the number's or their network's caps never keep it out.
 */
async function sendCode(
  c: Context<AppEnv>,
  o: { phone: string; purpose: CodePurpose; userId: number | null; channel: 'whatsapp' | 'sms' },
): Promise<Response> {
  const db = c.env.DB;
  const ip = clientIp(c);
  const { requester, deviceId } = requesterOf(c);
  const known = deviceId !== null && (await isKnownDevice(db, o.phone, deviceId));
  // The address's own cap first, on its own: an address spraying numbers spends it even when refused.
  if (!known) {
    const address = await takeAll(db, [limit(LIMITS.phoneCodePerIp, `phone-code:ip:${ip}`)]);
    if (!address.taken) throw new TooManyRequests('phone_code_too_many', address.wait, true);
  }
  const { taken, wait } = await takeAll(db, [
    limit(LIMITS.phoneCodeGap, `phone-code:gap:${o.phone}:${requester}`),
    limit(LIMITS.phoneCodePerDevice, `phone-code:dev:${o.phone}:${requester}`),
    limit(LIMITS.phoneCodePerDeviceDay, `phone-code:dev-day:${o.phone}:${requester}`),
    ...(known
      ? []
      : [
          limit(LIMITS.phoneCodePerNumber, `phone-code:${o.phone}`),
          limit(LIMITS.phoneCodePerNumberDay, `phone-code:day:${o.phone}`),
        ]),
  ]);
  if (!taken) throw new TooManyRequests('phone_code_wait', wait, true);
  const { statements } = await issueCodeStatements(db, {
    pepper: c.var.config.PASSWORD_PEPPER,
    phone: o.phone,
    purpose: o.purpose,
    requester,
    userId: o.userId,
    channel: o.channel,
    lang: c.var.lang,
    template: c.var.config.WHATSAPP_CODE_TEMPLATE,
  });
  await db.batch(statements);
  // resend_in: when this device may ask again (the form's timer counts it down).
  return c.json(ok({ sent: true, channel: o.channel, expires_in: 300, resend_in: wait }));
}

/**
 * Checks a code under the code failure limits; null (after counting the failure) when it is not right.
 * Only the requester's own code is tried, so a stranger's guesses never spend the owner's tries.
 */
async function checkCode(
  c: Context<AppEnv>,
  o: { phone: string; purpose: CodePurpose; code: string; userId?: number },
) {
  const db = c.env.DB;
  const { requester, deviceId } = requesterOf(c);
  const keys: SignInKeys = { account: `acct:${o.phone}|${requester}`, address: `ip:${clientIp(c)}` };
  await assertCodeNotLocked(db, keys);
  const matched = await matchCode(db, { pepper: c.var.config.PASSWORD_PEPPER, requester, ...o });
  if (!matched) {
    await recordFailure(db, keys);
    throw new ApiError(400, 'phone_code_invalid');
  }
  return { matched, keys, deviceId };
}

const ACCOUNT_COLUMNS =
  "id, name, email, phone, phone_verified_at, whatsapp_updates_at, email_proven_at, (password_hash <> '') AS has_password";

export const phoneAuthRoutes = new Hono<AppEnv>()
  .post(
    '/code',
    contract({
      tag: 'accounts',
      summary:
        'Send a sign-in code by WhatsApp or SMS, for the asking device: the same answer whether or not the number has an account ({sent, channel, expires_in, resend_in}); over a limit 429 phone_code_wait (per number and device, or per number from devices it never signed in on) or phone_code_too_many (per client address), with Retry-After and data.retry_after, and nothing sent',
      body: phoneCodeSchema,
      response: codeSent,
      messages: ['phone_code_too_many', 'phone_code_wait'],
    }),
    async (c) => {
      const input = c.req.valid('json');
      return sendCode(c, {
        phone: e164(input.country, input.phone),
        purpose: 'sign_in',
        userId: null,
        channel: input.channel,
      });
    },
  )
  .post(
    '/sign-in',
    contract({
      tag: 'accounts',
      summary:
        'Sign in with the code; a new number answers needs_name until a name comes with the code, then the account is made with the phone alone',
      body: phoneSignInSchema,
      response: z.union([z.object({ needs_name: z.literal(true) }), signedIn.extend({ created: z.boolean() })]),
      messages: ['phone_code_invalid', 'phone_code_tries'],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const db = c.env.DB;
      const phone = e164(input.country, input.phone);
      const { matched, keys, deviceId } = await checkCode(c, { phone, purpose: 'sign_in', code: input.code });
      let user = await db
        .prepare(
          `SELECT ${ACCOUNT_COLUMNS} FROM users WHERE phone = ? AND phone_verified_at IS NOT NULL AND deleted_at IS NULL`,
        )
        .bind(phone)
        .first<Account>();
      // A new number: the code stays good (for its remaining tries and minutes) while she gives her name.
      if (!user && !input.name) return c.json(ok({ needs_name: true }));
      const now = Date.now();
      const [used, , , created] = await db.batch([
        spendCodeStatement(db, matched.id, now),
        clearAccountFromAddress(db, keys),
        // Only if this request spent the code: this device is now one of the number's own.
        db
          .prepare(
            `INSERT INTO phone_known_devices (phone, device_id, proven_at)
           SELECT ?1, ?2, ?3 WHERE ?2 IS NOT NULL AND EXISTS (SELECT 1 FROM phone_codes WHERE id = ?4 AND used_at = ?3)
           ON CONFLICT (phone, device_id) DO UPDATE SET proven_at = ?3`,
          )
          .bind(phone, deviceId, now, matched.id),
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
      // The device she signed in or up on is hers (a friend's referral from it is a self-referral, issue 47).
      const seen = deviceSeenStatement(db, user.id, c.var.deviceId, now);
      const deviceStatements = [...(linkPush ? [linkPush] : []), ...(seen ? [seen] : [])];
      if (deviceStatements.length) await db.batch(deviceStatements);
      const access_token = await createSession(db, user.id);
      return c.json(ok({ access_token, user: publicUser(user), created: !!created?.results.length }));
    },
  )
  .post(
    '/verify/code',
    contract({
      tag: 'accounts',
      summary: 'Send a code to a phone the signed-in shopper adds to her account',
      body: phoneCodeSchema,
      user: true,
      response: codeSent,
      messages: ['phone_code_too_many', 'phone_code_wait'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const input = c.req.valid('json');
      return sendCode(c, {
        phone: e164(input.country, input.phone),
        purpose: 'verify',
        userId: user.id,
        channel: input.channel,
      });
    },
  )
  .post(
    '/verify',
    contract({
      tag: 'accounts',
      summary:
        'Prove the phone with its code: it then signs the account in (409 phone_taken when another account has it)',
      body: phoneVerifySchema,
      user: true,
      response: withUser,
      messages: [
        'current_password_incorrect',
        'phone_needed_to_sign_in',
        'phone_code_invalid',
        'phone_code_tries',
        'phone_taken',
      ],
    }),
    async (c) => {
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
      const { matched, deviceId } = await checkCode(c, { phone, purpose: 'verify', code: input.code, userId: user.id });
      const now = Date.now();
      try {
        const [used] = await db.batch([
          spendCodeStatement(db, matched.id, now),
          // A number that leaves the account leaves its devices too.
          ...(user.phone_verified_at && user.phone !== phone ? [forgetAccountDevicesStatement(db, user.id)] : []),
          db
            .prepare(
              'UPDATE users SET phone = ?1, phone_verified_at = ?2 WHERE id = ?3 AND EXISTS (SELECT 1 FROM phone_codes WHERE id = ?4 AND used_at = ?2)',
            )
            .bind(phone, now, user.id, matched.id),
        ]);
        if (!used!.results.length) throw new ApiError(400, 'phone_code_invalid');
        if (deviceId) await rememberDeviceStatement(db, phone, deviceId, now).run();
      } catch (error) {
        // Another account signs in with this number (the unique index on verified phones).
        if (error instanceof Error && /UNIQUE constraint failed/i.test(error.message))
          throw new ApiError(409, 'phone_taken');
        throw error;
      }
      return c.json(ok({ user: publicUser({ ...user, phone, phone_verified_at: now }) }));
    },
  )
  // An account made with a phone has no password to confirm its removal with: a code sent to its
  // number (POST /verify/code with that number) confirms it instead.
  .post(
    '/remove',
    contract({
      tag: 'accounts',
      summary: 'Remove an account made with a phone (no password): the code sent to its number confirms it',
      body: removeByCodeSchema,
      user: true,
      response: z.object({ removed: z.literal(true) }),
      messages: ['phone_code_invalid', 'phone_code_tries'],
    }),
    async (c) => {
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
      await noteSessionsEnded(c.env, user.id);
      return c.json(ok({ removed: true }));
    },
  );
