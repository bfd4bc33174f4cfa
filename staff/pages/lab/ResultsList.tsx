// Orders whose results are awaited: to enter, or waiting for a second person's approval.
import type { PendingOrder } from '#shared/api/staff-lab-responses';
import type { StaffTranslator } from '../../lib/i18n';
import type { StaffSelf } from '../../lib/api';
import { Layout } from '../Layout';
import { LabNotes, type Notes, statusText } from './common';

export function ResultsListPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  orders: PendingOrder[];
  notes: Notes;
}) {
  const { t, orders } = props;
  const awaiting = (o: PendingOrder) =>
    o.awaiting === 'entry'
      ? t.t('st_lab_awaiting_entry', { entered: t.n(o.entered), count: o.markers })
      : o.awaiting === 'approval'
        ? t.t(o.mine > 0 ? 'st_lab_awaiting_approval_mine' : 'st_lab_awaiting_approval')
        : t.t('st_lab_awaiting_release');
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t('st_lab_results_title')} path="/lab/results">
      <h1>{t.t('st_lab_results_title')}</h1>
      <p className="muted">{t.t('st_lab_results_intro')}</p>
      <LabNotes t={t} notes={props.notes} />
      {orders.length === 0 ? (
        <p>{t.t('st_lab_results_none')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t.t('st_lab_order')}</th>
                <th scope="col">{t.t('st_lab_patient')}</th>
                <th scope="col">{t.t('st_lab_window')}</th>
                <th scope="col">{t.t('st_lab_status')}</th>
                <th scope="col">{t.t('st_lab_awaiting')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <a href={`/lab/results/${o.id}`}>
                      <bdi className="mono">{o.id}</bdi>
                    </a>
                  </td>
                  <td>{o.patient_name}</td>
                  <td>
                    <bdi dir="ltr">
                      {o.slot.date} {o.slot.starts}–{o.slot.ends}
                    </bdi>
                  </td>
                  <td>{statusText(t, o.status)}</td>
                  <td>{awaiting(o)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Layout>
  );
}
