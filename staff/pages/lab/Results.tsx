// One order's results: a row per biomarker of its tests (value, unit, reference range, lab comment),
// saved together; the approve button for someone other than the person who entered them. Health data:
// the API audits every opening of this page.
import type { OrderResultsData } from '#shared/api/staff-lab-responses';
import { resultFlag } from '#shared/blood-tests/results';
import { formatDate } from '#shared/text/dates';
import type { StaffTextId, StaffTranslator } from '../../lib/i18n';
import type { StaffSelf } from '../../lib/api';
import { Layout } from '../Layout';
import { LabNotes, type Notes, statusText } from './common';

/** Why approval is not possible yet, per refusal the API gives. */
const REFUSAL_TEXT: Record<string, StaffTextId> = {
  results_same_person: 'st_lab_not_yours_to_approve',
  results_incomplete: 'st_lab_approve_incomplete',
  transition_not_allowed: 'st_lab_approve_after_lab',
  results_nothing_to_approve: 'st_lab_approve_nothing',
};

/** What was typed, shown again when the API refused it. */
export type Draft = Record<string, string>;

export function ResultsPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: OrderResultsData;
  notes: Notes;
  draft?: Draft;
}) {
  const { t, data, me, draft } = props;
  const ar = t.lang === 'ar';
  const o = data.order;
  const canEnter = data.can_enter && me.permissions.includes('results:enter');
  const canApprove = me.permissions.includes('results:approve');
  const when = (ms: number) => formatDate(ms, t.lang, o.country, { time: true });
  const field = (name: string, id: number, fallback: string | null | undefined) =>
    draft ? (draft[`${name}_${id}`] ?? '') : (fallback ?? '');
  return (
    <Layout
      t={t}
      nonce={props.nonce}
      me={me}
      title={t.t('st_lab_order_results_title', { id: o.id })}
      path="/lab/results"
    >
      <h1>{t.t('st_lab_order_results_title', { id: o.id })}</h1>
      <p>
        {o.patient_name} · {t.t(o.patient_sex === 'male' ? 'st_lab_sex_male' : 'st_lab_sex_female')} ·{' '}
        <bdi dir="ltr">{o.patient_birth}</bdi>
      </p>
      <p className="muted">
        {t.t('st_lab_visit_on', {
          date: formatDate(Date.parse(`${o.slot_date}T12:00:00Z`), t.lang, o.country),
          window: `${o.slot_window.replace('-', ':00–')}:00`,
        })}{' '}
        · {statusText(t, o.status)} · {data.tests.map((x) => (ar ? x.name_ar : x.name_en)).join('، ')}
      </p>
      <LabNotes t={t} notes={props.notes} />
      {o.status === 'results_ready' && <p className="note done">{t.t('st_lab_released')}</p>}
      {!data.can_enter && o.status !== 'results_ready' && <p className="note">{t.t('st_lab_results_closed')}</p>}
      {o.status === 'sample_collected' && me.permissions.includes('visits:collect') && (
        <form method="post" action="/lab/visits/at-lab" className="stack">
          <input type="hidden" name="order_id" value={o.id} />
          <input type="hidden" name="back" value={`/lab/results/${o.id}`} />
          <button type="submit" className="secondary">
            {t.t('st_lab_at_lab')}
          </button>
        </form>
      )}
      <form method="post" action={`/lab/results/${o.id}`}>
        <div className="table-wrap">
          <table className="stacked">
            <thead>
              <tr>
                <th scope="col">{t.t('st_lab_marker')}</th>
                <th scope="col">{t.t('st_lab_value')}</th>
                <th scope="col">{t.t('st_lab_unit')}</th>
                <th scope="col">{t.t('st_lab_ref_low')}</th>
                <th scope="col">{t.t('st_lab_ref_high')}</th>
                <th scope="col">{t.t('st_lab_comment')}</th>
              </tr>
            </thead>
            <tbody>
              {data.markers.map((m) => {
                const r = m.result;
                const name = ar ? m.name_ar : m.name_en;
                const flag = r ? resultFlag(r.value, r.ref_low, r.ref_high) : null;
                const id = m.biomarker_id;
                return (
                  <tr key={id}>
                    <th scope="row">
                      <span id={`marker-${id}`}>{name}</span>
                      <div className="muted small">
                        {r
                          ? t.t('st_lab_entered_by', { name: r.entered_by_name ?? '', date: when(r.entered_at) })
                          : t.t('st_lab_not_entered')}
                        {r?.approved_at && (
                          <div>
                            {t.t('st_lab_approved_by', { name: r.approved_by_name ?? '', date: when(r.approved_at) })}
                          </div>
                        )}
                        {flag && flag !== 'in_range' && (
                          <div className="flag">{t.t(flag === 'low' ? 'st_lab_flag_low' : 'st_lab_flag_high')}</div>
                        )}
                      </div>
                    </th>
                    {canEnter ? (
                      <>
                        <td data-label={t.t('st_lab_value')}>
                          <input
                            type="text"
                            name={`value_${id}`}
                            inputMode="decimal"
                            dir="ltr"
                            aria-label={`${t.t('st_lab_value')}: ${name}`}
                            defaultValue={field('value', id, r?.value)}
                          />
                        </td>
                        <td data-label={t.t('st_lab_unit')}>
                          <select
                            name={`unit_${id}`}
                            aria-label={`${t.t('st_lab_unit')}: ${name}`}
                            defaultValue={field('unit', id, r?.unit ?? m.unit)}
                          >
                            {m.units.map((u) => (
                              <option key={u.ucum} value={u.ucum}>
                                {ar ? u.ar : u.en}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td data-label={t.t('st_lab_ref_low')}>
                          <input
                            type="text"
                            name={`low_${id}`}
                            inputMode="decimal"
                            dir="ltr"
                            aria-label={`${t.t('st_lab_ref_low')}: ${name}`}
                            defaultValue={field('low', id, r?.ref_low)}
                          />
                        </td>
                        <td data-label={t.t('st_lab_ref_high')}>
                          <input
                            type="text"
                            name={`high_${id}`}
                            inputMode="decimal"
                            dir="ltr"
                            aria-label={`${t.t('st_lab_ref_high')}: ${name}`}
                            defaultValue={field('high', id, r?.ref_high)}
                          />
                        </td>
                        <td data-label={t.t('st_lab_comment')}>
                          <input
                            type="text"
                            name={`comment_${id}`}
                            aria-label={`${t.t('st_lab_comment')}: ${name}`}
                            defaultValue={field('comment', id, r?.comment)}
                          />
                        </td>
                      </>
                    ) : (
                      <>
                        <td data-label={t.t('st_lab_value')}>
                          <bdi dir="ltr">{r?.value ?? '–'}</bdi>
                        </td>
                        <td data-label={t.t('st_lab_unit')}>
                          <bdi dir="ltr">{r?.unit ?? m.unit}</bdi>
                        </td>
                        <td data-label={t.t('st_lab_ref_low')}>
                          <bdi dir="ltr">{r?.ref_low ?? '–'}</bdi>
                        </td>
                        <td data-label={t.t('st_lab_ref_high')}>
                          <bdi dir="ltr">{r?.ref_high ?? '–'}</bdi>
                        </td>
                        <td data-label={t.t('st_lab_comment')}>{r?.comment ?? ''}</td>
                      </>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {canEnter && (
          <p>
            <button type="submit">{t.t('st_lab_save_results')}</button>{' '}
            <span className="muted">{t.t('st_lab_edit_note')}</span>
          </p>
        )}
      </form>
      {canApprove && data.approval_refusal === null && (
        <form method="post" action="/lab/results/approve" className="card stack">
          <input type="hidden" name="order_id" value={o.id} />
          <p>{t.t('st_lab_approve_note')}</p>
          <button type="submit">{t.t('st_lab_approve')}</button>
        </form>
      )}
      {canApprove && data.approval_refusal !== null && data.approval_refusal !== 'results_locked' && (
        // Why the approve button is not there yet, in the approver's words.
        <p className="note" data-testid="approval-refusal">
          {t.t(REFUSAL_TEXT[data.approval_refusal] ?? 'st_lab_approve_later')}
        </p>
      )}
    </Layout>
  );
}
