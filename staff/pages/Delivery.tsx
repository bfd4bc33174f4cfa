// The Delivery page (issue 62, decision 65): per country, the days the warehouse hands parcels over and
// the carriers deliver, the cut-offs, each speed's zones, days on the way and fee, and the holidays of
// the next twelve months with the owner's corrections. Changing needs delivery:manage.
import type { DeliverySettingsCountry } from '#shared/api/delivery-rules-schemas';
import { FORM_WEEKDAYS } from '#shared/api/delivery-rules-schemas';
import { DELIVERY_SPEEDS, type DeliverySpeed } from '#shared/delivery/promise';
import type { CountryCode } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { minorToDecimal } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import { instantIn, timeZoneOf } from '#shared/country-days';
import type { StaffSelf } from '../lib/api';
import type { StaffTextId, StaffTranslator } from '../lib/i18n';
import { Layout } from './Layout';
import { Notice, type FormState } from './Customers';

export type DeliveryFormState = FormState & { country?: CountryCode; form?: string };

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const SPEED_LABEL: Record<DeliverySpeed, StaffTextId> = {
  same_day: 'st_delivery_speed_same_day',
  next_day: 'st_delivery_speed_next_day',
  standard: 'st_delivery_speed_standard',
};

function holidayName(t: StaffTranslator, holiday: string, isDefault: boolean): string {
  return isDefault ? t.t(`st_holiday_${holiday}` as StaffTextId) : holiday;
}

