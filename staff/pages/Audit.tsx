import type { AuditEntry } from '#shared/api/staff-audit-responses';
import { formatDate } from '#shared/text/dates';
import type { StaffTranslator } from '../lib/i18n';
import type { StaffSelf } from '../lib/api';
import { Layout } from './Layout';
import { HOME_COUNTRY } from '#shared/countries';

export function AuditPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  entries: AuditEntry[];
  nextBefore: number | null;
  filters: { resource?: string; resource_id?: string };
}) {
  const { t, entries, filters } = props;
  const older = new URLSearchParams({
    ...(filters.resource ? { resource: filters.resource } : {}),
    ...(filters.resource_id ? { resource_id: filters.resource_id } : {}),
    ...(props.nextBefore ? { before: String(props.nextBefore) } : {}),
  });
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t('st_audit_title')} path="/audit">
      <h1>{t.t('st_audit_title')}</h1>
      <p className="muted">{t.t('st_audit_intro')}</p>
      <form method="get" action="/audit" className="filters">
        <div>
          <label htmlFor="resource">{t.t('st_audit_record')}</label>
          <input type="text" id="resource" name="resource" defaultValue={filters.resource} dir="ltr" />
        </div>
        <div>
          <label htmlFor="resource_id">#</label>
          <input type="text" id="resource_id" name="resource_id" defaultValue={filters.resource_id} dir="ltr" />
        </div>
        <button type="submit">{t.t('st_filter')}</button>
        <a href="/audit">{t.t('st_clear_filters')}</a>
      </form>
      {entries.length === 0 ? (
        <p>{t.t('st_audit_empty')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t.t('st_audit_when')}</th>
                <th scope="col">{t.t('st_audit_who')}</th>
                <th scope="col">{t.t('st_audit_action')}</th>
                <th scope="col">{t.t('st_audit_record')}</th>
                <th scope="col">{t.t('st_audit_change')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{formatDate(e.at, t.lang, HOME_COUNTRY, { time: true })}</td>
                  <td>{e.staff_name ?? t.t('st_audit_system')}</td>
                  <td className="mono">{e.action}</td>
                  <td className="mono">
                    {e.resource}
                    {e.resource_id ? ` #${e.resource_id}` : ''}
                    {e.country ? ` · ${e.country}` : ''}
                  </td>
                  <td>
                    {e.before_json && (
                      <div>
                        {t.t('st_audit_before')}: <code dir="ltr">{e.before_json}</code>
                      </div>
                    )}
                    {e.after_json && (
                      <div>
                        {t.t('st_audit_after')}: <code dir="ltr">{e.after_json}</code>
                      </div>
                    )}
                    {e.reason && (
                      <div>
                        {t.t('st_audit_reason')}: {e.reason}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.nextBefore && (
        <p>
          <a href={`/audit?${older}`}>{t.t('st_audit_older')}</a>
        </p>
      )}
    </Layout>
  );
}
