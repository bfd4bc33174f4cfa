import { COUNTRY_CODES } from '#shared/locale';
import { ROLES, type RoleGrant } from '#shared/staff/permissions';
import type { TeamMember } from '#shared/api/staff-team-responses';
import type { StaffTranslator } from '../lib/i18n';
import type { StaffSelf } from '../lib/api';
import { DoneNote, ErrorNote, Layout } from './Layout';
import { CountryOptions } from './CountryOptions';

/** "all", "KW", "SA" or "" (not given) for one role's select. */
const grantValue = (grants: RoleGrant[], role: string) => {
  const g = grants.find((x) => x.role === role);
  return g ? (g.country ?? 'all') : '';
};

function grantText(t: StaffTranslator, g: RoleGrant) {
  return t.t('st_team_role_in', {
    role: t.t(`st_role_${g.role}`),
    where: g.country ? t.t(`st_country_${g.country}`) : t.t('st_all_countries'),
  });
}

/** One select per role: not given, every country, or one. */
function RoleSelects({ t, grants }: { t: StaffTranslator; grants: RoleGrant[] }) {
  return (
    <fieldset className="stack">
      <legend>{t.t('st_team_roles')}</legend>
      {ROLES.map((role) => (
        <div key={role}>
          <label htmlFor={`role-${role}`}>{t.t(`st_role_${role}`)}</label>
          <select id={`role-${role}`} name={`role_${role}`} defaultValue={grantValue(grants, role)}>
            <option value="">{t.t('st_team_role_none')}</option>
            <option value="all">{t.t('st_all_countries')}</option>
            <CountryOptions t={t} countries={COUNTRY_CODES} />
          </select>
        </div>
      ))}
    </fieldset>
  );
}

export function TeamPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  members: TeamMember[];
  canWrite: boolean;
  error?: string | null;
  done?: string | null;
}) {
  const { t } = props;
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t('st_team_title')} path="/team">
      <h1>{t.t('st_team_title')}</h1>
      <p className="muted">{t.t('st_team_intro')}</p>
      <DoneNote text={props.done} />
      <ErrorNote t={t} msg={props.error} />
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{t.t('st_team_member')}</th>
              <th scope="col">{t.t('st_team_roles')}</th>
              <th scope="col">{t.t('st_team_state')}</th>
            </tr>
          </thead>
          <tbody>
            {props.members.map((m) => (
              <tr key={m.id}>
                <td>
                  {props.canWrite && m.id !== props.me.staff.id ? <a href={`/team/${m.id}`}>{m.name}</a> : m.name}
                  <div className="muted mono" dir="ltr">
                    {m.email}
                  </div>
                </td>
                <td>
                  <ul>
                    {m.grants.map((g) => (
                      <li key={`${g.role}-${g.country}`}>{grantText(t, g)}</li>
                    ))}
                  </ul>
                </td>
                <td>
                  {!m.active ? t.t('st_team_disabled') : m.invited ? t.t('st_team_invited') : t.t('st_team_active')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {props.canWrite && (
        <section className="card stack" aria-labelledby="invite">
          <h2 id="invite">{t.t('st_team_invite_title')}</h2>
          <form method="post" action="/team" className="stack">
            <div>
              <label htmlFor="name">{t.t('st_team_name')}</label>
              <input type="text" id="name" name="name" required maxLength={80} />
            </div>
            <div>
              <label htmlFor="email">{t.t('st_email')}</label>
              <input id="email" name="email" type="email" required dir="ltr" />
            </div>
            <div>
              <label htmlFor="lang">{t.t('st_team_language')}</label>
              <select id="lang" name="lang" defaultValue={t.lang}>
                <option value="en">{t.t('st_team_lang_en')}</option>
                <option value="ar">{t.t('st_team_lang_ar')}</option>
              </select>
            </div>
            <RoleSelects t={t} grants={[]} />
            <button type="submit">{t.t('st_team_invite')}</button>
          </form>
        </section>
      )}
    </Layout>
  );
}

export function MemberPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  member: TeamMember;
  error?: string | null;
  done?: string | null;
}) {
  const { t, member } = props;
  return (
    <Layout
      t={t}
      nonce={props.nonce}
      me={props.me}
      title={t.t('st_team_grants_title', { name: member.name })}
      path="/team"
    >
      <h1>{t.t('st_team_grants_title', { name: member.name })}</h1>
      <p className="mono" dir="ltr">
        {member.email}
      </p>
      <DoneNote text={props.done} />
      <ErrorNote t={t} msg={props.error} />
      <form method="post" action={`/team/${member.id}/grants`} className="card stack">
        <RoleSelects t={t} grants={member.grants} />
        <button type="submit">{t.t('st_team_grants_save')}</button>
      </form>
      <form method="post" action={`/team/${member.id}/active`} className="stack">
        <input type="hidden" name="active" value={member.active ? '0' : '1'} />
        <button type="submit" className={member.active ? 'danger' : 'secondary'}>
          {member.active ? t.t('st_team_disable') : t.t('st_team_enable')}
        </button>
      </form>
    </Layout>
  );
}
