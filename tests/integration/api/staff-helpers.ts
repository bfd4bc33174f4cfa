// Staff members for API tests: stored in D1 (tests/support/staff-fixture.ts), signed in through the real
// two steps, and called with their session as the staff worker calls.
import { env } from 'cloudflare:workers';
import { totpCode } from '#shared/staff/totp';
import type { RoleGrant } from '#shared/staff/permissions';
import { call, json } from './helpers';
import type { SignedInit } from '../../support/signed-fetch';
import { insertStaff, STAFF_PASSWORD, type StaffFixture } from '../../support/staff-fixture';

export { STAFF_PASSWORD };

export interface TestStaff extends StaffFixture {
  token: string;
}

export function createStaff(
  grants: RoleGrant[],
  options: { name?: string; lang?: 'en' | 'ar' } = {},
): Promise<StaffFixture> {
  return insertStaff(env.DB, grants, options);
}

/** Both sign-in steps, as the staff app takes them. */
export async function signInStaff(member: StaffFixture): Promise<TestStaff> {
  const first = await json(
    await call('/staff/auth/sign-in', { body: JSON.stringify({ email: member.email, password: STAFF_PASSWORD }) }),
  );
  const code = await totpCode(member.secret);
  const second = await call('/staff/auth/verify', { body: JSON.stringify({ ticket: first.data.ticket, code }) });
  const body = await json(second);
  if (second.status !== 200) throw new Error(`staff sign-in failed: ${JSON.stringify(body)}`);
  return { ...member, token: body.data.token };
}

export async function staffWith(
  grants: RoleGrant[],
  options: { name?: string; lang?: 'en' | 'ar' } = {},
): Promise<TestStaff> {
  return signInStaff(await createStaff(grants, options));
}

/** A call with a staff session (GET, or POST when a body is given). */
export function staffCall(token: string, path: string, init: SignedInit & { json?: unknown } = {}) {
  const { json: body, ...rest } = init;
  return call(path, {
    ...rest,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    headers: { authorization: `Staff ${token}`, ...rest.headers },
  });
}
