// Accounts (spec §7 /user/*): register, login, logout, me and sync. Tokens are returned in the
// body to the storefront worker, which moves them into httpOnly cookies.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import {
  nationalNumber,
  PHONE_RULES,
  signUpSchema,
  signInSchema,
  forgotPasswordSchema,
  resetLinkSchema,
  resetPasswordSchema,
  verifyEmailSchema,
  setNameSchema,
  setBirthdaySchema,
  setPhoneSchema,
  setPasswordSchema,
  removeAccountSchema,
} from '#shared/api/account-schemas';
import { localizePath } from '#shared/locale';
import { countryAmountsOf } from '#shared/country-amounts';
import { randomToken, tokenHash } from '../accounts/tokens';
import { queueMail } from '../mail/outbox';
import { claimByVerification, claimGuestOrders, signUpVerification, verificationFor } from '../orders/guest-links';
import { confirmAddedEmailMail, confirmSignUpMail, resetMail, verifyOrdersMail } from '../mail/texts';
import { accountProvenStatement, inboxKey } from '../orders/email-proof';
import { hashPassword, verifyPassword } from '../lib/password';
import {
  assertNotLocked,
  clearAccount,
  clearAccountFromAddress,
  recordFailure,
  signInKeys,
} from '../accounts/rate-limit';
import { createSession, revokeOtherSessions, revokeSession } from '../accounts/sessions';
import { noteSessionsEnded } from '../accounts/sessions-ended';
import { deviceSeenStatement } from '../accounts/devices';
import { eraseAccount } from '../data-rights/erase-account';
import { erasureRecordStatement } from '../data-rights/erasure-record';
import { linkDeviceStatement, unlinkDeviceStatement } from '../push';
import { clientIp } from '../lib/client-ip';
import { emailIdentity } from '../lib/email-identity';
import { ApiError } from '../lib/errors';
import { enforce, limit, LIMITS, take } from '../lib/limits';
import { siteOrigin } from '../lib/site-origin';
import { birthdayStatement } from '../loyalty/birthday';
import { contract } from '../contract/validate';
import type { CountrySettingsRow, PasswordResetRow, UserRow as UsersTableRow } from '../db/rows';
import { currentUser, requireUser } from '../middleware/user';
import { z } from '#shared/zod';
import { publicUser, publicUserSchema, signedIn, withUser } from '../accounts/public-user';
import { checkPassword } from '../accounts/check-password';
import type { AppEnv } from '../app-env';
import { addEmailSchema } from '#shared/api/phone-auth-schemas';

/** A reset link works for one hour. */
const RESET_TTL_MS = 60 * 60 * 1000;

type UserRow = Pick<
  UsersTableRow,
  'id' | 'name' | 'email' | 'phone' | 'phone_verified_at' | 'email_proven_at' | 'password_hash'
>;

