// Accounts (spec §7 /user/*): register, login, logout, me and sync. Tokens are returned in the
// body to the storefront worker, which moves them into httpOnly cookies.
import { Hono, type Context } from 'hono';
import { ok } from '../../../shared/api/envelope';
import { signInSchema, signUpSchema } from '../../../shared/api/account-schemas';
import { hashPassword, verifyPassword } from '../accounts/password';
import { assertNotLocked, recordFailure } from '../accounts/rate-limit';
import { createSession, revokeSession } from '../accounts/sessions';
import { ApiError } from '../lib/errors';
import { parseInput, readJson } from '../lib/validate';
import { currentUser, requireUser } from '../middleware/user';
import type { AppEnv } from '../app-env';

interface UserRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  password_hash: string;
}

const publicUser = (u: Pick<UserRow, 'id' | 'name' | 'email' | 'phone'>) => ({ id: u.id, name: u.name, email: u.email, phone: u.phone });

/** The shopper's address as the storefront saw it (signed, so it cannot be forged by the browser). */
function clientIp(c: Context<AppEnv>): string {
  return c.req.header('x-client-ip') || 'unknown';
}

export const userRoutes = new Hono<AppEnv>()
  .post('/register', async (c) => {
    const input = parseInput(signUpSchema, await readJson(c.req));
    const db = c.env.DB;
    const hash = await hashPassword(input.password, c.var.config.PASSWORD_PEPPER);
    const inserted = await db
      .prepare('INSERT INTO users (name, email, password_hash, lang, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id')
      .bind(input.name, input.email, hash, c.var.lang, Date.now())
      .first<{ id: number }>();
    if (!inserted) throw new ApiError(409, 'email_taken');
    const access_token = await createSession(db, inserted.id);
    return c.json(ok({ access_token, user: publicUser({ id: inserted.id, name: input.name, email: input.email, phone: null }) }));
  })
  .post('/login', async (c) => {
    const input = parseInput(signInSchema, await readJson(c.req));
    const db = c.env.DB;
    const keys = [`email:${input.email.toLowerCase()}`, `ip:${clientIp(c)}`];
    await assertNotLocked(db, keys);
    const user = await db
      .prepare('SELECT id, name, email, phone, password_hash FROM users WHERE email = ? AND deleted_at IS NULL')
      .bind(input.email)
      .first<UserRow>();
    // A missing account costs the same hashing work as a wrong password, so timing reveals nothing.
    const valid = user
      ? await verifyPassword(input.password, c.var.config.PASSWORD_PEPPER, user.password_hash)
      : (await hashPassword(input.password, c.var.config.PASSWORD_PEPPER), false);
    if (!user || !valid) {
      await recordFailure(db, keys);
      throw new ApiError(400, 'invalid_credentials');
    }
    const access_token = await createSession(db, user.id);
    return c.json(ok({ access_token, user: publicUser(user) }));
  })
  .post('/logout', async (c) => {
    const user = await currentUser(c);
    if (user) await revokeSession(c.env.DB, user.sessionId);
    return c.json(ok({ signed_out: true }));
  })
  .get('/me', async (c) => c.json(ok({ user: publicUser(await requireUser(c)) })))
  .get('/sync', async (c) => c.json(ok({ user: publicUser(await requireUser(c)) })));
