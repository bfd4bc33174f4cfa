// The team: the owner invites staff, gives and takes role grants, disables members. The shop
// always keeps an active owner for every country; nobody changes their own access here. Invitations
// are single-use links of 72 hours: the new member chooses a password and enrols the TOTP secret.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { newTotpSecret, matchTotp, otpauthUri } from '#shared/staff/totp';
import type { RoleGrant } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { ApiError } from '#api/src/lib/errors';
import { hashPassword } from '#api/src/lib/password';
import { randomToken, tokenHash } from '#api/src/accounts/tokens';
import { assertCan, requireStaff } from '#api/src/middleware/staff';
import type { StaffMember } from '#api/src/staff/sessions';
import { auditStatement } from '#api/src/staff/audit';
import { open, seal } from '#api/src/staff/secret-box';
import { revokeAllStaffSessions } from '#api/src/staff/sessions';
import { queueMail } from '#api/src/mail/outbox';
import { staffInvitationMail } from '#api/src/mail/texts';
import type { StaffRow } from '#api/src/db/rows';
import {
  staffInviteSchema,
  staffGrantsSchema,
  staffActiveSchema,
  invitationTokenParams,
  invitationAcceptSchema,
} from '#shared/api/staff-schemas';
import { idParams } from '#shared/api/route-schemas';
import {
  activeAnswerSchema,
  grantsAnswerSchema,
  invitationAcceptedSchema,
  invitationSchema,
  invitedSchema,
  teamSchema,
} from '#shared/api/staff-team-responses';

const INVITATION_MS = 72 * 60 * 60 * 1000;
const ISSUER = 'Gulf Vitamins staff';

interface MemberRow extends Pick<StaffRow, 'id' | 'email' | 'name' | 'lang' | 'active' | 'created_at'> {
  invited: number;
}

async function grantsOf(db: D1Database, staffId: number): Promise<RoleGrant[]> {
  const { results } = await db
    .prepare('SELECT role, country FROM staff_roles WHERE staff_id = ? ORDER BY role, country')
    .bind(staffId)
    .all<RoleGrant>();
  return results;
}

