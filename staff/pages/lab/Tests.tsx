// The blood-test catalogue: each test's price and old price per country, and whether it is offered.
import type { TestsData } from '#shared/api/staff-lab-responses';
import { formatMinor, minorToDecimal } from '#shared/money';
import { COUNTRY_FACTS } from '#shared/countries';
import type { StaffTranslator } from '../../lib/i18n';
import type { StaffSelf } from '../../lib/api';
import { Layout } from '../Layout';
import { LabNotes, type Notes } from './common';

export function TestsPage(props: { t: StaffTranslator; nonce: string; me: StaffSelf; data: TestsData; notes: Notes }) {
  const { t, data, me } = props;
  const ar = t.lang === 'ar';
  const canWrite = me.permissions.includes('bloodtests:write');
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_lab_tests_title')} path="/lab/tests">
      <h1>{t.t('st_lab_tests_title')}</h1>
      <p className="muted">{t.t('st_lab_tests_intro')}</p>
      <p>
        <a href="/lab/tests/capacity">{t.t('st_lab_capacity_link')}</a>
      </p>
      <LabNotes t={t} notes={props.notes} />
      <div className="table-wrap">
        <table className="stacked">
          <thead>
            <tr>
              <th scope="col">{t.t('st_lab_test')}</th>
              {data.countries.map((k) => (
                <th scope="col" key={k}>
                  {t.t('st_lab_price_in', { country: t.t(`st_country_${k}`) })}
                </th>
              ))}
              <th scope="col">{t.t('st_lab_status')}</th>
            </tr>
          </thead>
          <tbody>
            {data.tests.map((x) => {
              const name = ar ? x.name_ar : x.name_en;
              return (
                <tr key={x.sku_id} id={`test-${x.id}`}>
                  <th scope="row">
                    {name}
                    {x.kind === 'panel' && <span className="muted"> · {t.t('st_lab_kind_panel')}</span>}
                  </th>
                  {data.countries.map((k) => {
                    const p = x.prices[k];
                    const { currency, decimals } = COUNTRY_FACTS[k];
                    if (!canWrite)
                      return (
                        <td key={k} data-label={t.t('st_lab_price_in', { country: t.t(`st_country_${k}`) })}>
                          {p ? formatMinor(p.price, currency, t.lang, k) : t.t('st_lab_not_sold')}
                          {p?.old_price != null && (
                            <div className="muted">
                              <s>{formatMinor(p.old_price, currency, t.lang, k)}</s>
                            </div>
                          )}
                        </td>
                      );
                    return (
                      <td key={k} data-label={t.t('st_lab_price_in', { country: t.t(`st_country_${k}`) })}>
                        <form method="post" action="/lab/tests/price" className="price-form">
                          <input type="hidden" name="sku_id" value={x.sku_id} />
                          <input type="hidden" name="country" value={k} />
                          <label>
                            <span className="small">{`${t.t('st_lab_price')} (${currency})`}</span>
                            <input
                              type="text"
                              name="price"
                              inputMode="decimal"
                              dir="ltr"
                              required
                              defaultValue={p ? minorToDecimal(p.price, decimals) : ''}
                              aria-label={`${t.t('st_lab_price')} ${currency}: ${name}`}
                            />
                          </label>
                          <label>
                            <span className="small">{t.t('st_lab_old_price')}</span>
                            <input
                              type="text"
                              name="old_price"
                              inputMode="decimal"
                              dir="ltr"
                              defaultValue={p?.old_price != null ? minorToDecimal(p.old_price, decimals) : ''}
                              aria-label={`${t.t('st_lab_old_price')} ${currency}: ${name}`}
                            />
                          </label>
                          <button type="submit" className="secondary">
                            {t.t('st_lab_save')}
                          </button>
                        </form>
                      </td>
                    );
                  })}
                  <td data-label={t.t('st_lab_status')}>
                    {t.t(x.is_active ? 'st_lab_active' : 'st_lab_inactive')}
                    {canWrite && data.can_toggle_active && (
                      <form method="post" action="/lab/tests/active">
                        <input type="hidden" name="blood_test_id" value={x.id} />
                        <input type="hidden" name="active" value={x.is_active ? 'false' : 'true'} />
                        <button type="submit" className="link">
                          {t.t(x.is_active ? 'st_lab_withdraw' : 'st_lab_offer')}
                        </button>
                      </form>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Layout>
  );
}
