// The owner's monthly points report (issue 47): per country in its own currency, the chosen Gulf month
// in detail (points issued by why, and where they went) and the 12 months up to it, with the points
// outstanding at each month's end and their value at today's redeem rate (the liability); CSV beside.
import { ISSUED_KINDS as ISSUED, OUT_KINDS as OUT, type LoyaltyReport } from '#shared/loyalty/report';
import { formatMinor } from '#shared/money';
import type { StaffSelf } from '../../lib/api';
import type { StaffTranslator } from '../../lib/i18n';
import { Layout } from '../Layout';
import { type CurrencyCode, intlLocale } from '#shared/locale';
import { HOME_COUNTRY } from '#shared/countries';

function monthName(t: StaffTranslator, month: string) {
  return new Intl.DateTimeFormat(intlLocale(t.lang, HOME_COUNTRY), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.parse(`${month}-15T00:00:00Z`));
}

export function ReportPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: LoyaltyReport;
  months: string[];
}) {
  const { t, me, data } = props;
  const chosen = monthName(t, data.month);
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_report_title')} path="/loyalty">
      <h1>{t.t('st_report_title')}</h1>
      <p className="muted">{t.t('st_report_intro')}</p>
      <form method="get" action="/loyalty/report" className="filters">
        <div>
          <label htmlFor="month">{t.t('st_report_month')}</label>
          <select id="month" name="month" defaultValue={data.month}>
            {(props.months.includes(data.month) ? props.months : [data.month, ...props.months]).map((m) => (
              <option key={m} value={m}>
                {monthName(t, m)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit">{t.t('st_report_show')}</button>
        </div>
      </form>
      <p>
        <a href={`/loyalty/report.csv?month=${data.month}`} download>
          {t.t('st_report_download_csv')}
        </a>
      </p>
      {data.countries.map((c) => {
        const money = (minor: number) => formatMinor(minor, c.currency as CurrencyCode, t.lang, c.country);
        const detail = c.months.at(-1)!;
        const id = `report-${c.country}`;
        return (
          <section key={c.country} aria-labelledby={id} data-testid={id}>
            <h2 id={id}>
              {t.t('st_loyalty_country', { country: t.t(`st_country_${c.country}`), currency: c.currency })}
            </h2>
            <p className="muted">
              {t.t('st_report_rate', { count: c.redeem_step_points, value: money(c.redeem_step_value) })}
            </p>
            <h3>{t.t('st_report_chosen', { month: chosen })}</h3>
            <div className="row">
              <dl className="facts" data-testid={`${id}-issued`}>
                {ISSUED.map((k) => (
                  <div key={k}>
                    <dt>{t.t(`st_report_issued_${k}`)}</dt>
                    <dd data-figure={k}>{t.n(detail.issued[k])}</dd>
                  </div>
                ))}
              </dl>
              <dl className="facts" data-testid={`${id}-out`}>
                <div>
                  <dt>{t.t('st_report_issued')}</dt>
                  <dd data-figure="issued_total">
                    <strong>{t.n(detail.issued_total)}</strong>
                  </dd>
                </div>
                {OUT.map((k) => (
                  <div key={k}>
                    <dt>{t.t(`st_report_${k}`)}</dt>
                    <dd data-figure={k}>{t.n(detail[k])}</dd>
                  </div>
                ))}
                <div>
                  <dt>{t.t('st_report_outstanding')}</dt>
                  <dd data-figure="outstanding">
                    <strong>{t.n(detail.outstanding)}</strong>
                  </dd>
                </div>
                <div>
                  <dt>{t.t('st_report_liability', { currency: c.currency })}</dt>
                  <dd data-figure="liability">
                    <strong>{money(detail.liability)}</strong>
                  </dd>
                </div>
              </dl>
            </div>
            <h3>{t.t('st_report_last12', { month: chosen })}</h3>
            <div className="table-wrap">
              <table className="stacked">
                <thead>
                  <tr>
                    <th scope="col">{t.t('st_report_col_month')}</th>
                    <th scope="col">{t.t('st_report_issued')}</th>
                    {OUT.map((k) => (
                      <th key={k} scope="col">
                        {t.t(`st_report_${k}`)}
                      </th>
                    ))}
                    <th scope="col">{t.t('st_report_outstanding')}</th>
                    <th scope="col">{t.t('st_report_liability', { currency: c.currency })}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...c.months].reverse().map((r) => (
                    <tr key={r.month} data-month={r.month}>
                      <th scope="row">
                        <a href={`/loyalty/report?month=${r.month}`}>{monthName(t, r.month)}</a>
                      </th>
                      <td data-label={t.t('st_report_issued')}>{t.n(r.issued_total)}</td>
                      {OUT.map((k) => (
                        <td key={k} data-label={t.t(`st_report_${k}`)}>
                          {t.n(r[k])}
                        </td>
                      ))}
                      <td data-label={t.t('st_report_outstanding')}>{t.n(r.outstanding)}</td>
                      <td data-label={t.t('st_report_liability', { currency: c.currency })}>{money(r.liability)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
    </Layout>
  );
}
