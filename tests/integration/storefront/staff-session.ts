// The staff app as a browser reaches it in these tests (decision 27): its own origin, handed over by
// the storefront as in local mode; same-origin form posts; and the two-step sign-in (password, then
// the TOTP code) that gives the staff session cookie.
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { totpCode } from '#shared/staff/totp';
import type { RoleGrant } from '#shared/staff/permissions';
import { insertStaff, STAFF_PASSWORD } from '../../support/staff-fixture';
import { cookiesFrom, storefront } from './helpers';

export const STAFF = 'http://staff.localhost';

/** Cookies joined for a cookie header, the empty ones left out. */
export const mergeCookies = (...parts: string[]) => parts.filter(Boolean).join('; ');

/** A request to the staff origin, redirects not followed. */
export function staffPage(path: string, cookie = '', init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set('cookie', cookie);
  return storefront(new Request(`${STAFF}${path}`, { ...init, headers, redirect: 'manual' }));
}

/** A form posted from a staff page (same origin unless `origin` says otherwise). */
export function staffPost(path: string, form: Record<string, string> | FormData, cookie = '', origin = STAFF) {
  const body = form instanceof FormData ? form : new URLSearchParams(form);
  const headers: Record<string, string> = { origin, 'sec-fetch-site': 'same-origin' };
  if (!(form instanceof FormData)) headers['content-type'] = 'application/x-www-form-urlencoded';
  return staffPage(path, cookie, { method: 'POST', body, headers });
}

/**
 * A new staff member with these grants, signed in through both forms; checks each step's answer.
 * Returns the session cookie (with the language cookie for Arabic) and the member's id.
 */
export async function staffSignIn(grants: RoleGrant[], options: { lang?: 'en' | 'ar'; name?: string } = {}) {
  const member = await insertStaff(env.API_DB, grants, { name: options.name ?? 'Huda' });
  const langCookie = options.lang === 'ar' ? 'staff_lang=ar' : '';
  const first = await staffPost('/sign-in', { email: member.email, password: STAFF_PASSWORD }, langCookie);
  expect(first.status).toBe(303);
  expect(first.headers.get('location')).toBe('/verify');
  const second = await staffPost(
    '/verify',
    { code: await totpCode(member.secret) },
    mergeCookies(cookiesFrom(first), langCookie),
  );
  expect(second.status).toBe(303);
  const session = cookiesFrom(second)
    .split('; ')
    .find((c) => c.startsWith('stk='))!;
  expect(session).toMatch(/^stk=[0-9a-f]{64}$/);
  return { cookie: mergeCookies(session, langCookie), id: member.id };
}
