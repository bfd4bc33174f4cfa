// Promotions: the coupons, and one coupon's form (new or edit) with its deactivation.
import { formatMinor, minorToDecimal, currencyDecimals } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import type { CouponView } from '#shared/api/promotion-view';
import type { StaffTextId, StaffTranslator } from '../lib/i18n';
import type { StaffSelf } from '../lib/api';
import { Layout } from './Layout';
import { Notice, type FormState } from './Customers';
import { COUNTRY_CODES, CORE, type CountryCode, countryOfCurrency, currencyOf, HOME_COUNTRY } from '#shared/countries';
import { countryDate } from '#shared/country-days';
import { OTHER_COUNTRIES } from '#shared/api/people-schemas';
import { CountryOptions } from './CountryOptions';

/**
 * The day of an instant on the clocks of a coupon's or offer's country (the home country's for one of
 * every country), as the form's date fields read it and the API reads them back.
 */
export const countryDay = (ms: number | null, country: CountryCode | null) =>
  ms === null ? '' : countryDate(country ?? HOME_COUNTRY, ms);

/** An amount of the coupon in its own currency (KWD for a coupon of every country). */
const amount = (t: StaffTranslator, c: CouponView, minor: number) =>
  formatMinor(minor, c.currency ?? currencyOf(HOME_COUNTRY), t.lang, countryOfCurrency(c.currency) ?? HOME_COUNTRY);
const places = (c: CouponView) => currencyDecimals(c.currency ?? currencyOf(HOME_COUNTRY));

/** A coupon of all countries' amount beside each other country's own: "KWD 2.000 · SAR 25.00". */
const withOthers = (t: StaffTranslator, c: CouponView, own: string, field: 'value' | 'min_subtotal') => {
  const others = OTHER_COUNTRIES.flatMap((country) => {
    const minor = c.country === null ? c.amounts?.[country]?.[field] : undefined;
    return minor ? [formatMinor(minor, currencyOf(country), t.lang, country)] : [];
  });
  return [own, ...others].join(' · ');
};

const discount = (t: StaffTranslator, c: CouponView) =>
  c.kind === 'percent' ? `${t.n(c.value / 100)}%` : withOthers(t, c, amount(t, c, c.value), 'value');

/** The stored coupon as the form's strings. */
function couponFormValues(c: CouponView): Record<string, string> {
  return {
    code: c.code,
    kind: c.kind,
    value: c.kind === 'percent' ? String(c.value / 100) : minorToDecimal(c.value, places(c)),
    min_subtotal: c.min_subtotal_fils ? minorToDecimal(c.min_subtotal_fils, places(c)) : '',
    ...Object.fromEntries(
      OTHER_COUNTRIES.flatMap((country) => {
        const own = c.amounts?.[country];
        const places = currencyDecimals(currencyOf(country));
        return [
          [`value_${country}`, c.kind === 'fixed' && own?.value ? minorToDecimal(own.value, places) : ''],
          [`min_subtotal_${country}`, own?.min_subtotal ? minorToDecimal(own.min_subtotal, places) : ''],
        ];
      }),
    ),
    max_uses: c.max_uses === null ? '' : String(c.max_uses),
    per_person_limit: String(c.per_person_limit ?? (c.once_per_shopper ? 1 : '')),
    starts_on: countryDay(c.starts_at, c.country),
    ends_on: countryDay(c.ends_at, c.country),
    country: c.country ?? '',
  };
}

