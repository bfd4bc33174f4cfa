// A booking's results, once a second person at the lab approved them: marker, value, unit,
// reference range and where the value falls, as a plain table. The rich results pages live under
// /profile/blood-tests; this one is imported by the booking's page only, so no other page carries it.
import '../styles/blood-test-results.css';
import type { BloodTestResultLine } from '#shared/blood-tests/order-types';
import { useI18n } from '../i18n/context';

export function BookingResults({ results }: { results: BloodTestResultLine[] }) {
  const { t } = useI18n();
  if (results.length === 0) return null;
  const range = (r: BloodTestResultLine) =>
    r.ref_low !== null && r.ref_high !== null ? (
      <bdi dir="ltr">
        {r.ref_low}–{r.ref_high}
      </bdi>
    ) : r.ref_low !== null ? (
      t('bt_results_from', { low: r.ref_low })
    ) : r.ref_high !== null ? (
      t('bt_results_up_to', { high: r.ref_high })
    ) : (
      t('bt_results_no_range')
    );
  const flag = (r: BloodTestResultLine) =>
    r.flag === 'low' ? (
      <span className="bt-flag-out">{t('bt_results_low')}</span>
    ) : r.flag === 'high' ? (
      <span className="bt-flag-out">{t('bt_results_high')}</span>
    ) : r.flag === 'in_range' ? (
      <span className="bt-flag-in">{t('bt_results_in_range')}</span>
    ) : (
      '–'
    );
  return (
    <section className="form-card bt-results" aria-labelledby="bt-results-title" data-testid="bt-results">
      <h2 id="bt-results-title">{t('bt_results_title')}</h2>
      <p>{t('bt_results_intro')}</p>
      <div className="bt-results-wrap">
        <table className="bt-results-table">
          <thead>
            <tr>
              <th scope="col">{t('bt_results_marker')}</th>
              <th scope="col">{t('bt_results_value')}</th>
              <th scope="col">{t('bt_results_unit')}</th>
              <th scope="col">{t('bt_results_range')}</th>
              <th scope="col">{t('bt_results_status')}</th>
            </tr>
          </thead>
          <tbody>
            {results.map((r) => (
              <tr key={r.biomarker_id}>
                <th scope="row">
                  {r.name}
                  {r.comment && <div className="cart-line-meta">{t('bt_results_comment', { comment: r.comment })}</div>}
                </th>
                <td>
                  <bdi dir="ltr">{r.value}</bdi>
                </td>
                <td>
                  <bdi dir="ltr">{r.unit}</bdi>
                </td>
                <td>{range(r)}</td>
                <td>{flag(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