export function DeliveryPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  countries: DeliverySettingsCountry[];
  state?: DeliveryFormState;
}) {
  const { t, me, state } = props;
  const canWrite = me.permissions.includes('delivery:manage');
  const lang = t.lang;
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_delivery_title')} path="/delivery">
      <h1>{t.t('st_delivery_title')}</h1>
      <p className="muted">{t.t('st_delivery_intro')}</p>
      <Notice
        t={t}
        state={state?.done ? { done: state.done } : state?.error && !state.form ? { error: state.error } : undefined}
      />
      {props.countries.map((d) => {
        const country = d.country;
        const countryName = t.t(`st_country_${country}`);
        const { currency, decimals } = COUNTRY_FACTS[country];
        const id = (f: string) => `${country}-${f}`;
        const errorOf = (form: string) =>
          state?.error && state.country === country && state.form === form ? (
            <Notice t={t} state={{ error: state.error }} />
          ) : null;
        const valuesOf = (form: string) =>
          state?.country === country && state.form === form ? state.values : undefined;
        const rulesValues = valuesOf('rules');
        const dayBox = (prefix: 'dispatch' | 'delivery', day: number, on: boolean) => (
          <label key={`${prefix}-${day}`} className="choice">
            <input
              type="checkbox"
              name={`${prefix}_${day}`}
              defaultChecked={rulesValues ? rulesValues[`${prefix}_${day}`] === 'on' : on}
              disabled={!canWrite}
            />{' '}
            {t.t(`st_weekday_${day}` as StaffTextId)}
          </label>
        );
        return (
          <section key={country} aria-labelledby={id('title')} data-testid={`delivery-${country}`}>
            <h2 id={id('title')}>{t.t('st_delivery_country', { country: countryName })}</h2>

            <form method="post" action="/delivery/rules" className="card stack">
              <h3>{t.t('st_delivery_rules')}</h3>
              {errorOf('rules')}
              <input type="hidden" name="country" value={country} />
              {(['dispatch', 'delivery'] as const).map((prefix) => (
                <fieldset key={prefix}>
                  <legend>
                    {t.t(prefix === 'dispatch' ? 'st_delivery_dispatch_days' : 'st_delivery_delivery_days')}
                  </legend>
                  {FORM_WEEKDAYS.map((day) =>
                    dayBox(
                      prefix,
                      day,
                      (prefix === 'dispatch' ? d.rules.dispatch_days : d.rules.delivery_days).includes(day),
                    ),
                  )}
                </fieldset>
              ))}
              {(['cutoff', 'ramadan_cutoff'] as const).map((f) => (
                <div key={f}>
                  <label htmlFor={id(f)}>
                    {t.t(f === 'cutoff' ? 'st_delivery_cutoff' : 'st_delivery_ramadan_cutoff')}
                  </label>
                  <input
                    type="time"
                    id={id(f)}
                    name={f}
                    dir="ltr"
                    required
                    disabled={!canWrite}
                    defaultValue={
                      rulesValues?.[f] ?? clock(f === 'cutoff' ? d.rules.cutoff_minute : d.rules.ramadan_cutoff_minute)
                    }
                  />
                </div>
              ))}
              {canWrite && <button type="submit">{t.t('st_delivery_save_rules', { country: countryName })}</button>}
            </form>

            <h3>{t.t('st_delivery_speeds')}</h3>
            {DELIVERY_SPEEDS.map((speed) => {
              const row = d.speeds.find((s) => s.speed === speed);
              const v = valuesOf(`speed-${speed}`);
              const sid = (f: string) => id(`${speed}-${f}`);
              return (
                <form
                  key={speed}
                  method="post"
                  action="/delivery/speeds"
                  className="card stack"
                  data-testid={`delivery-speed-${country}-${speed}`}
                >
                  <h4>{t.t(SPEED_LABEL[speed])}</h4>
                  {errorOf(`speed-${speed}`)}
                  <input type="hidden" name="country" value={country} />
                  <input type="hidden" name="speed" value={speed} />
                  <label className="choice">
                    <input
                      type="checkbox"
                      name="active"
                      defaultChecked={v ? v.active === 'on' : (row?.active ?? false)}
                      disabled={!canWrite}
                    />{' '}
                    {t.t('st_delivery_active')}
                  </label>
                  <div>
                    <label htmlFor={sid('zones')}>{t.t('st_delivery_zones')}</label>
                    <input
                      type="text"
                      id={sid('zones')}
                      name="zones"
                      dir="ltr"
                      required
                      disabled={!canWrite}
                      defaultValue={v?.zones ?? (row ? (row.zones === 'all' ? 'all' : row.zones.join(', ')) : 'all')}
                    />
                  </div>
                  <div>
                    <label htmlFor={sid('transit')}>{t.t('st_delivery_transit')}</label>
                    <input
                      type="number"
                      id={sid('transit')}
                      name="transit_days"
                      min={0}
                      max={30}
                      required
                      disabled={!canWrite}
                      defaultValue={v?.transit_days ?? String(row?.transit_days ?? 1)}
                    />
                  </div>
                  <div>
                    <label htmlFor={sid('fee')}>
                      {t.t('st_delivery_fee', {
                        currency,
                        fee: d.delivery_fee_minor === null ? '–' : minorToDecimal(d.delivery_fee_minor, decimals),
                      })}
                    </label>
                    <input
                      type="text"
                      id={sid('fee')}
                      name="fee"
                      dir="ltr"
                      inputMode="decimal"
                      disabled={!canWrite}
                      defaultValue={
                        v?.fee ?? (row?.fee_minor === null || !row ? '' : minorToDecimal(row.fee_minor, decimals))
                      }
                    />
                  </div>
                  {canWrite && (
                    <button type="submit">{t.t('st_delivery_save_speed', { speed: t.t(SPEED_LABEL[speed]) })}</button>
                  )}
                </form>
              );
            })}

            <h3 id={id('holidays')}>{t.t('st_delivery_holidays')}</h3>
            <p className="muted">{t.t('st_delivery_holidays_intro')}</p>
            {errorOf('holiday')}
            <div className="table-wrap">
              <table aria-labelledby={id('holidays')} data-testid={`delivery-holidays-${country}`}>
                <thead>
                  <tr>
                    <th scope="col">{t.t('st_delivery_holiday_date')}</th>
                    <th scope="col">{t.t('st_delivery_holiday_name')}</th>
                    <th scope="col">{t.t('st_delivery_holiday_state')}</th>
                    {canWrite && <td />}
                  </tr>
                </thead>
                <tbody>
                  {d.holidays.map((h) => (
                    <tr key={h.date} data-date={h.date}>
                      <td>{formatDate(instantIn(timeZoneOf(country), h.date, 12), lang, country, { hijri: true })}</td>
                      <td>{holidayName(t, h.holiday, h.default)}</td>
                      <td>{t.t(h.closed ? 'st_delivery_holiday_closed' : 'st_delivery_holiday_open')}</td>
                      {canWrite && (
                        <td>
                          <form method="post" action="/delivery/holidays">
                            <input type="hidden" name="country" value={country} />
                            <input type="hidden" name="date" value={h.date} />
                            <input type="hidden" name="holiday" value={h.holiday} />
                            <input type="hidden" name="closed" value={h.closed ? '0' : '1'} />
                            <button type="submit" className="secondary">
                              {t.t(h.closed ? 'st_delivery_holiday_open_action' : 'st_delivery_holiday_close_action')}
                            </button>
                          </form>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {canWrite && (
              <form method="post" action="/delivery/holidays" className="card stack">
                <h4>{t.t('st_delivery_holiday_add')}</h4>
                <input type="hidden" name="country" value={country} />
                <input type="hidden" name="closed" value="1" />
                <div>
                  <label htmlFor={id('new-date')}>{t.t('st_delivery_holiday_date')}</label>
                  <input type="date" id={id('new-date')} name="date" required dir="ltr" />
                </div>
                <div>
                  <label htmlFor={id('new-name')}>{t.t('st_delivery_holiday_add_name')}</label>
                  <input type="text" id={id('new-name')} name="holiday" maxLength={80} required />
                </div>
                <button type="submit">{t.t('st_delivery_holiday_add_save')}</button>
              </form>
            )}
          </section>
        );
      })}
    </Layout>
  );
}
