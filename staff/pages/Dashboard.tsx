import { formatMinor, isShopCurrency } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import type { DashboardData } from '#shared/api/staff-dashboard-responses';
import type { StaffTranslator } from '../lib/i18n';
import type { StaffSelf } from '../lib/api';
import { Layout } from './Layout';
import { HOME_COUNTRY } from '#shared/countries';

export function DashboardPage(props: { t: StaffTranslator; nonce: string; me: StaffSelf; data: DashboardData }) {
  const { t, data } = props;
  const ar = t.lang === 'ar';
  const canOpen = props.me.permissions.includes('catalogue:read');
  // Each country's own today (issue 77): a clerk of one country reads hers; a member of several reads the
  // home country's above, and a country whose day differs (the Emirates' begins an hour earlier) says its own.
  const only = data.countries.length === 1 ? data.countries[0] : undefined;
  const heading = only?.date ?? data.date;
  const headingCountry = only?.country ?? HOME_COUNTRY;
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t('st_dashboard_title')} path="/">
      <h1>{t.t('st_dashboard_title')}</h1>
      <p className="muted">
        {t.t('st_today', { date: formatDate(Date.parse(`${heading}T12:00:00Z`), t.lang, headingCountry) })}
      </p>
      {/* The owner is told weeks before the e-invoice stamp's certificate expires (issue 75). */}
      {data.e_invoice_renew_within_days !== null && (
        <p className="note error" role="alert" data-testid="einv-renew-warning">
          {data.e_invoice_renew_within_days === 0
            ? t.t('st_einv_expired')
            : t.t('st_einv_renew_soon', { count: data.e_invoice_renew_within_days })}{' '}
          <a href="/e-invoicing#renew">{t.t('st_einv_renew_title')}</a>
        </p>
      )}
      <div className="cards">
        {data.countries.map((day) => (
          <section key={day.country} className="card" aria-labelledby={`day-${day.country}`}>
            <h2 id={`day-${day.country}`}>{t.t(`st_country_${day.country}`)}</h2>
            {day.date !== heading && (
              <p className="muted" data-testid={`day-date-${day.country}`}>
                {t.t('st_today', { date: formatDate(Date.parse(`${day.date}T12:00:00Z`), t.lang, day.country) })}
              </p>
            )}
            <p className="figure">{t.t('st_orders_today', { count: day.orders })}</p>
            <p>
              {t.t('st_dashboard_orders_total', {
                amount: isShopCurrency(day.currency)
                  ? formatMinor(day.orders_total, day.currency, t.lang, day.country)
                  : '',
              })}
            </p>
            <ul>
              <li>{t.t('st_to_confirm', { count: day.to_confirm })}</li>
              <li>{t.t('st_payments_open', { count: day.payments_open })}</li>
              <li>{t.t('st_payments_failed', { count: day.payments_failed })}</li>
              <li>{t.t('st_visits_today', { count: day.visits })}</li>
              <li>{t.t('st_visits_to_collect', { count: day.visits_to_collect })}</li>
            </ul>
          </section>
        ))}
      </div>
      <h2>{t.t('st_low_stock')}</h2>
      {data.low_stock.length === 0 ? (
        <p>{t.t('st_low_stock_none')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t.t('st_product')}</th>
                <th scope="col">{t.t('st_stock')}</th>
              </tr>
            </thead>
            <tbody>
              {data.low_stock.map((s) => (
                <tr key={s.id}>
                  <td>
                    {/* The product's page, where its stock is changed, for whoever may open it. */}
                    {canOpen ? (
                      <a href={`/catalogue/products/${s.product_id}`}>
                        {ar ? s.name_ar : s.name_en} · {ar ? s.sku_ar : s.sku_en}
                      </a>
                    ) : (
                      <>
                        {ar ? s.name_ar : s.name_en} · {ar ? s.sku_ar : s.sku_en}
                      </>
                    )}
                  </td>
                  <td>{t.t('st_units_left', { count: s.stock })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Layout>
  );
}
