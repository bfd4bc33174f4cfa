// A staff member stored straight in the API's database (as an owner's invitation would), for the API
// and storefront integration tests and the e2e stories. The secrets are the test workers'
// (vitest.config.ts apiTestVars) unless given.
import { hashPassword } from '#api/src/lib/password';
import { seal } from '#api/src/staff/secret-box';
import { newTotpSecret } from '#shared/staff/totp';
import type { RoleGrant } from '#shared/staff/permissions';

export const TEST_TOKEN_SECRET = 'test-token-secret-0123456789abcdef01234';
export const TEST_PASSWORD_PEPPER = 'test-password-pepper-0123456789abcdef012';
/**
 * A fixture's password is hashed at local mode's cost (api/wrangler.toml), not production's 100 000
 * rounds: sign-in reads the count from the stored hash, so the member signs in the same way, and 188
 * members a run at the full cost, hashed and then checked, were 11 CPU-seconds of PBKDF2. The full
 * cost is the register test's and a staff invite's, which hash through the API's configuration.
 */
const FIXTURE_HASH_ITERATIONS = 2000;
export const STAFF_PASSWORD = 'staff-password-123';

export interface StaffFixture {
  id: number;
  email: string;
  name: string;
  /** Base32 TOTP secret, for totpCode(). */
  secret: string;
}

export async function insertStaff(
  db: D1Database,
  grants: RoleGrant[],
  options: { name?: string; email?: string; lang?: 'en' | 'ar'; pepper?: string; tokenSecret?: string } = {},
): Promise<StaffFixture> {
  const email = options.email ?? `staff-${crypto.randomUUID().slice(0, 12)}@staff.test`;
  const name = options.name ?? 'Test Staff';
  const secret = newTotpSecret();
  const row = await db
    .prepare(
      'INSERT INTO staff (email, name, password_hash, totp_secret, lang, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
    )
    .bind(
      email,
      name,
      await hashPassword(STAFF_PASSWORD, options.pepper ?? TEST_PASSWORD_PEPPER, FIXTURE_HASH_ITERATIONS),
      await seal(secret, options.tokenSecret ?? TEST_TOKEN_SECRET),
      options.lang ?? 'en',
      Date.now(),
    )
    .first<{ id: number }>();
  if (!row) throw new Error('staff insert failed');
  await db.batch(
    grants.map((g) =>
      db.prepare('INSERT INTO staff_roles (staff_id, role, country) VALUES (?, ?, ?)').bind(row.id, g.role, g.country),
    ),
  );
  return { id: row.id, email, name, secret };
}
