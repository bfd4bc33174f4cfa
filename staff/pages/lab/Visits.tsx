// The day's home visits, grouped by area (Kuwait) or city (Saudi Arabia), with the collected and
// at-the-lab steps. Patient data: the API writes an audit row for every opening of this list.
import type { VisitView, VisitsData } from '#shared/api/staff-lab-responses';
import { formatMinor, isShopCurrency } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import type { StaffTranslator } from '../../lib/i18n';
import type { StaffSelf } from '../../lib/api';
import { Layout } from '../Layout';
import { LabNotes, type Notes, statusText } from './common';
import { HOME_COUNTRY } from '#shared/countries';

function payment(t: StaffTranslator, v: VisitView) {
  const amount = isShopCurrency(v.payment.currency)
    ? formatMinor(v.payment.total, v.payment.currency, t.lang, v.country)
    : '';
  switch (v.payment.state) {
    case 'pay_at_visit':
      return t.t('st_lab_pay_pay_at_visit', { amount });
    case 'paid':
      return t.t('st_lab_pay_paid');
    case 'failed':
      return t.t('st_lab_pay_failed');
    case 'refunded':
      return t.t('st_lab_pay_refunded');
    default:
      return t.t('st_lab_pay_pending');
  }
}

/** Who makes the visit, and its confirmation: chosen and confirmed while the visit is booked. */
function NurseCell(props: {
  t: StaffTranslator;
  visit: VisitView;
  nurses: VisitsData['nurses'];
  canAssign: boolean;
  back: string;
}) {
  const { t, visit: v } = props;
  const state = v.nurse ? (
    <div className={v.confirmed ? undefined : 'muted'}>
      {v.nurse.name} · {t.t(v.confirmed ? 'st_lab_visit_confirmed' : 'st_lab_visit_unconfirmed')}
    </div>
  ) : (
    <div className="muted">{t.t('st_lab_no_nurse')}</div>
  );
  if (!props.canAssign || v.status !== 'booked') return state;
  const choices = props.nurses.filter((n) => n.country === v.country);
  return (
    <>
      {state}
      {choices.length > 0 ? (
        <form method="post" action="/lab/visits/nurse" className="inline">
          <input type="hidden" name="order_id" value={v.id} />
          <input type="hidden" name="back" value={props.back} />
          <label className="visually-hidden" htmlFor={`nurse-${v.id}`}>
            {t.t('st_lab_nurse_for', { id: v.id })}
          </label>
          <select id={`nurse-${v.id}`} name="nurse_id" defaultValue={v.nurse?.id ?? ''} required>
            <option value="" disabled>
              {t.t('st_lab_choose_nurse')}
            </option>
            {choices.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
          </select>
          <button type="submit" className="secondary" aria-label={t.t('st_lab_assign_label', { id: v.id })}>
            {t.t('st_lab_assign')}
          </button>
        </form>
      ) : (
        <a href="/lab/nurses">{t.t('st_lab_add_nurses')}</a>
      )}
      {v.nurse && !v.confirmed && (
        <form method="post" action="/lab/visits/confirm">
          <input type="hidden" name="order_id" value={v.id} />
          <input type="hidden" name="back" value={props.back} />
          <button type="submit" aria-label={t.t('st_lab_confirm_label', { id: v.id })}>
            {t.t('st_lab_confirm')}
          </button>
        </form>
      )}
    </>
  );
}

export function VisitsPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: VisitsData;
  notes: Notes;
}) {
  const { t, data, me } = props;
  const ar = t.lang === 'ar';
  const canCollect = me.permissions.includes('visits:collect');
  const canResults = me.permissions.includes('results:read');
  const groups = new Map<string, VisitView[]>();
  for (const v of data.visits) groups.set(v.zone, [...(groups.get(v.zone) ?? []), v]);
  const back = `/lab/visits?date=${data.date}${data.zone ? `&zone=${data.zone}` : ''}`;
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_lab_visits_title')} path="/lab/visits">
      <h1>{t.t('st_lab_visits_title')}</h1>
      <p className="muted">{t.t('st_lab_visits_intro')}</p>
      <LabNotes t={t} notes={props.notes} />
      <form method="get" action="/lab/visits" className="filters">
        <div>
          <label htmlFor="date">{t.t('st_lab_date')}</label>
          <input id="date" name="date" type="date" defaultValue={data.date} required />
        </div>
        <div>
          <label htmlFor="zone">{t.t('st_lab_zone')}</label>
          <select id="zone" name="zone" defaultValue={data.zone ?? ''}>
            <option value="">{t.t('st_lab_all_zones')}</option>
            {data.zones.map((z) => (
              <option key={z.zone} value={z.zone}>
                {`${ar ? z.zone_ar : z.zone_en} (${t.n(z.visits)})`}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit">{t.t('st_lab_show')}</button>
        </div>
      </form>
      <p>
        {formatDate(Date.parse(`${data.date}T12:00:00Z`), t.lang, HOME_COUNTRY)} ·{' '}
        {t.t('st_lab_visits_count', { count: data.visits.length })}
      </p>
      {data.visits.length === 0 && <p>{t.t('st_lab_no_visits')}</p>}
      {[...groups.entries()].map(([zone, visits]) => (
        <section key={zone} aria-labelledby={`zone-${zone}`}>
          <h2 id={`zone-${zone}`}>
            {ar ? visits[0]!.zone_ar : visits[0]!.zone_en} · {t.t('st_lab_visits_count', { count: visits.length })}
          </h2>
          <div className="table-wrap">
            <table className="stacked">
              <thead>
                <tr>
                  <th scope="col">{t.t('st_lab_window')}</th>
                  <th scope="col">{t.t('st_lab_patient')}</th>
                  <th scope="col">{t.t('st_lab_address')}</th>
                  <th scope="col">{t.t('st_lab_tests')}</th>
                  <th scope="col">{t.t('st_lab_payment')}</th>
                  <th scope="col">{t.t('st_lab_nurse')}</th>
                  <th scope="col">{t.t('st_lab_status')}</th>
                  <th scope="col">{t.t('st_lab_action')}</th>
                </tr>
              </thead>
              <tbody>
                {visits.map((v) => (
                  <tr key={v.id} data-order={v.id}>
                    <td data-label={t.t('st_lab_window')}>
                      <bdi dir="ltr">
                        {v.slot.starts}–{v.slot.ends}
                      </bdi>
                      <div className="muted">
                        {t.t('st_lab_order')} <bdi className="mono">{v.id}</bdi>
                      </div>
                    </td>
                    <td data-label={t.t('st_lab_patient')}>
                      {v.patient.name}
                      <div className="muted">
                        {t.t(v.patient.sex === 'male' ? 'st_lab_sex_male' : 'st_lab_sex_female')} ·{' '}
                        {t.t('st_lab_born', { date: `\u2066${v.patient.date_of_birth}\u2069` })}
                      </div>
                    </td>
                    <td data-label={t.t('st_lab_address')}>
                      {v.address}
                      {v.phone && (
                        <div>
                          {t.t('st_lab_phone')}: <bdi dir="ltr">{v.phone}</bdi>
                        </div>
                      )}
                    </td>
                    <td data-label={t.t('st_lab_tests')}>
                      <ul className="plain">
                        {v.tests.map((x) => (
                          <li key={x.name_en}>{ar ? x.name_ar : x.name_en}</li>
                        ))}
                      </ul>
                    </td>
                    <td data-label={t.t('st_lab_payment')}>{payment(t, v)}</td>
                    <td data-label={t.t('st_lab_nurse')}>
                      <NurseCell t={t} visit={v} nurses={data.nurses} canAssign={canCollect} back={back} />
                    </td>
                    <td data-label={t.t('st_lab_status')}>{statusText(t, v.status)}</td>
                    <td data-label={t.t('st_lab_action')}>
                      {canCollect && v.status === 'booked' && (
                        <form method="post" action="/lab/visits/collect">
                          <input type="hidden" name="order_id" value={v.id} />
                          <input type="hidden" name="back" value={back} />
                          <button type="submit" aria-label={t.t('st_lab_collect_label', { id: v.id })}>
                            {t.t('st_lab_collect')}
                          </button>
                        </form>
                      )}
                      {canCollect && v.status === 'sample_collected' && (
                        <form method="post" action="/lab/visits/at-lab">
                          <input type="hidden" name="order_id" value={v.id} />
                          <input type="hidden" name="back" value={back} />
                          <button
                            type="submit"
                            className="secondary"
                            aria-label={t.t('st_lab_at_lab_label', { id: v.id })}
                          >
                            {t.t('st_lab_at_lab')}
                          </button>
                        </form>
                      )}
                      {canResults && v.status !== 'booked' && (
                        <a href={`/lab/results/${v.id}`}>{t.t('st_lab_enter_results')}</a>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </Layout>
  );
}