export const userRoutes = new Hono<AppEnv>()
  .post(
    '/register',
    contract({
      tag: 'accounts',
      summary: 'Sign up',
      body: signUpSchema,
      response: signedIn,
      messages: ['email_taken'],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const db = c.env.DB;
      const ip = clientIp(c);
      await enforce(db, [limit(LIMITS.registerPerIp, `register:ip:${ip}`)]);
      const hash = await hashPassword(
        input.password,
        c.var.config.PASSWORD_PEPPER,
        c.var.config.PASSWORD_HASH_ITERATIONS,
      );
      // An address a guest already proved (decision 72) is proven for the account too (decision 85).
      const inserted = await db
        .prepare(
          `INSERT INTO users (name, email, password_hash, lang, created_at, email_proven_at)
           VALUES (?, ?, ?, ?, ?, (SELECT proven_at FROM cart_reminder_proofs WHERE email_identity = ? AND proven_at IS NOT NULL))
           ON CONFLICT DO NOTHING RETURNING id, email_proven_at`,
        )
        .bind(input.name, input.email, hash, c.var.lang, Date.now(), emailIdentity(input.email))
        .first<Pick<UsersTableRow, 'id' | 'email_proven_at'>>();
      if (!inserted) throw new ApiError(409, 'email_taken');
      const access_token = await createSession(db, inserted.id);
      // This device's push subscriptions become the new account's (spec §4 Auth: tags synced on sign-up).
      const linkPush = linkDeviceStatement(db, c.var.deviceId, { id: inserted.id, name: input.name });
      // The device she signed up on is hers (a friend's referral from it is a self-referral, issue 47).
      const seen = deviceSeenStatement(db, inserted.id, c.var.deviceId);
      const deviceStatements = [...(linkPush ? [linkPush] : []), ...(seen ? [seen] : [])];
      // The address is hers only once the mailbox's owner opens this link (decision 85): until then the
      // shop sends it nothing but proof-class mails. Guest orders with the address join the account then
      // too (its text says so). An address already proven gets the link only for those orders.
      const verify = await signUpVerification(c.env, inserted.id, input.email, inserted.email_proven_at === null);
      // One inbox gets at most verifyPerEmail links a day, whoever signs up or asks: over that the sign-up
      // is answered as usual and nothing is sent (strangers cannot flood an inbox, nor lock her out).
      const room =
        verify !== null &&
        (await take(db, [limit(LIMITS.verifyPerEmail, `verify:email:${emailIdentity(input.email)}`)])) === null;
      if (!room && deviceStatements.length) await db.batch(deviceStatements);
      if (verify && room) {
        const link = `${siteOrigin(c)}${localizePath('/auth/verify-email', c.var.lang)}?token=${verify.token}`;
        // The token and its mail are stored together, or neither is.
        await db.batch([
          ...deviceStatements,
          verify.statement,
          queueMail(db, {
            to: input.email,
            lang: c.var.lang,
            kind: 'email_verification',
            dedupeKey: inboxKey(input.email, `verify:${verify.hash}`),
            ...(verify.guestOrders ? verifyOrdersMail : confirmSignUpMail)(c.var.lang, link),
          }),
        ]);
      }
      return c.json(
        ok({
          access_token,
          user: publicUser({
            id: inserted.id,
            name: input.name,
            email: input.email,
            phone: null,
            email_proven_at: inserted.email_proven_at,
          }),
        }),
      );
    },
  )
  .post(
    '/login',
    contract({
      tag: 'accounts',
      summary: 'Sign in',
      body: signInSchema,
      response: signedIn,
      messages: ['invalid_credentials'],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const db = c.env.DB;
      const keys = signInKeys(input.email, clientIp(c));
      await assertNotLocked(db, keys);
      const user = await db
        .prepare(
          'SELECT id, name, email, phone, phone_verified_at, email_proven_at, password_hash FROM users WHERE email = ? AND deleted_at IS NULL',
        )
        .bind(input.email)
        .first<UserRow>();
      // A missing account costs the same hashing work as a wrong password, so timing reveals nothing.
      // So does an account without a password (made with a phone): its '' would answer at once.
      let valid = false;
      if (user?.password_hash)
        valid = await verifyPassword(input.password, c.var.config.PASSWORD_PEPPER, user.password_hash);
      else await hashPassword(input.password, c.var.config.PASSWORD_PEPPER, c.var.config.PASSWORD_HASH_ITERATIONS);
      if (!user || !valid) {
        await recordFailure(db, keys);
        throw new ApiError(400, 'invalid_credentials');
      }
      // The failed-attempt counters clear, and this device's push subscriptions become the user's (spec §4
      // Auth: tags synced on sign-in), in one round trip.
      const linkPush = linkDeviceStatement(db, c.var.deviceId, user);
      const seen = deviceSeenStatement(db, user.id, c.var.deviceId);
      await db.batch([clearAccountFromAddress(db, keys), ...(linkPush ? [linkPush] : []), ...(seen ? [seen] : [])]);
      const access_token = await createSession(db, user.id);
      return c.json(ok({ access_token, user: publicUser(user) }));
    },
  )
  .post(
    '/logout',
    contract({
      tag: 'accounts',
      summary: 'Sign out (ends this session)',
      response: z.object({ signed_out: z.literal(true) }),
      messages: [],
    }),
    async (c) => {
      const user = await currentUser(c);
      if (user) {
        // The device stops receiving the account's pushes; it keeps its subscription as a guest device.
        const unlink = unlinkDeviceStatement(c.env.DB, c.var.deviceId, user.id);
        await Promise.all([revokeSession(c.env.DB, user.sessionId), unlink?.run()]);
        await noteSessionsEnded(c.env, user.id);
      }
      return c.json(ok({ signed_out: true }));
    },
  )
  .get(
    '/me',
    contract({
      tag: 'accounts',
      summary: 'The signed-in shopper',
      user: true,
      response: withUser,
      messages: [],
    }),
    async (c) => c.json(ok({ user: publicUser(await requireUser(c)) })),
  )
  // Sync data (spec §3): the signed-in user (null for a guest) and the country's free-shipping
  // threshold, minor units of its currency as paid (decision 52), with the delivery fee below it. A token that no longer holds is a 401.
  .get(
    '/sync',
    contract({
      tag: 'accounts',
      summary: "Sync data: the shopper (null for a guest) and the country's free-delivery threshold",
      response: z.object({
        user: publicUserSchema.nullable(),
        free_shipping: z.int(),
        delivery_fee: z.int().nullable(),
      }),
      messages: ['unauthorized'],
    }),
    async (c) => {
      const hasToken = !!c.req.header('authorization');
      const user = hasToken ? await requireUser(c) : null;
      const db = c.env.DB;
      const [settingsRes] = await db.batch([
        db
          .prepare('SELECT free_delivery_minor, delivery_fee FROM country_settings WHERE country = ?')
          .bind(c.var.country),
        // The country the shopper shops in now: alerts sent later are priced in it (written only on a change,
        // so a sync is a read otherwise).
        ...(user && user.country !== c.var.country
          ? [
              db
                .prepare('UPDATE users SET country = ?1 WHERE id = ?2 AND country IS NOT ?1')
                .bind(c.var.country, user.id),
            ]
          : []),
      ]);
      const settings = settingsRes!.results[0] as
        | Pick<CountrySettingsRow, 'free_delivery_minor' | 'delivery_fee'>
        | undefined;
      return c.json(
        ok({
          user: user ? publicUser(user) : null,
          free_shipping: countryAmountsOf(c.var.country, settings).free_delivery_minor,
          delivery_fee: settings?.delivery_fee ?? null,
        }),
      );
    },
  )
  .post(
    '/forgot-password',
    contract({
      tag: 'accounts',
      summary: 'Mail a password-reset link',
      body: forgotPasswordSchema,
      response: z.object({ sent: z.literal(true) }),
      messages: [],
    }),
    async (c) => {
      const { email } = c.req.valid('json');
      const db = c.env.DB;
      // One client address asking for many inboxes is refused (429). One inbox asked for from many
      // addresses gets at most forgotPerEmail mails an hour (no flooding), but is never refused: a request
      // over that answers as usual and sends nothing new, so strangers cannot lock the owner out; the
      // links already sent (valid RESET_TTL_MS) still work. Counted whether or not an account exists, so
      // neither answer reveals one.
      await enforce(db, [limit(LIMITS.forgotPerIp, `forgot:ip:${clientIp(c)}`)]);
      if ((await take(db, [limit(LIMITS.forgotPerEmail, `forgot:email:${emailIdentity(email)}`)])) !== null)
        return c.json(ok({ sent: true }));
      const user = await db
        .prepare('SELECT id FROM users WHERE email = ? AND deleted_at IS NULL')
        .bind(email)
        .first<Pick<UserRow, 'id'>>();
      if (user) {
        const token = randomToken();
        const now = Date.now();
        const hash = await tokenHash(token);
        const link = `${siteOrigin(c)}${localizePath('/auth/reset-password', c.var.lang)}?token=${token}`;
        // The token and its mail are stored together, or neither is.
        await db.batch([
          db
            .prepare('INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
            .bind(hash, user.id, now, now + RESET_TTL_MS),
          queueMail(
            db,
            {
              to: email,
              lang: c.var.lang,
              kind: 'password_reset',
              dedupeKey: `reset:${hash}`,
              ...resetMail(c.var.lang, link),
            },
            now,
          ),
        ]);
      }
      // The same answer whether or not the account exists: no way to probe for addresses.
      return c.json(ok({ sent: true }));
    },
  )
  .post(
    '/reset-password/check',
    contract({
      tag: 'accounts',
      summary: 'Whether a reset link can still set a password (used, expired or unknown: 400), using nothing up',
      body: resetLinkSchema,
      response: z.object({ valid: z.literal(true) }),
      messages: ['reset_link_invalid'],
    }),
    async (c) => {
      // The reset page asks when it opens, so a spent link says so before the shopper types a password.
      // A read: the link stays usable (a mail scanner that opens the page uses nothing up).
      // A replica may not have a link mailed a moment ago yet: a miss is asked again of the primary, so
      // a fresh link is never called spent.
      const { token } = c.req.valid('json');
      const hash = await tokenHash(token);
      const now = Date.now();
      const sql = 'SELECT 1 AS live FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?';
      const live =
        (await c.env.DB.prepare(sql).bind(hash, now).first<{ live: number }>()) ??
        (await c.env.DB.withSession('first-primary').prepare(sql).bind(hash, now).first<{ live: number }>());
      if (!live) throw new ApiError(400, 'reset_link_invalid');
      return c.json(ok({ valid: true }));
    },
  )
  .post(
    '/reset-password',
    contract({
      tag: 'accounts',
      summary: "Set a new password with a reset link's token",
      body: resetPasswordSchema,
      response: signedIn,
      messages: ['reset_link_invalid'],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const db = c.env.DB;
      const hash = await tokenHash(input.token);
      const now = Date.now();
      // Claiming the token and checking it in one statement: a link works once, even under retries.
      const claimed = await db
        .prepare(
          'UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id',
        )
        .bind(now, hash, now)
        .first<Pick<PasswordResetRow, 'user_id'>>();
      if (!claimed) throw new ApiError(400, 'reset_link_invalid');
      const passwordHash = await hashPassword(
        input.password,
        c.var.config.PASSWORD_PEPPER,
        c.var.config.PASSWORD_HASH_ITERATIONS,
      );
      await db.batch([
        db
          .prepare('UPDATE users SET password_hash = ? WHERE id = ? AND deleted_at IS NULL')
          .bind(passwordHash, claimed.user_id),
        // Only the inbox's owner could open the mailed link: her address is proven (decision 85).
        accountProvenStatement(db, claimed.user_id, now),
        revokeOtherSessions(db, claimed.user_id, null),
      ]);
      await noteSessionsEnded(c.env, claimed.user_id);
      const user = await db
        .prepare(
          'SELECT id, name, email, phone, phone_verified_at, email_proven_at FROM users WHERE id = ? AND deleted_at IS NULL',
        )
        .bind(claimed.user_id)
        .first<Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'phone_verified_at' | 'email_proven_at'>>();
      if (!user) throw new ApiError(400, 'reset_link_invalid');
      // The mailed link proved the address: the guest orders placed with it become this account's.
      // (Sign-up alone proves nothing, so a typed address never reveals someone else's orders.)
      await claimGuestOrders(c.env, user.id, user.email);
      // The owner proved the mailbox: failed sign-ins (anyone's) no longer lock the account.
      await clearAccount(db, user.email).run();
      const access_token = await createSession(db, user.id);
      return c.json(ok({ access_token, user: publicUser(user) }));
    },
  )
  .post(
    '/verify-email',
    contract({
      tag: 'accounts',
      summary: 'Confirm the e-mail address: it is proven, and guest orders join the account',
      body: verifyEmailSchema,
      response: z.object({ claimed: z.int() }),
      messages: ['verify_link_invalid'],
    }),
    async (c) => {
      const { token } = c.req.valid('json');
      const claimed = await claimByVerification(c.env, token);
      if (claimed === null) throw new ApiError(400, 'verify_link_invalid');
      return c.json(ok({ claimed }));
    },
  )
  // Decision 85: the signed-in shopper asks for her confirmation link again (the account page's button).
  .post(
    '/verify-email/resend',
    contract({
      tag: 'accounts',
      summary:
        'Mail the link that proves her e-mail again (sent: false when it is proven already or there is none; 429 rate_limited)',
      user: true,
      response: z.object({ sent: z.boolean() }),
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const db = c.env.DB;
      if (user.email === '' || user.email_proven_at !== null) return c.json(ok({ sent: false }));
      await enforce(db, [limit(LIMITS.verifyResendPerUser, `verify:user:${user.id}`)]);
      // The inbox's own limit, whoever asks: over it, answered as usual and nothing sent.
      if ((await take(db, [limit(LIMITS.verifyPerEmail, `verify:email:${emailIdentity(user.email)}`)])) !== null)
        return c.json(ok({ sent: true }));
      const verify = (await verificationFor(c.env, user.id, user.email, true))!;
      const link = `${siteOrigin(c)}${localizePath('/auth/verify-email', c.var.lang)}?token=${verify.token}`;
      await db.batch([
        verify.statement,
        queueMail(db, {
          to: user.email,
          lang: c.var.lang,
          kind: 'email_verification',
          dedupeKey: inboxKey(user.email, `verify:${verify.hash}`),
          ...confirmSignUpMail(c.var.lang, link),
        }),
      ]);
      return c.json(ok({ sent: true }));
    },
  )
  .post(
    '/profile/set-name',
    contract({
      tag: 'accounts',
      summary: 'Change the name',
      body: setNameSchema,
      user: true,
      response: withUser,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { name } = c.req.valid('json');
      await c.env.DB.prepare('UPDATE users SET name = ? WHERE id = ?').bind(name, user.id).run();
      return c.json(ok({ user: publicUser({ ...user, name }) }));
    },
  )
  // Her birthday for the yearly points (issue 47). A change (not the same day again) records when, so
  // that a birthday moved to today earns nothing before 30 days have passed (the ledger's cron).
  .post(
    '/profile/set-birthday',
    contract({
      tag: 'accounts',
      summary:
        "Set the birthday ('MM-DD', no year) or remove it (null); a change records when, and birthday points come from 30 days after it",
      body: setBirthdaySchema,
      user: true,
      response: withUser,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { birthday } = c.req.valid('json');
      await birthdayStatement(c.env.DB, user.id, birthday).run();
      return c.json(ok({ user: publicUser({ ...user, birthday }) }));
    },
  )
  // An account made with a phone code adds its e-mail (receipts, order mail, a password through "forgot
  // password"). It becomes the account's only once the mailed link is opened (verify-email): an address
  // nobody proved would let this account claim another shopper's guest orders. Once only.
  .post(
    '/profile/add-email',
    contract({
      tag: 'accounts',
      summary:
        'Add an e-mail to an account made with a phone: it joins the account when the mailed link is opened (409 email_taken, 409 email_already_set, 429 rate_limited)',
      body: addEmailSchema,
      user: true,
      response: z.object({ pending: z.string() }),
      messages: ['email_already_set', 'email_taken'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { email } = c.req.valid('json');
      const db = c.env.DB;
      if (user.email !== '') throw new ApiError(409, 'email_already_set');
      // Limited before the lookup: the answer says whether an account holds the address.
      await enforce(db, [
        limit(LIMITS.addEmailPerUser, `add-email:user:${user.id}`),
        limit(LIMITS.addEmailPerIp, `add-email:ip:${clientIp(c)}`),
      ]);
      const taken = await db
        .prepare("SELECT 1 AS found FROM users WHERE email = ? AND email <> '' AND deleted_at IS NULL")
        .bind(email)
        .first();
      if (taken) throw new ApiError(409, 'email_taken');
      // One inbox gets at most three links a day, whoever asks; an ask over that changes nothing and is
      // answered as usual (the links already sent still work until the last one replaces them).
      if ((await take(db, [limit(LIMITS.addEmailPerEmail, `add-email:email:${emailIdentity(email)}`)])) !== null)
        return c.json(ok({ pending: email }));
      const verify = (await verificationFor(c.env, user.id, email, true))!;
      const link = `${siteOrigin(c)}${localizePath('/auth/verify-email', c.var.lang)}?token=${verify.token}`;
      await db.batch([
        verify.statement,
        queueMail(db, {
          to: email,
          lang: c.var.lang,
          kind: 'email_verification',
          dedupeKey: inboxKey(email, `verify:${verify.hash}`),
          ...confirmAddedEmailMail(c.var.lang, link),
        }),
      ]);
      return c.json(ok({ pending: email }));
    },
  )
  .post(
    '/profile/set-phone',
    contract({
      tag: 'accounts',
      summary: 'Change the phone number',
      body: setPhoneSchema,
      user: true,
      response: withUser,
      messages: ['phone_needed_to_sign_in'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const input = c.req.valid('json');
      const phone = `${PHONE_RULES[input.country].dial}${nationalNumber(input.phone)}`;
      // Another number typed here is a contact number: only a code proves one (routes/phone-auth.ts). An
      // account whose phone is its only way in keeps it until a new one is proven.
      const verified = phone === user.phone ? user.phone_verified_at : null;
      if (!verified && user.phone_verified_at && user.email === '') throw new ApiError(409, 'phone_needed_to_sign_in');
      await c.env.DB.prepare('UPDATE users SET phone = ?, phone_verified_at = ? WHERE id = ?')
        .bind(phone, verified, user.id)
        .run();
      return c.json(ok({ user: publicUser({ ...user, phone, phone_verified_at: verified }) }));
    },
  )
  .post(
    '/profile/set-password',
    contract({
      tag: 'accounts',
      summary: 'Change the password (other sessions end)',
      body: setPasswordSchema,
      user: true,
      response: z.object({ changed: z.literal(true) }),
      messages: ['current_password_incorrect'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const input = c.req.valid('json');
      const db = c.env.DB;
      const row = await db
        .prepare('SELECT password_hash FROM users WHERE id = ?')
        .bind(user.id)
        .first<Pick<UserRow, 'password_hash'>>();
      await checkPassword(c, user.email, input.old_password, row?.password_hash, 'old_password');
      const hash = await hashPassword(
        input.new_password,
        c.var.config.PASSWORD_PEPPER,
        c.var.config.PASSWORD_HASH_ITERATIONS,
      );
      // Every other session ends; this one stays signed in.
      await db.batch([
        db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').bind(hash, user.id),
        revokeOtherSessions(db, user.id, user.sessionId),
      ]);
      await noteSessionsEnded(c.env, user.id);
      return c.json(ok({ changed: true }));
    },
  )
  .post(
    '/remove',
    contract({
      tag: 'accounts',
      summary: 'Delete the account (personal data removed)',
      body: removeAccountSchema,
      user: true,
      response: z.object({ removed: z.literal(true) }),
      messages: ['current_password_incorrect'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { password } = c.req.valid('json');
      const db = c.env.DB;
      const row = await db
        .prepare('SELECT password_hash FROM users WHERE id = ?')
        .bind(user.id)
        .first<Pick<UserRow, 'password_hash'>>();
      await checkPassword(c, user.email, password, row?.password_hash, 'password');
      // Personal and health data go at once; the row stays (anonymised) so kept orders keep their reference.
      const now = Date.now();
      await eraseAccount(c.env, user.id, {
        now,
        also: [erasureRecordStatement(db, user.id, { source: 'shopper' }, c.var.lang, now)],
      });
      await noteSessionsEnded(c.env, user.id);
      return c.json(ok({ removed: true }));
    },
  );
