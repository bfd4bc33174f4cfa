// The back office's doors (decision 27): two-step sign-in, sessions, a shopper's token
// refused on every staff route, and every role's allowed and forbidden routes, walked from the contract.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { can, ROLES } from '#shared/staff/permissions';
import { totpCode } from '#shared/staff/totp';
import { CLIENT_IP_HEADER } from '#shared/api/client-ip';
import { CONTRACTED, concrete, keyOf } from './contracted-routes';
import { call, deviceToken, json } from './helpers';
import { createStaff, STAFF_PASSWORD, staffCall, staffWith, type TestStaff } from './staff-helpers';

/** The back office's routes, walked from the contracts beside their handlers (decision 68). */
const STAFF_ROUTES = CONTRACTED.filter((r) => r.contract.staff);

async function shopperToken(): Promise<string> {
  const email = `shopper-${crypto.randomUUID()}@example.com`;
  const res = await call('/user/register', {
    body: JSON.stringify({ name: 'Shopper', email, password: 'secret1' }),
    token: await deviceToken(),
  });
  return (await json(res)).data.access_token;
}

describe('staff sign-in', () => {
  it('takes the password, then the code, and answers a session that names the grants and permissions', async () => {
    const member = await staffWith([{ role: 'fulfilment', country: 'KW' }]);
    const res = await staffCall(member.token, '/staff/me');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.data.grants).toEqual([{ role: 'fulfilment', country: 'KW' }]);
    expect(body.data.permissions).toContain('orders:fulfil');
    expect(body.data.permissions).not.toContain('orders:refund');
    const lang = await staffCall(member.token, '/staff/me/lang', { json: { lang: 'ar' } });
    expect((await json(lang)).data).toEqual({ lang: 'ar' });
    expect((await json(await staffCall(member.token, '/staff/me'))).data.staff.lang).toBe('ar');
    const audit = await env.DB.prepare("SELECT * FROM audit_log WHERE action = 'staff.sign_in' AND staff_id = ?")
      .bind(member.id)
      .first();
    expect(audit).not.toBeNull();
  });

  it('refuses a wrong password and a wrong code with their message keys', async () => {
    const member = await createStaff([{ role: 'support', country: null }]);
    const wrong = await call('/staff/auth/sign-in', {
      body: JSON.stringify({ email: member.email, password: 'nope-nope' }),
    });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).meta.msg).toBe('invalid_credentials');
    const first = await json(
      await call('/staff/auth/sign-in', { body: JSON.stringify({ email: member.email, password: STAFF_PASSWORD }) }),
    );
    const code = await totpCode(member.secret);
    const bad = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await call('/staff/auth/verify', { body: JSON.stringify({ ticket: first.data.ticket, code: bad }) });
    expect(res.status).toBe(400);
    expect((await json(res)).meta.msg).toBe('totp_invalid');
  });

  it('writes failed and refused sign-ins to the audit log, unknown e-mails too', async () => {
    const member = await createStaff([{ role: 'support', country: null }]);
    const audit = async (action: string) =>
      (
        await env.DB.prepare('SELECT staff_id, after_json FROM audit_log WHERE action = ? ORDER BY id')
          .bind(action)
          .all<{ staff_id: number | null; after_json: string }>()
      ).results.map((r) => ({ staff_id: r.staff_id, ...JSON.parse(r.after_json) }));
    await call('/staff/auth/sign-in', { body: JSON.stringify({ email: member.email, password: 'nope-nope' }) });
    await call('/staff/auth/sign-in', { body: JSON.stringify({ email: 'nobody@staff.test', password: 'nope-nope' }) });
    const ticket = (
      await json(
        await call('/staff/auth/sign-in', { body: JSON.stringify({ email: member.email, password: STAFF_PASSWORD }) }),
      )
    ).data.ticket;
    await call('/staff/auth/verify', { body: JSON.stringify({ ticket, code: '000000' }) });
    expect(await audit('staff.sign_in_failed')).toEqual(
      expect.arrayContaining([
        { staff_id: member.id, step: 'password', email: member.email },
        { staff_id: null, step: 'password', email: 'nobody@staff.test' },
        { staff_id: member.id, step: 'code', email: member.email },
      ]),
    );
    // Enough failures lock the account from this address: the refusal is audited as well.
    let locked: Response | undefined;
    for (let i = 0; i < 30 && locked?.status !== 429; i++)
      locked = await call('/staff/auth/sign-in', {
        body: JSON.stringify({ email: member.email, password: `guess-${i}` }),
        headers: { [CLIENT_IP_HEADER]: '203.0.113.77' },
      });
    expect(locked!.status).toBe(429);
    expect(await audit('staff.sign_in_refused')).toContainEqual({
      staff_id: null,
      step: 'password',
      email: member.email,
    });
  });

  it('writes a role probe (a 403) to the audit log with the route asked for', async () => {
    const clerk = await staffWith([{ role: 'fulfilment', country: 'KW' }]);
    const res = await staffCall(clerk.token, '/staff/team');
    expect(res.status).toBe(403);
    const row = await env.DB.prepare(
      "SELECT staff_id, resource_id FROM audit_log WHERE action = 'staff.refused' AND staff_id = ?",
    )
      .bind(clerk.id)
      .first<{ staff_id: number; resource_id: string }>();
    expect(row).toEqual({ staff_id: clerk.id, resource_id: 'GET /staff/team' });
  });

  it('accepts a code once, and a ticket once', async () => {
    const member = await createStaff([{ role: 'support', country: null }]);
    const ticket = async () =>
      (
        await json(
          await call('/staff/auth/sign-in', {
            body: JSON.stringify({ email: member.email, password: STAFF_PASSWORD }),
          }),
        )
      ).data.ticket;
    const t1 = await ticket();
    const code = await totpCode(member.secret);
    expect((await call('/staff/auth/verify', { body: JSON.stringify({ ticket: t1, code }) })).status).toBe(200);
    const again = await call('/staff/auth/verify', { body: JSON.stringify({ ticket: t1, code }) });
    expect((await json(again)).meta.msg).toBe('sign_in_ticket_invalid');
    const replay = await call('/staff/auth/verify', { body: JSON.stringify({ ticket: await ticket(), code }) });
    expect((await json(replay)).meta.msg).toBe('totp_invalid');
  });

  it('ends a session on sign-out and after an hour without use, and never signs in a disabled member', async () => {
    const member = await staffWith([{ role: 'owner', country: null }]);
    expect((await staffCall(member.token, '/staff/auth/sign-out', { json: {} })).status).toBe(200);
    expect((await staffCall(member.token, '/staff/me')).status).toBe(401);

    const idle = await staffWith([{ role: 'owner', country: null }]);
    await env.DB.prepare('UPDATE staff_sessions SET last_seen_at = ? WHERE staff_id = ?')
      .bind(Date.now() - 61 * 60 * 1000, idle.id)
      .run();
    expect((await staffCall(idle.token, '/staff/me')).status).toBe(401);

    const disabled = await staffWith([{ role: 'owner', country: null }]);
    await env.DB.prepare('UPDATE staff SET active = 0 WHERE id = ?').bind(disabled.id).run();
    expect((await staffCall(disabled.token, '/staff/me')).status).toBe(401);
    const refused = await call('/staff/auth/sign-in', {
      body: JSON.stringify({ email: disabled.email, password: STAFF_PASSWORD }),
    });
    expect((await json(refused)).meta.msg).toBe('invalid_credentials');
  });
});