export function CouponsPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  coupons: CouponView[];
  state?: FormState;
}) {
  const { t, coupons, me } = props;
  const canWrite = me.permissions.includes('promotions:write');
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_promotions_title')} path="/promotions">
      <h1>{t.t('st_promotions_title')}</h1>
      <p className="muted">{t.t('st_promotions_intro')}</p>
      <Notice t={t} state={props.state} />
      {canWrite && (
        <p>
          <a className="button" href="/promotions/new">
            {t.t('st_promotions_new')}
          </a>
        </p>
      )}
      {coupons.length === 0 ? (
        <p>{t.t('st_promotions_none')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t.t('st_promotions_code')}</th>
                <th scope="col">{t.t('st_promotions_discount')}</th>
                <th scope="col">{t.t('st_promotions_country')}</th>
                <th scope="col">{t.t('st_promotions_limits')}</th>
                <th scope="col">{t.t('st_promotions_used')}</th>
                <th scope="col">{t.t('st_promotions_dates')}</th>
                <th scope="col">{t.t('st_promotions_state')}</th>
              </tr>
            </thead>
            <tbody>
              {coupons.map((c) => {
                const perPerson = c.per_person_limit ?? (c.once_per_shopper ? 1 : null);
                const limits = [
                  c.max_uses !== null ? t.t('st_promotions_total', { n: t.n(c.max_uses) }) : null,
                  perPerson !== null ? t.t('st_promotions_each', { n: t.n(perPerson) }) : null,
                  c.min_subtotal_fils
                    ? t.t('st_promotions_min_short', {
                        amount: withOthers(t, c, amount(t, c, c.min_subtotal_fils), 'min_subtotal'),
                      })
                    : null,
                ].filter(Boolean);
                const dates = [
                  c.starts_at !== null
                    ? t.t('st_promotions_from', { date: formatDate(c.starts_at, t.lang, c.country ?? HOME_COUNTRY) })
                    : null,
                  c.ends_at !== null
                    ? t.t('st_promotions_until', { date: formatDate(c.ends_at, t.lang, c.country ?? HOME_COUNTRY) })
                    : null,
                ].filter(Boolean);
                return (
                  <tr key={c.id}>
                    <td>
                      <a href={`/promotions/${c.id}`} className="mono" dir="ltr">
                        {c.code}
                      </a>
                    </td>
                    <td>{discount(t, c)}</td>
                    <td>{c.country ? t.t(`st_country_${c.country}`) : t.t('st_promotions_every_country')}</td>
                    <td>{limits.length ? limits.join(' · ') : t.t('st_promotions_unlimited')}</td>
                    <td>{t.n(c.used)}</td>
                    <td>{dates.length ? dates.join(' ') : t.t('st_promotions_always')}</td>
                    <td>{t.t(c.is_active ? 'st_promotions_active' : 'st_promotions_inactive')}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Layout>
  );
}

export function CouponFormPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  coupon: CouponView | null;
  state?: FormState;
}) {
  const { t, coupon, me, state } = props;
  const v = state?.values ?? (coupon ? couponFormValues(coupon) : { kind: 'percent' });
  const canWrite = me.permissions.includes('promotions:write');
  const title = coupon ? t.t('st_promotions_edit_title', { code: coupon.code }) : t.t('st_promotions_new');
  const field = fieldMaker(t, v, canWrite);
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={title} path="/promotions">
      <p>
        <a href="/promotions">{t.t('st_promotions_back')}</a>
      </p>
      <h1 dir="auto">{title}</h1>
      <Notice t={t} state={state} />
      {coupon && (
        <p>
          {t.t(coupon.is_active ? 'st_promotions_active' : 'st_promotions_inactive')} · {t.t('st_promotions_used')}:{' '}
          {t.n(coupon.used)}
        </p>
      )}
      <form method="post" action={coupon ? `/promotions/${coupon.id}` : '/promotions/new'} className="card stack">
        {field('code', 'st_promotions_code', { dir: 'ltr', required: true, maxLength: 32, autoComplete: 'off' })}
        <div className="row">
          <div>
            <label htmlFor="kind">{t.t('st_promotions_kind')}</label>
            <select id="kind" name="kind" defaultValue={v.kind} disabled={!canWrite}>
              <option value="percent">{t.t('st_promotions_percent')}</option>
              <option value="fixed">{t.t('st_promotions_fixed')}</option>
            </select>
          </div>
          {field(
            'value',
            'st_promotions_value',
            { dir: 'ltr', inputMode: 'decimal', required: true },
            'st_promotions_value_hint',
          )}
        </div>
        {field('min_subtotal', 'st_promotions_min', { dir: 'ltr', inputMode: 'decimal' }, 'st_promotions_min_hint')}
        {OTHER_COUNTRIES.map((country) => {
          // A coupon of all countries: this country's own amounts, typed in its currency.
          const place = {
            country: t.t(`st_country_${country}`),
            currency: CORE[country].currencyLabel[t.lang],
          };
          return (
            <div className="row" key={country}>
              {field(
                `value_${country}`,
                { text: t.t('st_promotions_value_in', place) },
                { dir: 'ltr', inputMode: 'decimal' },
                'st_promotions_both_amounts_hint',
              )}
              {field(
                `min_subtotal_${country}`,
                { text: t.t('st_promotions_min_in', place) },
                { dir: 'ltr', inputMode: 'decimal' },
              )}
            </div>
          );
        })}
        <div className="row">
          {field(
            'max_uses',
            'st_promotions_max_uses',
            { dir: 'ltr', inputMode: 'numeric' },
            'st_promotions_limit_hint',
          )}
          {field(
            'per_person_limit',
            'st_promotions_per_person',
            { dir: 'ltr', inputMode: 'numeric' },
            'st_promotions_limit_hint',
          )}
        </div>
        <div className="row">
          {field('starts_on', 'st_promotions_starts', { type: 'date' })}
          {field('ends_on', 'st_promotions_ends', { type: 'date' })}
        </div>
        <CountryField t={t} label="st_promotions_country" value={v.country} disabled={!canWrite} />
        {canWrite && <button type="submit">{t.t(coupon ? 'st_promotions_save' : 'st_promotions_create')}</button>}
      </form>
      {coupon && canWrite && (
        <ActiveToggle
          action={`/promotions/${coupon.id}/active`}
          active={!!coupon.is_active}
          label={t.t(coupon.is_active ? 'st_promotions_deactivate' : 'st_promotions_activate')}
        />
      )}
    </Layout>
  );
}

/** A promotion's country (coupons and offers): one, or both when empty. */
export function CountryField(props: {
  t: StaffTranslator;
  label: StaffTextId;
  value: string | null | undefined;
  disabled: boolean;
}) {
  const { t } = props;
  return (
    <div>
      <label htmlFor="country">{t.t(props.label)}</label>
      <select id="country" name="country" defaultValue={props.value ?? ''} disabled={props.disabled}>
        <option value="">{t.t('st_promotions_every_country')}</option>
        <CountryOptions t={t} countries={COUNTRY_CODES} />
      </select>
    </div>
  );
}

/** Switches a coupon or an offer on or off: its own small form, posted to `action`. */
export function ActiveToggle(props: { action: string; active: boolean; label: string }) {
  return (
    <form method="post" action={props.action} className="stack">
      <input type="hidden" name="active" value={props.active ? 'false' : 'true'} />
      <button type="submit" className={props.active ? 'danger' : 'secondary'}>
        {props.label}
      </button>
    </form>
  );
}

/** A labelled input of a coupon or offer form (its label a text id, or a text made with parameters), with its value and an optional hint under it. */
export function fieldMaker(t: StaffTranslator, values: Record<string, string | undefined>, canWrite: boolean) {
  return (
    name: string,
    label: StaffTextId | { text: string },
    extra: Record<string, unknown> = {},
    hint?: StaffTextId,
  ) => (
    <div>
      <label htmlFor={name}>{typeof label === 'string' ? t.t(label) : label.text}</label>
      <input
        type="text"
        id={name}
        name={name}
        defaultValue={values[name] ?? ''}
        disabled={!canWrite}
        aria-describedby={hint ? `${name}-hint` : undefined}
        {...extra}
      />
      {hint && (
        <small id={`${name}-hint`} className="muted">
          {t.t(hint)}
        </small>
      )}
    </div>
  );
}
