// Back-in-stock alerts: per size, who still waits for the product, the alerts sent when it
// came back, the purchases that followed (within the window), and the conversion.
import type { AlertReportRow } from '#shared/api/alert-schemas';
import { formatPercent } from '#shared/money';
import type { StaffTranslator } from '../lib/i18n';
import type { StaffSelf } from '../lib/api';
import { Layout } from './Layout';
import { HOME_COUNTRY } from '#shared/countries';

export type AlertReportView = AlertReportRow;

export function AlertsPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  skus: AlertReportView[];
  windowDays: number;
  expiryDays: number;
}) {
  const { t, skus } = props;
  const ar = t.lang === 'ar';
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t('st_alerts_title')} path="/alerts">
      <h1>{t.t('st_alerts_title')}</h1>
      <p className="muted">{t.t('st_alerts_intro')}</p>
      <p className="muted">
        {t.t('st_alerts_window', { count: props.windowDays })} {t.t('st_alerts_expiry', { count: props.expiryDays })}
      </p>
      {skus.length === 0 ? (
        <p>{t.t('st_alerts_empty')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t.t('st_alerts_product')}</th>
                <th scope="col">{t.t('st_alerts_size')}</th>
                <th scope="col">{t.t('st_alerts_stock')}</th>
                <th scope="col">{t.t('st_alerts_waiting')}</th>
                <th scope="col">{t.t('st_alerts_sent')}</th>
                <th scope="col">{t.t('st_alerts_purchases')}</th>
                <th scope="col">{t.t('st_alerts_conversion')}</th>
              </tr>
            </thead>
            <tbody>
              {skus.map((r) => (
                <tr key={r.sku_id} data-sku={r.sku_id}>
                  <td dir="auto">
                    <a href={`/catalogue/products/${r.product_id}`}>{ar ? r.product_ar : r.product_en}</a>
                  </td>
                  <td dir="auto">{ar ? r.sku_ar : r.sku_en}</td>
                  <td>{t.n(r.stock)}</td>
                  <td>{t.n(r.waiting)}</td>
                  <td>{t.n(r.sent)}</td>
                  <td>{t.n(r.purchases)}</td>
                  <td>
                    {r.conversion === null ? (
                      <>
                        <span aria-hidden="true">{t.t('st_alerts_no_conversion')}</span>
                        <span className="visually-hidden">{t.t('st_alerts_no_conversion_label')}</span>
                      </>
                    ) : (
                      formatPercent(r.conversion, t.lang, HOME_COUNTRY)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Layout>
  );
}
