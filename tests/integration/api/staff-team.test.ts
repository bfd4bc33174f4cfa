// The team: invitations by mail, joining with a password and a first code, role grants
// changed and audited, the shop never left without an owner, nobody changing their own access.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { totpCode } from '#shared/staff/totp';
import { call, json } from './helpers';
import { staffCall, staffWith } from './staff-helpers';
import { auditStatement } from '#api/src/staff/audit';

const post = (token: string, path: string, body: unknown) => staffCall(token, path, { json: body });

async function lastMailTo(email: string) {
  return env.DB.prepare(
    'SELECT subject, body_text, lang FROM mail_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1',
  )
    .bind(email)
    .first<{ subject: string; body_text: string; lang: string }>();
}

describe('inviting a staff member', () => {
  it('mails a link in their language; the link sets a password and enrols the app, once', async () => {
    const owner = await staffWith([{ role: 'owner', country: null }]);
    const email = `new-${crypto.randomUUID().slice(0, 8)}@staff.test`;
    const res = await post(owner.token, '/staff/team', {
      email,
      name: 'Huda',
      lang: 'ar',
      grants: [{ role: 'lab_coordinator', country: 'SA' }],
    });
    expect(res.status).toBe(200);
    const mail = await lastMailTo(email);
    expect(mail?.lang).toBe('ar');
    expect(mail?.subject).toContain('دعوة');
    const token = /\/invite\/([0-9a-f]{64})/.exec(mail!.body_text)![1]!;
    expect(mail!.body_text).toContain(`http://staff.localhost:8787/invite/${token}`);

    // Before joining, the password step refuses everything.
    const early = await call('/staff/auth/sign-in', { body: JSON.stringify({ email, password: '' }) });
    expect(early.status).toBe(400);

    const view = await json(await call(`/staff/invitation/${token}`));
    expect(view.data).toMatchObject({ email, name: 'Huda' });
    expect(view.data.otpauth).toContain(`secret=${view.data.secret}`);

    const short = await call(`/staff/invitation/${token}`, {
      body: JSON.stringify({ password: 'short', code: await totpCode(view.data.secret) }),
    });
    expect(short.status).toBe(400);
    const wrongCode = await call(`/staff/invitation/${token}`, {
      body: JSON.stringify({ password: 'a-long-staff-password', code: '000000' }),
    });
    expect((await json(wrongCode)).meta.msg).toBe('totp_invalid');
    const joined = await call(`/staff/invitation/${token}`, {
      body: JSON.stringify({ password: 'a-long-staff-password', code: await totpCode(view.data.secret) }),
    });
    expect(joined.status).toBe(200);
    const again = await call(`/staff/invitation/${token}`);
    expect((await json(again)).meta.msg).toBe('invitation_invalid');

    const signIn = await call('/staff/auth/sign-in', {
      body: JSON.stringify({ email, password: 'a-long-staff-password' }),
    });
    expect(signIn.status).toBe(200);

    const audit = await env.DB.prepare(
      "SELECT action FROM audit_log WHERE resource = 'staff' AND action IN ('staff.invite', 'staff.join') ORDER BY id",
    ).all<{ action: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(expect.arrayContaining(['staff.invite', 'staff.join']));
  });

  it('refuses an e-mail already on the team', async () => {
    const owner = await staffWith([{ role: 'owner', country: null }]);
    const other = await staffWith([{ role: 'support', country: null }]);
    const res = await post(owner.token, '/staff/team', {
      email: other.email,
      name: 'Twice',
      lang: 'en',
      grants: [{ role: 'support', country: null }],
    });
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('staff_email_taken');
  });
});

describe('changing access', () => {
  it('replaces grants with an audit row of before and after, and takes effect on the next call', async () => {
    const owner = await staffWith([{ role: 'owner', country: null }]);
    const clerk = await staffWith([{ role: 'fulfilment', country: 'KW' }]);
    expect((await staffCall(clerk.token, '/staff/audit')).status).toBe(403);
    const res = await post(owner.token, `/staff/team/${clerk.id}/grants`, {
      grants: [{ role: 'support', country: 'SA' }],
    });
    expect(res.status).toBe(200);
    const me = await json(await staffCall(clerk.token, '/staff/me'));
    expect(me.data.grants).toEqual([{ role: 'support', country: 'SA' }]);
    const row = await env.DB.prepare(
      "SELECT before_json, after_json, staff_id FROM audit_log WHERE action = 'staff.grants' AND resource_id = ? ORDER BY id DESC",
    )
      .bind(String(clerk.id))
      .first<{ before_json: string; after_json: string; staff_id: number }>();
    expect(row?.staff_id).toBe(owner.id);
    expect(JSON.parse(row!.before_json).grants).toEqual([{ role: 'fulfilment', country: 'KW' }]);
    expect(JSON.parse(row!.after_json).grants).toEqual([{ role: 'support', country: 'SA' }]);
  });

  it('disables a member at once and refuses to change your own access or to leave no owner', async () => {
    const owner = await staffWith([{ role: 'owner', country: null }]);
    const agent = await staffWith([{ role: 'support', country: null }]);
    expect((await post(owner.token, `/staff/team/${agent.id}/active`, { active: false })).status).toBe(200);
    expect((await staffCall(agent.token, '/staff/me')).status).toBe(401);

    const self = await post(owner.token, `/staff/team/${owner.id}/grants`, {
      grants: [{ role: 'support', country: null }],
    });
    expect((await json(self)).meta.msg).toBe('staff_not_yourself');

    // An owner for one country only cannot manage the team (they could invite a whole-shop owner).
    const kwOwner = await staffWith([{ role: 'owner', country: 'KW' }]);
    const scoped = await post(kwOwner.token, '/staff/team', {
      email: `x-${crypto.randomUUID().slice(0, 8)}@staff.test`,
      name: 'Escalation',
      lang: 'en',
      grants: [{ role: 'owner', country: null }],
    });
    expect(scoped.status).toBe(403);

    // The last whole-shop owner who has joined cannot be disabled: here the acting owner's own account
    // is an open invitation (never joined), so it does not count as an owner.
    await env.DB.prepare(
      "UPDATE staff SET active = 0 WHERE id <> ? AND id IN (SELECT staff_id FROM staff_roles WHERE role = 'owner' AND country IS NULL)",
    )
      .bind(owner.id)
      .run();
    const acting = await staffWith([{ role: 'owner', country: null }]);
    await env.DB.prepare("UPDATE staff SET password_hash = '' WHERE id = ?").bind(acting.id).run();
    const leaveNone = await post(acting.token, `/staff/team/${owner.id}/active`, { active: false });
    expect(leaveNone.status).toBe(409);
    expect((await json(leaveNone)).meta.msg).toBe('staff_last_owner');
    const demote = await post(acting.token, `/staff/team/${owner.id}/grants`, {
      grants: [{ role: 'support', country: null }],
    });
    expect((await json(demote)).meta.msg).toBe('staff_last_owner');
  });
});

describe('the audit log', () => {
  it("shows an owner of one country that country's rows and the shop's own, never another country's", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const resource = `audit-test-${tag}`;
    await env.DB.batch(
      (['SA', 'KW', null] as const).map((country, i) =>
        auditStatement(env.DB, null, { action: 'wallet.adjust', resource, resourceId: i, country, after: { country } }),
      ),
    );
    const rows = async (grant: 'KW' | 'SA' | null) => {
      const owner = await staffWith([{ role: 'owner', country: grant }]);
      const page = await json(await staffCall(owner.token, `/staff/audit?resource=${resource}`));
      return (page.data.entries as { country: string | null }[]).map((e) => e.country).sort();
    };
    expect(await rows('KW')).toEqual(['KW', null]);
    expect(await rows('SA')).toEqual(['SA', null]);
    expect(await rows(null)).toEqual(['KW', 'SA', null]);
    // A row about a shopper naming no country (her export, her erasure's reason): every country's owners only.
    const shopper = 900_000 + Math.floor(Math.random() * 99_999);
    await auditStatement(env.DB, null, {
      action: 'customer.erase',
      resource: 'customer',
      resourceId: shopper,
      reason: `erased ${tag}`,
    }).run();
    const erased = async (grant: 'KW' | null) => {
      const owner = await staffWith([{ role: 'owner', country: grant }]);
      const page = await json(await staffCall(owner.token, `/staff/audit?resource=customer&resource_id=${shopper}`));
      return page.data.entries.length;
    };
    expect(await erased('KW')).toBe(0);
    expect(await erased(null)).toBe(1);
  });
});