describe('staff routes and shoppers', () => {
  it('exist (the walk below has routes to walk)', () => {
    expect(STAFF_ROUTES.length).toBeGreaterThanOrEqual(5);
  });

  it("answer 401 to a shopper's session token on every staff route, and to no session", async () => {
    const token = await shopperToken();
    for (const route of STAFF_ROUTES) {
      const key = keyOf(route);
      const path = concrete(route.path, route.contract.params);
      const init = route.method === 'POST' ? { body: '{}' } : {};
      const asShopper = await call(path, { ...init, headers: { authorization: `Bearer ${token}` } });
      expect(asShopper.status, `${key} with a shopper's token`).toBe(401);
      const asStaffWithShopperToken = await call(path, { ...init, headers: { authorization: `Staff ${token}` } });
      expect(asStaffWithShopperToken.status, `${key} with a shopper's token as a staff token`).toBe(401);
      const anonymous = await call(path, init);
      expect(anonymous.status, `${key} with no session`).toBe(401);
    }
    // Three calls on each of the back office's ~110 routes: more than the default five seconds on a
    // busy two-core machine.
  }, 60_000);
});

describe('every role on every staff route', () => {
  /** The routes that need a permission, each with it. */
  const walked = STAFF_ROUTES.flatMap((route) => {
    const key = keyOf(route);
    const { staff } = route.contract;
    return staff && staff !== 'signed-in' && key !== 'POST /staff/auth/sign-out' ? [[key, staff] as const] : [];
  });
  const routeOf = new Map(STAFF_ROUTES.map((route) => [keyOf(route), route]));
  const callAs = (member: TestStaff, key: string) => {
    const route = routeOf.get(key)!;
    return staffCall(
      member.token,
      concrete(route.path, route.contract.params),
      route.method === 'POST' ? { body: '{}' } : {},
    );
  };

  it('lets every role through where it has the permission', async () => {
    for (const role of ROLES) {
      const member = await staffWith([{ role, country: null }]);
      for (const [key, permission] of walked) {
        if (!can([{ role, country: null }], permission)) continue;
        const res = await callAs(member, key);
        expect([401, 403], `${role} ${key}`).not.toContain(res.status);
        expect(res.status, `${role} ${key} is a bug`).toBeLessThan(500);
      }
    }
    // Every role on every route it may use: more than the default five seconds.
  }, 120_000);

  it('refuses with 403 forbidden every role without the permission', async () => {
    // One member per permission, holding every role that lacks it: refused, then each of those roles alone
    // is (a grant only ever adds rights, can()), and a route checked against another permission than its
    // contract's, or not at all, lets through the member holding a role that has it. The same proof as a
    // member per role and route, in a quarter of the requests (the walk of all of them was 70 s in CI).
    const members = new Map<string, TestStaff>();
    for (const [key, permission] of walked) {
      const refused = ROLES.filter((role) => !can([{ role, country: null }], permission));
      if (refused.length === 0) continue;
      let member = members.get(permission);
      if (!member) {
        member = await staffWith(refused.map((role) => ({ role, country: null })));
        members.set(permission, member);
      }
      const res = await callAs(member, key);
      expect(res.status, `${refused.join(', ')} ${key}`).toBe(403);
      expect((await json(res)).meta.msg).toBe('forbidden');
    }
    expect(members.size).toBeGreaterThan(5);
  }, 60_000);
});
