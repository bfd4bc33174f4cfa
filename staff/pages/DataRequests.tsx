// Data requests (decision 49): exports and erasures, who asked, their status and dates, newest first.
// The shopper's page (Customers.tsx) is where staff act on one: prepare her archive, or erase.
import type { DataRequestRow } from '#shared/api/data-rights-schemas';
import { formatDate } from '#shared/text/dates';
import type { StaffSelf } from '../lib/api';
import type { StaffTextId, StaffTranslator } from '../lib/i18n';
import { Layout } from './Layout';
import { HOME_COUNTRY } from '#shared/countries';

export function DataRequestsPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  requests: DataRequestRow[];
}) {
  const { t } = props;
  const when = (ms: number | null) => (ms ? formatDate(ms, t.lang, HOME_COUNTRY, { time: true }) : '');
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t('st_data_requests_title')} path="/data-requests">
      <h1>{t.t('st_data_requests_title')}</h1>
      <p>{t.t('st_data_requests_intro')}</p>
      {props.requests.length === 0 ? (
        <p className="muted">{t.t('st_data_requests_none')}</p>
      ) : (
        <div className="table-wrap">
          <table data-testid="data-requests">
            <thead>
              <tr>
                <th>{t.t('st_data_requests_kind')}</th>
                <th>{t.t('st_data_requests_customer')}</th>
                <th>{t.t('st_data_requests_by')}</th>
                <th>{t.t('st_data_requests_status')}</th>
                <th>{t.t('st_data_requests_asked')}</th>
                <th>{t.t('st_data_requests_ready')}</th>
                <th>{t.t('st_data_requests_expires')}</th>
              </tr>
            </thead>
            <tbody>
              {props.requests.map((r) => (
                <tr key={r.id}>
                  <td>{t.t(`st_data_requests_kind_${r.kind}` as StaffTextId)}</td>
                  <td>
                    <a href={`/customers/${r.user_id}`}>
                      {r.deleted_at === null ? (
                        <span dir="ltr" className="mono">
                          {r.email || `#${r.user_id}`}
                        </span>
                      ) : (
                        `#${r.user_id} (${t.t('st_data_requests_erased')})`
                      )}
                    </a>
                  </td>
                  <td>{r.source === 'shopper' ? t.t('st_data_requests_by_shopper') : (r.staff_name ?? '')}</td>
                  <td>{t.t(`st_data_requests_status_${r.status}` as StaffTextId)}</td>
                  <td>{when(r.created_at)}</td>
                  <td>{when(r.ready_at ?? (r.kind === 'erasure' ? r.done_at : null))}</td>
                  <td>{r.kind === 'export' ? when(r.expires_at) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Layout>
  );
}
