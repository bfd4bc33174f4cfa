// Amounts per country (decision 52): one form per country the member may read, each amount typed in
// that country's currency (VAT included, as shoppers see it), and beside it the country's cash on
// delivery: offered or not, and up to what order total (issue 77); saving needs promotions:write there.
import { AMOUNT_FIELDS, type CountryAmountField, type CountryAmountsView } from '#shared/api/country-amounts-schemas';
import type { CountryCode } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { minorToDecimal } from '#shared/money';
import type { StaffSelf } from '../lib/api';
import type { StaffTextId, StaffTranslator } from '../lib/i18n';
import { Layout } from './Layout';
import { Notice, type FormState } from './Customers';

const LABEL: Record<CountryAmountField, StaffTextId> = {
  free_delivery: 'st_amounts_free_delivery',
  price_quick_max: 'st_amounts_price_quick_max',
  price_range_max: 'st_amounts_price_range_max',
  unlock_margin: 'st_amounts_unlock_margin',
  wallet_top_up_max: 'st_amounts_wallet_top_up_max',
};

/** Cash on delivery as its form's strings: the box ticked ("on") or not, the cap in the country's decimals or empty. */
function cashFormValues(a: CountryAmountsView): Record<string, string> {
  const decimals = COUNTRY_FACTS[a.country].decimals;
  return {
    cod_enabled: a.cod_enabled ? 'on' : '',
    cod_max: a.cod_max_minor === null ? '' : minorToDecimal(a.cod_max_minor, decimals),
  };
}

/** The stored amounts as the form's strings, in the country's decimals ("200.00", "15.000"). */
function amountFormValues(a: CountryAmountsView): Record<string, string> {
  const decimals = COUNTRY_FACTS[a.country].decimals;
  return Object.fromEntries([
    ['country', a.country],
    ...AMOUNT_FIELDS.map((f) => [f, minorToDecimal(a[`${f}_minor`], decimals)]),
  ]);
}

export function AmountsPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  countries: CountryAmountsView[];
  state?: FormState & { country?: CountryCode };
}) {
  const { t, me, state } = props;
  const canWrite = me.permissions.includes('promotions:write');
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_amounts_title')} path="/amounts">
      <h1>{t.t('st_amounts_title')}</h1>
      <p className="muted">{t.t('st_amounts_intro')}</p>
      {/* A save's confirmation, or an error no country's form owns; a form's own error shows in it. */}
      <Notice
        t={t}
        state={state?.done ? { done: state.done } : state?.error && !state.country ? { error: state.error } : undefined}
      />
      {props.countries.map((a) => {
        const mine = state?.country === a.country;
        // A refused form comes back with what was typed: the cash form's values say which form they are.
        const cashTyped = mine && state?.values?.form === 'cash';
        const v = mine && state?.values && !cashTyped ? state.values : amountFormValues(a);
        const cash = cashTyped && state?.values ? state.values : cashFormValues(a);
        const currency = COUNTRY_FACTS[a.country].currency;
        const countryName = t.t(`st_country_${a.country}`);
        const id = (f: string) => `${a.country}-${f}`;
        return (
          <section key={a.country} aria-labelledby={id('title')} data-testid={`amounts-${a.country}`}>
            <h2 id={id('title')}>{t.t('st_amounts_country', { country: countryName, currency })}</h2>
            {mine && state?.error && <Notice t={t} state={{ error: state.error }} />}
            <form method="post" action="/amounts" className="card stack">
              <input type="hidden" name="country" value={a.country} />
              {AMOUNT_FIELDS.map((f) => (
                <div key={f}>
                  <label htmlFor={id(f)}>{`${t.t(LABEL[f])} (${currency})`}</label>
                  <input
                    type="text"
                    id={id(f)}
                    name={f}
                    defaultValue={v[f] ?? ''}
                    dir="ltr"
                    inputMode="decimal"
                    required
                    disabled={!canWrite}
                    aria-describedby={f === 'free_delivery' ? `${id(f)}-hint` : undefined}
                  />
                  {f === 'free_delivery' && (
                    <small id={`${id(f)}-hint`} className="muted">
                      {t.t('st_amounts_free_delivery_hint')}
                    </small>
                  )}
                </div>
              ))}
              {canWrite && <button type="submit">{t.t('st_amounts_save', { country: countryName })}</button>}
            </form>
            <form method="post" action="/amounts/cash" className="card stack" data-testid={`cash-${a.country}`}>
              <h3>{t.t('st_amounts_cod_title')}</h3>
              <input type="hidden" name="country" value={a.country} />
              <label className="choice">
                <input
                  type="checkbox"
                  name="cod_enabled"
                  id={id('cod_enabled')}
                  defaultChecked={cash.cod_enabled === 'on'}
                  disabled={!canWrite}
                />
                <span>{t.t('st_amounts_cod_enabled', { country: countryName })}</span>
              </label>
              <div>
                <label htmlFor={id('cod_max')}>{`${t.t('st_amounts_cod_max')} (${currency})`}</label>
                <input
                  type="text"
                  id={id('cod_max')}
                  name="cod_max"
                  defaultValue={cash.cod_max ?? ''}
                  dir="ltr"
                  inputMode="decimal"
                  disabled={!canWrite}
                  aria-describedby={`${id('cod_max')}-hint`}
                />
                <small id={`${id('cod_max')}-hint`} className="muted">
                  {t.t('st_amounts_cod_max_hint')}
                </small>
              </div>
              {canWrite && <button type="submit">{t.t('st_amounts_cod_save', { country: countryName })}</button>}
            </form>
          </section>
        );
      })}
    </Layout>
  );
}
