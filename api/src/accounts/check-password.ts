// The current password asked again (a change, a removal, a phone that will sign the account in): a
// stolen session must not become an unlimited password oracle, so failures count like failed sign-ins
// from this address.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { clientIp } from '../lib/client-ip';
import { ApiError } from '../lib/errors';
import { verifyPassword } from '../lib/password';
import { assertNotLocked, recordFailure, signInKeys } from './rate-limit';

export async function checkPassword(
  c: Context<AppEnv>,
  email: string,
  password: string,
  hash: string | undefined,
  field: string,
): Promise<void> {
  const keys = signInKeys(email, clientIp(c));
  await assertNotLocked(c.env.DB, keys);
  if (!hash || !(await verifyPassword(password, c.var.config.PASSWORD_PEPPER, hash))) {
    await recordFailure(c.env.DB, keys);
    // The shopper is signed in, so "e-mail or password" would mislead: name the field that is wrong.
    throw new ApiError(400, 'current_password_incorrect', {
      fields: [{ field, code: 'custom', message: 'current_password_incorrect' }],
    });
  }
}
