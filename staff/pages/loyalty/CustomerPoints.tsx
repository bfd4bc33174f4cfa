// A shopper's points on her page in the back office (issue 47), beside her wallet: per country her
// balance, tier and last 12 months' spending, the manual adjustment (the wallet's roles; a reason she
// reads in her history, a confirmation, and a one-time event key so a double submit writes once), and
// her points ledger a page at a time.
import type { StaffPointsView } from '#shared/api/staff-loyalty-schemas';
import type { CountryCode, CurrencyCode } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { formatMinor } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import type { StaffTextId, StaffTranslator } from '../../lib/i18n';
import { ReasonField } from '../ReasonField';
import { CountryOptions } from '../CountryOptions';

export interface PointsFormState {
  /** A message key, shown on the form. */
  error?: string;
  values?: Record<string, string>;
}

const money = (t: StaffTranslator, minor: number, country: CountryCode) =>
  formatMinor(minor, COUNTRY_FACTS[country].currency as CurrencyCode, t.lang, country);

export function PointsSection(props: {
  t: StaffTranslator;
  customerId: number;
  countries: CountryCode[];
  data: StaffPointsView;
  /** The page shown is an older one (a `points_before` was given). */
  paged: boolean;
  canAdjust: boolean;
  state?: PointsFormState;
  /** A fresh event key for the form (the one typed is kept when the form comes back refused). */
  eventKey: string;
}) {
  const { t, data, state } = props;
  const v = state?.values ?? {};
  const countries = props.countries.length ? props.countries : data.accounts.map((a) => a.country);
  const points = (n: number) => t.t('st_points_count', { count: n });
  return (
    <section aria-labelledby="points" data-testid="customer-points">
      <h2 id="points">{t.t('st_points_title')}</h2>
      {data.accounts.length === 0 ? (
        <p>{t.t('st_points_none')}</p>
      ) : (
        <ul className="figures">
          {data.accounts.map((a) => (
            <li key={a.country} className="figure" data-country={a.country}>
              {t.t(`st_country_${a.country}`)}: <strong>{points(a.balance)}</strong>
              <div className="muted">
                {t.t('st_points_tier_spend', {
                  tier: t.t(`st_loyalty_tier_${a.tier}`),
                  spend: money(t, a.spend_12m, a.country),
                })}
              </div>
            </li>
          ))}
        </ul>
      )}
      {props.canAdjust && countries.length > 0 && (
        <form
          method="post"
          action={`/customers/${props.customerId}/points`}
          className="card stack"
          aria-labelledby="points-adjust"
          data-testid="points-adjust"
        >
          <h3 id="points-adjust">{t.t('st_points_adjust')}</h3>
          {state?.error && (
            <p className="note error" role="alert">
              {state.error === 'st_points_confirm_required'
                ? t.t('st_points_confirm_required')
                : // The API's key is the checkout's too, worded for the shopper: staff read their own text.
                  state.error === 'points_insufficient'
                  ? t.t('st_points_insufficient')
                  : t.tKey(state.error, { field: t.t('st_points_points') })}
            </p>
          )}
          <input type="hidden" name="event_key" value={v.event_key ?? props.eventKey} />
          <div className="row">
            <div>
              <label htmlFor="points-country">{t.t('st_points_country')}</label>
              <select id="points-country" name="country" defaultValue={v.country ?? countries[0]}>
                <CountryOptions t={t} countries={countries} />
              </select>
            </div>
            <div>
              <label htmlFor="points-direction">{t.t('st_points_direction')}</label>
              <select id="points-direction" name="direction" defaultValue={v.direction ?? 'add'}>
                <option value="add">{t.t('st_points_add')}</option>
                <option value="remove">{t.t('st_points_remove')}</option>
              </select>
            </div>
            <div>
              <label htmlFor="points-points">{t.t('st_points_points')}</label>
              <input
                type="text"
                id="points-points"
                name="points"
                inputMode="numeric"
                dir="ltr"
                required
                defaultValue={v.points}
              />
            </div>
          </div>
          <ReasonField
            t={t}
            id="points-reason"
            name="reason"
            label="st_points_reason"
            hint="st_points_reason_hint"
            maxLength={300}
            value={v.reason}
          />
          <div className="field check">
            <input type="checkbox" id="points-confirm" name="confirm" required />
            <label htmlFor="points-confirm">{t.t('st_points_confirm')}</label>
          </div>
          <button type="submit">{t.t('st_points_apply')}</button>
        </form>
      )}

      <h3>{t.t('st_points_ledger')}</h3>
      {data.lines.length === 0 ? (
        <p>{t.t('st_points_no_ledger')}</p>
      ) : (
        <div className="table-wrap">
          <table className="stacked" data-testid="points-ledger">
            <thead>
              <tr>
                <th scope="col">{t.t('st_points_date')}</th>
                <th scope="col">{t.t('st_points_country')}</th>
                <th scope="col">{t.t('st_points_why')}</th>
                <th scope="col">{t.t('st_points_change')}</th>
                <th scope="col">{t.t('st_points_balance_after')}</th>
                <th scope="col">{t.t('st_points_expires')}</th>
                <th scope="col">{t.t('st_points_by')}</th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((l) => (
                <tr key={l.id} data-line={l.id}>
                  <td data-label={t.t('st_points_date')}>
                    {formatDate(l.created_at, t.lang, l.country, { time: true })}
                  </td>
                  <td data-label={t.t('st_points_country')}>{t.t(`st_country_${l.country}`)}</td>
                  <td data-label={t.t('st_points_why')}>
                    {t.t(`st_points_kind_${l.kind}` as StaffTextId)}
                    {l.order_id ? (
                      <>
                        {' · '}
                        <a href={`/orders/${l.order_id}`} className="mono">
                          {l.order_id}
                        </a>
                      </>
                    ) : null}
                    {l.consultation_id ? (
                      <>
                        {' · '}
                        <a href={`/consultations/${l.consultation_id}`} className="mono">
                          {l.consultation_id}
                        </a>
                      </>
                    ) : null}
                    {l.blood_test_order_id ? <span className="mono">{` · ${l.blood_test_order_id}`}</span> : null}
                  </td>
                  <td data-label={t.t('st_points_change')} dir="ltr" className={l.amount < 0 ? 'debit' : 'credit'}>
                    {l.amount > 0 ? '+' : '−'}
                    {t.n(Math.abs(l.amount))}
                  </td>
                  <td data-label={t.t('st_points_balance_after')}>{t.n(l.balance_after)}</td>
                  <td data-label={t.t('st_points_expires')}>
                    {l.expires_at ? formatDate(l.expires_at, t.lang, l.country) : ''}
                  </td>
                  <td data-label={t.t('st_points_by')}>
                    {l.staff_name ?? ''}
                    {l.reason ? <div className="muted">{l.reason}</div> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="pager">
        {props.paged && <a href={`/customers/${props.customerId}#points`}>{t.t('st_points_newest')}</a>}
        {props.paged && data.next !== null && ' · '}
        {data.next !== null && (
          <a href={`/customers/${props.customerId}?points_before=${data.next}#points`}>{t.t('st_points_older')}</a>
        )}
      </p>
    </section>
  );
}
