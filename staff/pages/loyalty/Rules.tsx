// The owner's loyalty rules (issue 47): one form per country with every column of its loyalty_rules row
// and its three tiers, money typed in the country's own currency like the Amounts page (decision 52).
// A refused save shows each field's message beside it, and what was typed.
import {
  RULES_MONEY_FIELDS,
  RULES_WHOLE_FIELDS,
  TIER_FIELDS,
  tierField,
  type RulesMoneyField,
  type RulesWholeField,
  type TierField,
  type CountryLoyaltyRules,
} from '#shared/api/staff-loyalty-schemas';
import type { CountryCode, CurrencyCode } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { TIERS } from '#shared/loyalty/types';
import { formatMinor, minorToDecimal } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import type { StaffSelf } from '../../lib/api';
import type { StaffTextId, StaffTranslator } from '../../lib/i18n';
import { Layout } from '../Layout';
import { Notice } from '../Customers';

export interface RulesFormState {
  country?: CountryCode;
  done?: string;
  /** A message key no field owns. */
  error?: string;
  /** Field → message key. */
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

type Field = RulesWholeField | RulesMoneyField;

const LABEL: Record<Field, StaffTextId> = {
  points_per_unit: 'st_loyalty_points_per_unit',
  blood_test_points_per_unit: 'st_loyalty_blood_test_points_per_unit',
  consultation_points_per_unit: 'st_loyalty_consultation_points_per_unit',
  review_points: 'st_loyalty_review_points',
  birthday_points: 'st_loyalty_birthday_points',
  redeem_step_points: 'st_loyalty_redeem_step_points',
  redeem_step_value: 'st_loyalty_redeem_step_value',
  min_payable: 'st_loyalty_min_payable',
  expiry_months: 'st_loyalty_expiry_months',
  expiry_notice_days: 'st_loyalty_expiry_notice_days',
  referral_discount: 'st_loyalty_referral_discount',
  referral_min_subtotal: 'st_loyalty_referral_min_subtotal',
  referrer_points: 'st_loyalty_referrer_points',
  referral_monthly_cap: 'st_loyalty_referral_monthly_cap',
};

const GROUPS: { legend: StaffTextId; fields: Field[] }[] = [
  {
    legend: 'st_loyalty_earning',
    fields: [
      'points_per_unit',
      'blood_test_points_per_unit',
      'consultation_points_per_unit',
      'review_points',
      'birthday_points',
    ],
  },
  { legend: 'st_loyalty_spending', fields: ['redeem_step_points', 'redeem_step_value', 'min_payable'] },
  { legend: 'st_loyalty_expiry', fields: ['expiry_months', 'expiry_notice_days'] },
  {
    legend: 'st_loyalty_referrals',
    fields: ['referral_discount', 'referral_min_subtotal', 'referrer_points', 'referral_monthly_cap'],
  },
];

const TIER_LABEL: Record<TierField, StaffTextId> = {
  min_spend: 'st_loyalty_min_spend',
  multiplier: 'st_loyalty_multiplier',
  free_delivery: 'st_loyalty_free_delivery',
  early_access_hours: 'st_loyalty_early_access_hours',
};

const isMoney = (f: string) => (RULES_MONEY_FIELDS as readonly string[]).includes(f);

/** The stored rules as the form's strings, money in the country's decimals ("0.200", "20.00"). */
function rulesFormValues(v: CountryLoyaltyRules): Record<string, string> {
  const decimals = COUNTRY_FACTS[v.country].decimals;
  const money = (minor: number) => minorToDecimal(minor, decimals);
  const values: Record<string, string> = { country: v.country, is_active: v.rules.is_active ? 'on' : '' };
  for (const f of Object.keys(RULES_WHOLE_FIELDS) as RulesWholeField[]) values[f] = String(v.rules[f]);
  for (const f of RULES_MONEY_FIELDS) values[f] = money(v.rules[f]);
  for (const t of v.tiers) {
    values[tierField(t.tier, 'min_spend')] = money(t.min_spend);
    values[tierField(t.tier, 'multiplier')] = String(t.earn_multiplier_bp / 10_000);
    values[tierField(t.tier, 'free_delivery')] = t.free_delivery_minor === null ? '' : money(t.free_delivery_minor);
    values[tierField(t.tier, 'early_access_hours')] = String(t.early_access_hours);
  }
  return values;
}

function Input(props: {
  t: StaffTranslator;
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  decimal?: boolean;
  optional?: boolean;
}) {
  const { t, id, error, hint } = props;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        type="text"
        id={id}
        name={props.name}
        defaultValue={props.value}
        dir="ltr"
        inputMode={props.decimal ? 'decimal' : 'numeric'}
        required={!props.optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint && (
        <p className="hint muted" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {t.tKey(error, { field: props.label })}
        </p>
      )}
    </div>
  );
}