/** Active members other than `except` holding the owner role for every country. */
async function otherOwners(db: D1Database, except: number): Promise<number> {
  const row = await db
    .prepare(
      `SELECT count(*) AS n FROM staff_roles r JOIN staff s ON s.id = r.staff_id
       WHERE r.role = 'owner' AND r.country IS NULL AND s.active = 1 AND s.password_hash <> '' AND s.id <> ?`,
    )
    .bind(except)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * Managing staff is a whole-shop right: an owner limited to one country could otherwise invite a
 * member with every country's roles. So every team change needs staff:write for every country.
 */
async function requireTeamManager(c: Parameters<typeof requireStaff>[0]): Promise<StaffMember> {
  const me = await requireStaff(c);
  assertCan(me, 'staff:write', null);
  return me;
}

const isWholeOwner = (grants: RoleGrant[]) => grants.some((g) => g.role === 'owner' && g.country === null);

const grantStatements = (db: D1Database, staffId: number, grants: RoleGrant[]) => [
  db.prepare('DELETE FROM staff_roles WHERE staff_id = ?').bind(staffId),
  ...grants.map((g) =>
    db.prepare('INSERT INTO staff_roles (staff_id, role, country) VALUES (?, ?, ?)').bind(staffId, g.role, g.country),
  ),
];

async function openInvitation(db: D1Database, token: string) {
  return db
    .prepare(
      `SELECT s.id, s.email, s.name, s.lang, s.totp_secret FROM staff_invitations i JOIN staff s ON s.id = i.staff_id
       WHERE i.token_hash = ? AND i.used_at IS NULL AND i.expires_at > ? AND s.active = 1`,
    )
    .bind(await tokenHash(token), Date.now())
    .first<Pick<StaffRow, 'id' | 'email' | 'name' | 'lang' | 'totp_secret'>>();
}

export const staffTeamRoutes = new Hono<AppEnv>()
  .get(
    '/team',
    contract({
      tag: 'staff',
      summary: 'Staff members with their role grants and whether their invitation is still open',
      noDevice: true,
      staff: 'staff:read',
      response: teamSchema,
      messages: [],
    }),
    async (c) => {
      const db = c.env.DB;
      const [members, grants] = await db.batch([
        db.prepare(
          `SELECT s.id, s.email, s.name, s.lang, s.active, s.created_at, (s.password_hash = '') AS invited
         FROM staff s ORDER BY s.active DESC, s.name`,
        ),
        db.prepare('SELECT staff_id, role, country FROM staff_roles ORDER BY role, country'),
      ]);
      const byMember = new Map<number, RoleGrant[]>();
      for (const g of (grants?.results ?? []) as (RoleGrant & { staff_id: number })[])
        byMember.set(g.staff_id, [...(byMember.get(g.staff_id) ?? []), { role: g.role, country: g.country }]);
      return c.json(
        ok({
          members: ((members?.results ?? []) as MemberRow[]).map((m) => ({
            ...m,
            active: m.active === 1,
            invited: m.invited === 1,
            grants: byMember.get(m.id) ?? [],
          })),
        }),
      );
    },
  )
  .post(
    '/team',
    contract({
      tag: 'staff',
      summary: 'Invite a staff member: e-mail, name, language and role grants; the invitation is mailed',
      body: staffInviteSchema,
      noDevice: true,
      staff: 'staff:write',
      response: invitedSchema,
      messages: ['staff_email_taken'],
    }),
    async (c) => {
      const me = await requireTeamManager(c);
      const input = c.req.valid('json');
      const db = c.env.DB;
      const taken = await db.prepare('SELECT 1 FROM staff WHERE email = ?').bind(input.email).first();
      if (taken) throw new ApiError(409, 'staff_email_taken');
      const now = Date.now();
      const token = randomToken();
      const secret = await seal(newTotpSecret(), c.var.config.TOKEN_SECRET);
      const row = await db
        .prepare(
          `INSERT INTO staff (email, name, password_hash, totp_secret, lang, created_at, created_by)
         VALUES (?, ?, '', ?, ?, ?, ?) RETURNING id`,
        )
        .bind(input.email, input.name, secret, input.lang, now, me.id)
        .first<{ id: number }>();
      if (!row) throw new ApiError(409, 'staff_email_taken');
      const link = `${c.var.config.STAFF_ORIGIN}/invite/${token}`;
      const mail = staffInvitationMail(input.lang, input.name, link);
      await db.batch([
        ...grantStatements(db, row.id, input.grants),
        db
          .prepare(
            'INSERT INTO staff_invitations (token_hash, staff_id, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
          )
          .bind(await tokenHash(token), row.id, me.id, now, now + INVITATION_MS),
        queueMail(db, {
          to: input.email,
          ...mail,
          lang: input.lang,
          kind: 'staff_invitation',
          dedupeKey: `staff:${row.id}:invitation:${now}`,
        }),
        auditStatement(db, me, {
          action: 'staff.invite',
          resource: 'staff',
          resourceId: row.id,
          after: { email: input.email, name: input.name, grants: input.grants },
        }),
      ]);
      return c.json(ok({ id: row.id }));
    },
  )
  .post(
    '/team/:id{[0-9]+}/grants',
    contract({
      tag: 'staff',
      summary: "Replace a staff member's role grants (the shop keeps an owner for every country)",
      params: idParams,
      body: staffGrantsSchema,
      noDevice: true,
      staff: 'staff:write',
      response: grantsAnswerSchema,
      messages: ['staff_not_yourself', 'not_found', 'staff_last_owner'],
    }),
    async (c) => {
      const me = await requireTeamManager(c);
      const { id } = c.req.valid('param');
      const { grants } = c.req.valid('json');
      if (id === me.id) throw new ApiError(409, 'staff_not_yourself');
      const db = c.env.DB;
      const before = await grantsOf(db, id);
      const member = await db.prepare('SELECT id FROM staff WHERE id = ?').bind(id).first();
      if (!member) throw new ApiError(404, 'not_found');
      if (isWholeOwner(before) && !isWholeOwner(grants) && (await otherOwners(db, id)) === 0)
        throw new ApiError(409, 'staff_last_owner');
      await db.batch([
        ...grantStatements(db, id, grants),
        auditStatement(db, me, {
          action: 'staff.grants',
          resource: 'staff',
          resourceId: id,
          before: { grants: before },
          after: { grants },
        }),
      ]);
      return c.json(ok({ grants }));
    },
  )
  .post(
    '/team/:id{[0-9]+}/active',
    contract({
      tag: 'staff',
      summary: 'Disable a staff member (their sessions end) or enable them again',
      params: idParams,
      body: staffActiveSchema,
      noDevice: true,
      staff: 'staff:write',
      response: activeAnswerSchema,
      messages: ['staff_not_yourself', 'not_found', 'staff_last_owner'],
    }),
    async (c) => {
      const me = await requireTeamManager(c);
      const { id } = c.req.valid('param');
      const { active } = c.req.valid('json');
      if (id === me.id) throw new ApiError(409, 'staff_not_yourself');
      const db = c.env.DB;
      const member = await db.prepare('SELECT active FROM staff WHERE id = ?').bind(id).first<{ active: number }>();
      if (!member) throw new ApiError(404, 'not_found');
      if (!active && isWholeOwner(await grantsOf(db, id)) && (await otherOwners(db, id)) === 0)
        throw new ApiError(409, 'staff_last_owner');
      await db.batch([
        db.prepare('UPDATE staff SET active = ? WHERE id = ?').bind(active ? 1 : 0, id),
        ...(active ? [] : [revokeAllStaffSessions(db, id)]),
        auditStatement(db, me, {
          action: active ? 'staff.enable' : 'staff.disable',
          resource: 'staff',
          resourceId: id,
          before: { active: member.active === 1 },
          after: { active },
        }),
      ]);
      return c.json(ok({ active }));
    },
  )
  .get(
    '/invitation/:token',
    contract({
      tag: 'staff',
      summary: "An open invitation: the member's e-mail and name and the TOTP secret to enrol",
      params: invitationTokenParams,
      noDevice: true,
      response: invitationSchema,
      messages: ['invitation_invalid'],
    }),
    async (c) => {
      const { token } = c.req.valid('param');
      const member = await openInvitation(c.env.DB, token);
      if (!member) throw new ApiError(404, 'invitation_invalid');
      const secret = await open(member.totp_secret, c.var.config.TOKEN_SECRET);
      if (!secret) throw new ApiError(404, 'invitation_invalid');
      return c.json(
        ok({
          email: member.email,
          name: member.name,
          lang: member.lang,
          secret,
          otpauth: otpauthUri(secret, member.email, ISSUER),
        }),
      );
    },
  )
  .post(
    '/invitation/:token',
    contract({
      tag: 'staff',
      summary: 'Accept an invitation: the password and a first code from the authenticator app',
      params: invitationTokenParams,
      body: invitationAcceptSchema,
      noDevice: true,
      response: invitationAcceptedSchema,
      messages: ['invitation_invalid', 'totp_invalid'],
    }),
    async (c) => {
      const { token } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.env.DB;
      const member = await openInvitation(db, token);
      if (!member) throw new ApiError(404, 'invitation_invalid');
      const secret = await open(member.totp_secret, c.var.config.TOKEN_SECRET);
      // The first code proves the app was set up with this secret before the invitation is spent.
      const step = secret ? await matchTotp(secret, input.code) : null;
      if (step === null) throw new ApiError(400, 'totp_invalid');
      const hash = await hashPassword(
        input.password,
        c.var.config.PASSWORD_PEPPER,
        c.var.config.PASSWORD_HASH_ITERATIONS,
      );
      const [spent] = await db.batch([
        db
          .prepare('UPDATE staff_invitations SET used_at = ? WHERE token_hash = ? AND used_at IS NULL')
          .bind(Date.now(), await tokenHash(token)),
        db.prepare('UPDATE staff SET password_hash = ?, totp_last_step = ? WHERE id = ?').bind(hash, step, member.id),
        auditStatement(db, { id: member.id }, { action: 'staff.join', resource: 'staff', resourceId: member.id }),
      ]);
      if (!spent?.meta.changes) throw new ApiError(404, 'invitation_invalid');
      return c.json(ok({ email: member.email }));
    },
  );
