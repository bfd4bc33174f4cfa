// The owner's earnings report: per nutritionist and currency for a Gulf month (KWD and SAR apart,
// never converted), with the CSV download of the same figures.
import { formatMinor, isShopCurrency } from '#shared/money';
import type { StaffSelf } from '../../lib/api';
import type { StaffTranslator } from '../../lib/i18n';
import type { EarningsView } from '#shared/consultations/practice-views';
import { Layout } from '../Layout';
import { nameIn } from './common';
import { countryOfCurrency, HOME_COUNTRY } from '#shared/countries';
import { intlLocale } from '#shared/locale';

export function EarningsPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: EarningsView;
  months: string[];
}) {
  const { t, me, data } = props;
  const amount = (minor: number, currency: string) =>
    isShopCurrency(currency)
      ? formatMinor(minor, currency, t.lang, countryOfCurrency(currency) ?? HOME_COUNTRY)
      : String(minor);
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(intlLocale(t.lang, HOME_COUNTRY), {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(Date.parse(`${month}-15T00:00:00Z`));
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_practice_earnings_title')} path="/consultations">
      <h1>{t.t('st_practice_earnings_title')}</h1>
      <p className="muted">{t.t('st_practice_earnings_intro')}</p>
      <form method="get" action="/consultations/earnings" className="filters">
        <div>
          <label htmlFor="month">{t.t('st_practice_month')}</label>
          <select id="month" name="month" defaultValue={data.month}>
            {(props.months.includes(data.month) ? props.months : [data.month, ...props.months]).map((m) => (
              <option key={m} value={m}>
                {monthName(m)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit">{t.t('st_practice_show')}</button>
        </div>
      </form>
      <h2>{monthName(data.month)}</h2>
      {data.rows.length === 0 ? (
        <p>{t.t('st_practice_earnings_none')}</p>
      ) : (
        <div className="table-wrap">
          <table className="stacked">
            <thead>
              <tr>
                <th scope="col">{t.t('st_practice_nutritionist')}</th>
                <th scope="col">{t.t('st_practice_currency')}</th>
                <th scope="col">{t.t('st_practice_sessions_held')}</th>
                <th scope="col">{t.t('st_practice_no_shows')}</th>
                <th scope="col">{t.t('st_practice_gross')}</th>
                <th scope="col">{t.t('st_practice_refunds')}</th>
                <th scope="col">{t.t('st_practice_shop_share')}</th>
                <th scope="col">{t.t('st_practice_nutritionist_part')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={`${r.nutritionist_id}-${r.currency}`} data-earnings={`${r.nutritionist_id}-${r.currency}`}>
                  <td data-label={t.t('st_practice_nutritionist')}>
                    {nameIn(t, r)}
                    {r.awaiting_mark > 0 && (
                      <div className="muted">{t.t('st_practice_awaiting_mark', { count: r.awaiting_mark })}</div>
                    )}
                  </td>
                  <td data-label={t.t('st_practice_currency')}>{r.currency}</td>
                  <td data-label={t.t('st_practice_sessions_held')}>{t.n(r.sessions)}</td>
                  <td data-label={t.t('st_practice_no_shows')}>{t.n(r.no_shows)}</td>
                  <td data-label={t.t('st_practice_gross')}>{amount(r.gross, r.currency)}</td>
                  <td data-label={t.t('st_practice_refunds')}>{amount(r.refunds, r.currency)}</td>
                  <td data-label={t.t('st_practice_shop_share')}>
                    {amount(r.shop_share, r.currency)}
                    <div className="muted">
                      {t.t('st_practice_share_percent', { percent: t.n(r.shop_share_bp / 100) })}
                    </div>
                  </td>
                  <td data-label={t.t('st_practice_nutritionist_part')}>{amount(r.nutritionist_part, r.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <a href={`/consultations/earnings.csv?month=${data.month}`} download>
          {t.t('st_practice_download_csv')}
        </a>
      </p>
    </Layout>
  );
}
