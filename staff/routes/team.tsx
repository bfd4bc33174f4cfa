// The team pages (owner) and the invitation page a new member opens from their mail.
import { Hono, type Context } from 'hono';
import { renderSVG } from 'uqr';
import { isRole, type RoleGrant } from '#shared/staff/permissions';
import { COUNTRY_CODES, type CountryCode } from '#shared/locale';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import type { Invitation, Team } from '#shared/api/staff-team-responses';
import { MemberPage, TeamPage } from '../pages/Team';
import { InvitePage, type InvitationView } from '../pages/Invite';
import { MessagePage } from '../pages/Message';
import { apiFailurePage } from './failure';
import { readForm } from '../lib/form';

type Form = Record<string, string | File | (string | File)[]>;
const text = (form: Form, name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');

/** The role selects of a team form as grants: "all" for every country, a country code for one. */
function grantsFromForm(form: Form): RoleGrant[] {
  const grants: RoleGrant[] = [];
  for (const [name, value] of Object.entries(form)) {
    const role = name.startsWith('role_') ? name.slice(5) : '';
    if (!isRole(role) || typeof value !== 'string' || value === '') continue;
    if (value === 'all') grants.push({ role, country: null });
    else if ((COUNTRY_CODES as readonly string[]).includes(value)) grants.push({ role, country: value as CountryCode });
  }
  return grants;
}

async function team(c: Context<StaffAppEnv>) {
  return staffApi<Team>(c, 'GET', '/staff/team');
}

const DONE = { invited: 'st_team_invited_done', grants: 'st_team_grants_saved', state: 'st_team_state_saved' } as const;
const doneText = (c: Context<StaffAppEnv>) => {
  const key = DONE[c.req.query('done') as keyof typeof DONE];
  return key ? c.var.t.t(key) : null;
};

async function teamPage(c: Context<StaffAppEnv>, error: string | null = null, status = 200) {
  const answer = await team(c);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <TeamPage
      t={c.var.t}
      nonce={c.var.nonce}
      me={c.var.me}
      members={answer.envelope.data.members}
      canWrite={c.var.me.permissions.includes('staff:write')}
      error={error}
      done={error ? null : doneText(c)}
    />,
    status,
  );
}

async function memberPage(c: Context<StaffAppEnv>, id: number, error: string | null = null, status = 200) {
  const answer = await team(c);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  const member = answer.envelope.data.members.find((m) => m.id === id);
  if (!member) return apiFailurePage(c, 404);
  return html(
    c,
    <MemberPage
      t={c.var.t}
      nonce={c.var.nonce}
      me={c.var.me}
      member={member}
      error={error}
      done={error ? null : doneText(c)}
    />,
    status,
  );
}

const failed = (status: number) => (status === 409 || status === 400 || status === 429 ? status : 400);

export const teamRoutes = new Hono<StaffAppEnv>()
  .get('/team', staffPage('staff:read'), (c) => teamPage(c))
  .post('/team', staffPage('staff:write'), async (c) => {
    const form = await readForm(c);
    const answer = await staffApi(c, 'POST', '/staff/team', {
      name: text(form, 'name'),
      email: text(form, 'email'),
      lang: text(form, 'lang') === 'ar' ? 'ar' : 'en',
      grants: grantsFromForm(form),
    });
    if (answer.status === 401 || answer.status === 403) return apiFailurePage(c, answer.status);
    if (answer.status !== 200) return teamPage(c, answer.envelope.meta.msg, failed(answer.status));
    return c.redirect('/team?done=invited', 303);
  })
  .get('/team/:id{[0-9]+}', staffPage('staff:write'), (c) => memberPage(c, Number(c.req.param('id'))))
  .post('/team/:id{[0-9]+}/grants', staffPage('staff:write'), async (c) => {
    const id = Number(c.req.param('id'));
    const answer = await staffApi(c, 'POST', `/staff/team/${id}/grants`, {
      grants: grantsFromForm(await readForm(c)),
    });
    if (answer.status === 401 || answer.status === 403 || answer.status === 404)
      return apiFailurePage(c, answer.status);
    if (answer.status !== 200) return memberPage(c, id, answer.envelope.meta.msg, failed(answer.status));
    return c.redirect(`/team/${id}?done=grants`, 303);
  })
  .post('/team/:id{[0-9]+}/active', staffPage('staff:write'), async (c) => {
    const id = Number(c.req.param('id'));
    const active = text(await readForm(c), 'active') === '1';
    const answer = await staffApi(c, 'POST', `/staff/team/${id}/active`, { active });
    if (answer.status === 401 || answer.status === 403 || answer.status === 404)
      return apiFailurePage(c, answer.status);
    if (answer.status !== 200) return memberPage(c, id, answer.envelope.meta.msg, failed(answer.status));
    return c.redirect(`/team/${id}?done=state`, 303);
  });

async function invitation(c: Context<StaffAppEnv>, token: string) {
  const answer = await staffApi<Invitation>(c, 'GET', `/staff/invitation/${token}`);
  if (answer.status !== 200) return null;
  const { email, name, secret, otpauth } = answer.envelope.data;
  return { email, name, secret, qrSvg: renderSVG(otpauth) } satisfies InvitationView;
}

function invitationGone(c: Context<StaffAppEnv>) {
  const t = c.var.t;
  return html(
    c,
    <MessagePage t={t} nonce={c.var.nonce} title="st_invite_title" body={t.tKey('invitation_invalid')} />,
    404,
  );
}

const TOKEN = /^[0-9a-f]{64}$/;

export const invitationRoutes = new Hono<StaffAppEnv>()
  .get('/invite/:token', async (c) => {
    const token = c.req.param('token');
    const view = TOKEN.test(token) ? await invitation(c, token) : null;
    if (!view) return invitationGone(c);
    return html(c, <InvitePage t={c.var.t} nonce={c.var.nonce} token={token} invitation={view} />);
  })
  .post('/invite/:token', async (c) => {
    const token = c.req.param('token');
    const view = TOKEN.test(token) ? await invitation(c, token) : null;
    if (!view) return invitationGone(c);
    const form = await readForm(c);
    const again = (error: string, status: number) =>
      html(
        c,
        <InvitePage t={c.var.t} nonce={c.var.nonce} token={token} invitation={view} error={error} />,
        status as 400,
      );
    if (text(form, 'password') !== text(form, 'confirm')) return again('pass_match_validation_error', 400);
    const answer = await staffApi(c, 'POST', `/staff/invitation/${token}`, {
      password: text(form, 'password'),
      code: text(form, 'code'),
    });
    if (answer.status === 404) return invitationGone(c);
    if (answer.status !== 200) {
      const fields = (answer.envelope.data as { fields?: { message: string }[] } | null)?.fields;
      return again(fields?.[0]?.message ?? answer.envelope.meta.msg, failed(answer.status));
    }
    return c.redirect('/sign-in?joined=1', 303);
  });
