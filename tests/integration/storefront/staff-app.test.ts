// The back office as a browser meets it (decision 27): its own origin (staff.localhost here,
// handed over by the storefront as in local mode), sign-in in two form steps, a shopper's cookies
// worth nothing there, navigation by role, same-origin posts only, and no way in through the shop's /api.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { RoleGrant } from '#shared/staff/permissions';
import { cookiesFrom, storefront } from './helpers';
import { staffPage, staffPost, staffSignIn } from './staff-session';
import { totpCode } from '#shared/staff/totp';
import { insertStaff, STAFF_PASSWORD } from '../../support/staff-fixture';
import { loadCatalogueFixture } from '../fixtures/catalogue';

const post = staffPost;

async function signIn(grants: RoleGrant[], lang: 'en' | 'ar' = 'en') {
  return (await staffSignIn(grants, { lang, name: 'Mariam' })).cookie;
}

describe('the staff app', () => {
  it('answers 401 with its sign-in form, in English or Arabic, to anyone without a staff session', async () => {
    const res = await staffPage('/');
    expect(res.status).toBe(401);
    const page = await res.text();
    expect(page).toContain('<html lang="en" dir="ltr">');
    expect(page).toContain('Staff sign-in');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'none'");
    const ar = await staffPage('/audit', 'staff_lang=ar');
    expect(ar.status).toBe(401);
    expect(await ar.text()).toContain('<html lang="ar" dir="rtl">');
  });

  it("treats a shopper's session cookies as no session", async () => {
    const email = `shopper-${crypto.randomUUID()}@example.com`;
    const signUp = await storefront('/api/user/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
      body: JSON.stringify({ name: 'Shopper', email, password: 'secret1' }),
    });
    expect(signUp.status).toBe(200);
    const shopperCookies = cookiesFrom(signUp);
    expect(shopperCookies).toContain('atk=');
    // The same token under the staff cookie's name is no staff session either.
    const token = /atk=([^;]+)/.exec(shopperCookies)![1];
    for (const cookie of [shopperCookies, `stk=${token}`]) {
      const res = await staffPage('/', cookie);
      expect(res.status).toBe(401);
    }
  });

  it('signs in with password and code, and shows the sections of the role only', async () => {
    const owner = await signIn([{ role: 'owner', country: null }]);
    const dash = await staffPage('/', owner);
    expect(dash.status).toBe(200);
    const page = await dash.text();
    expect(page).toContain('Signed in as Mariam');
    expect(page).toContain('href="/audit"');

    const clerk = await signIn([{ role: 'fulfilment', country: 'KW' }], 'ar');
    const clerkDash = await staffPage('/', clerk);
    const clerkPage = await clerkDash.text();
    expect(clerkDash.status).toBe(200);
    expect(clerkPage).toContain('dir="rtl"');
    expect(clerkPage).toContain('الكويت');
    // Kuwait only: no Saudi figures, no audit log link.
    expect(clerkPage).not.toContain('السعودية');
    expect(clerkPage).not.toContain('href="/audit"');
    const audit = await staffPage('/audit', clerk);
    expect(audit.status).toBe(403);
  });

  it('refuses a wrong code, and a post from another origin, the shop included', async () => {
    const member = await insertStaff(env.API_DB, [{ role: 'support', country: null }]);
    const first = await post('/sign-in', { email: member.email, password: STAFF_PASSWORD });
    const wrong = await post('/verify', { code: '000000' }, cookiesFrom(first));
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('That code is not right');

    const owner = await signIn([{ role: 'owner', country: null }]);
    const crossSite = await post('/sign-out', {}, owner, 'http://localhost');
    expect(crossSite.status).toBe(403);
    expect((await staffPage('/', owner)).status).toBe(200);
  });

  it('signs out for good', async () => {
    const owner = await signIn([{ role: 'owner', country: null }]);
    const out = await post('/sign-out', {}, owner);
    expect(out.status).toBe(303);
    expect((await staffPage('/', owner)).status).toBe(401);
  });

  it("is not reachable through the shop's /api proxy", async () => {
    for (const path of ['/api/staff/me', '/api/staff/dashboard', '/api/Staff/me', '/api/%73taff/me']) {
      const res = await storefront(path, { headers: { 'x-requested-with': 'fetch' } });
      expect(res.status, path).toBe(404);
    }
  });

  it('lets an owner invite a member, who joins from the mailed link and signs in', async () => {
    const owner = await signIn([{ role: 'owner', country: null }]);
    const email = `joiner-${crypto.randomUUID().slice(0, 8)}@staff.test`;
    const invite = await post(
      '/team',
      { name: 'Joiner', email, lang: 'en', role_fulfilment: 'SA', role_support: '' },
      owner,
    );
    expect(invite.status).toBe(303);
    expect(invite.headers.get('location')).toBe('/team?done=invited');
    const team = await (await staffPage('/team?done=invited', owner)).text();
    expect(team).toContain('The invitation is on its way.');
    expect(team).toContain('Fulfilment · Saudi Arabia');
    expect(team).toContain('Invited, not joined yet');

    const mail = await env.API_DB.prepare('SELECT body_text FROM mail_outbox WHERE to_address = ? ORDER BY id DESC')
      .bind(email)
      .first<{ body_text: string }>();
    const token = /\/invite\/([0-9a-f]{64})/.exec(mail!.body_text)![1]!;
    const page = await staffPage(`/invite/${token}`);
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain('<svg');
    const secret = /<code[^>]*>([A-Z2-7 ]+)<\/code>/.exec(body)![1]!.replace(/ /g, '');
    const mismatch = await post(`/invite/${token}`, {
      password: 'joiner-password-1',
      confirm: 'joiner-password-2',
      code: '000000',
    });
    expect(mismatch.status).toBe(400);
    const joined = await post(`/invite/${token}`, {
      password: 'joiner-password-1',
      confirm: 'joiner-password-1',
      code: await totpCode(secret),
    });
    expect(joined.status).toBe(303);
    expect(joined.headers.get('location')).toBe('/sign-in?joined=1');
    const first = await post('/sign-in', { email, password: 'joiner-password-1' });
    expect(first.status).toBe(303);
    expect((await staffPage(`/invite/${token}`)).status).toBe(404);
  });
});

describe('the dashboard', () => {
  it('links each low-stock size to its product, for whoever may open the catalogue', async () => {
    await loadCatalogueFixture(env.API_DB);
    await env.API_DB.prepare('UPDATE skus SET stock = 2 WHERE id = 101').run();
    const clerk = (await staffSignIn([{ role: 'fulfilment', country: null }])).cookie;
    const html = await (await staffPage('/', clerk)).text();
    expect(html).toMatch(/<a href="\/catalogue\/products\/1">[^<]*Vitamin D3[^<]*<\/a>/);
  });
});