export function RulesPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  countries: CountryLoyaltyRules[];
  state?: RulesFormState;
}) {
  const { t, me, state } = props;
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_loyalty_title')} path="/loyalty">
      <h1>{t.t('st_loyalty_title')}</h1>
      <p className="muted">{t.t('st_loyalty_intro')}</p>
      <p>
        <a href="/loyalty/report">{t.t('st_loyalty_report_link')}</a>
      </p>
      <Notice
        t={t}
        state={state?.done ? { done: state.done } : state?.error && !state.country ? { error: state.error } : undefined}
      />
      {props.countries.map((view) => {
        const { country, currency } = view;
        const mine = state?.country === country;
        const v = mine && state?.values ? state.values : rulesFormValues(view);
        const errors = mine ? (state?.fields ?? {}) : {};
        const countryName = t.t(`st_country_${country}`);
        const id = (f: string) => `${country}-${f}`;
        const money = (minor: number) => formatMinor(minor, currency as CurrencyCode, t.lang, country);
        return (
          <section key={country} aria-labelledby={id('title')} data-testid={`loyalty-${country}`}>
            <h2 id={id('title')}>{t.t('st_loyalty_country', { country: countryName, currency })}</h2>
            {view.updated_at && (
              <p className="muted">
                {t.t('st_loyalty_updated', { date: formatDate(view.updated_at, t.lang, country, { time: true }) })}
              </p>
            )}
            {mine && state?.error && <Notice t={t} state={{ error: state.error }} />}
            {mine && Object.keys(errors).length > 0 && !state?.error && (
              <p className="note error" role="alert">
                {t.t('st_loyalty_errors')}
              </p>
            )}
            <form method="post" action="/loyalty" className="card stack" noValidate>
              <input type="hidden" name="country" value={country} />
              {GROUPS.map((g) => (
                <fieldset key={g.legend}>
                  <legend>
                    <h3>{t.t(g.legend)}</h3>
                  </legend>
                  <div className="grid">
                    {g.fields.map((f) => (
                      <Input
                        key={f}
                        t={t}
                        id={id(f)}
                        name={f}
                        label={t.t(LABEL[f], { currency })}
                        value={v[f] ?? ''}
                        error={errors[f]}
                        decimal={isMoney(f)}
                        hint={
                          f === 'points_per_unit'
                            ? t.t('st_loyalty_earn_hint')
                            : f === 'redeem_step_value'
                              ? t.t('st_loyalty_rate_now', {
                                  count: view.rules.redeem_step_points,
                                  value: money(view.rules.redeem_step_value),
                                })
                              : undefined
                        }
                      />
                    ))}
                  </div>
                </fieldset>
              ))}
              <div className="field check">
                <input
                  type="checkbox"
                  id={id('is_active')}
                  name="is_active"
                  defaultChecked={v.is_active === 'on' || v.is_active === '1'}
                  aria-describedby={`${id('is_active')}-hint`}
                />
                <label htmlFor={id('is_active')}>{t.t('st_loyalty_is_active')}</label>
              </div>
              <p className="hint muted" id={`${id('is_active')}-hint`}>
                {t.t('st_loyalty_is_active_hint')}
              </p>
              <fieldset>
                <legend>
                  <h3>{t.t('st_loyalty_tiers')}</h3>
                </legend>
                {TIERS.map((tier) => (
                  <div key={tier} className="stack" data-tier={tier}>
                    <h4>{t.t(`st_loyalty_tier_${tier}`)}</h4>
                    <div className="grid">
                      {TIER_FIELDS.map((f) => {
                        const name = tierField(tier, f);
                        return (
                          <Input
                            key={name}
                            t={t}
                            id={id(name)}
                            name={name}
                            label={t.t(TIER_LABEL[f], { currency })}
                            value={v[name] ?? ''}
                            error={errors[name]}
                            decimal={f !== 'early_access_hours'}
                            optional={f === 'free_delivery'}
                            hint={f === 'free_delivery' ? t.t('st_loyalty_free_delivery_hint') : undefined}
                          />
                        );
                      })}
                    </div>
                  </div>
                ))}
              </fieldset>
              <button type="submit">{t.t('st_loyalty_save', { country: countryName })}</button>
            </form>
          </section>
        );
      })}
    </Layout>
  );
}
