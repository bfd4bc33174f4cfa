// Cart reminders (issue 64): the owner's steps and quiet hours, and the last weeks' figures by channel
// and country: carts reminded, links opened, carts ordered after a reminder and what their orders came
// to, each in its country's own currency. Saving needs promotions:write in every country.
import { countriesFor } from '#shared/staff/permissions';
import type { CartReminderReport } from '#shared/api/cart-reminder-staff-schemas';
import { COUNTRY_CODES } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { formatMinor } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import type { StaffSelf } from '../lib/api';
import type { StaffTextId, StaffTranslator } from '../lib/i18n';
import { Layout } from './Layout';
import { Notice, type FormState } from './Customers';

const CHANNEL: Record<CartReminderReport['figures'][number]['channel'], StaffTextId> = {
  mail: 'st_cart_reminders_mail',
  whatsapp: 'st_cart_reminders_whatsapp',
  push: 'st_cart_reminders_push',
};

/** The stored settings as the form's strings. */
function settingsFormValues(s: CartReminderReport['settings']): Record<string, string> {
  return {
    ...(s.enabled ? { enabled: 'on' } : {}),
    step1: String(s.steps[0] ?? ''),
    step2: String(s.steps[1] ?? ''),
    quiet_from: String(s.quiet.from),
    quiet_to: String(s.quiet.to),
    ...Object.fromEntries(COUNTRY_CODES.map((c) => [`incentive_${c}`, String(s.incentive[c] / 100)])),
  };
}

export function CartRemindersPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  report: CartReminderReport;
  state?: FormState;
}) {
  const { t, me, report, state } = props;
  // The shop's own settings: a member of one country's offers reads them (the API refuses her change).
  const canWrite = countriesFor(me.grants, 'promotions:write') === null;
  const v = state?.values ?? settingsFormValues(report.settings);
  const hours = Array.from({ length: 24 }, (_, h) => h);
  const hourText = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_cart_reminders_title')} path="/cart-reminders">
      <h1>{t.t('st_cart_reminders_title')}</h1>
      <p className="muted">{t.t('st_cart_reminders_intro')}</p>
      <Notice t={t} state={state} />
      <section aria-labelledby="cart-reminders-settings">
        <h2 id="cart-reminders-settings">{t.t('st_cart_reminders_settings')}</h2>
        <form method="post" action="/cart-reminders" className="card stack">
          <label>
            <input type="checkbox" name="enabled" defaultChecked={v.enabled === 'on'} disabled={!canWrite} />{' '}
            {t.t('st_cart_reminders_enabled')}
          </label>
          <div>
            <label htmlFor="cart-step1">{t.t('st_cart_reminders_step1')}</label>
            <input
              id="cart-step1"
              name="step1"
              type="number"
              min={15}
              max={10080}
              required
              dir="ltr"
              defaultValue={v.step1}
              disabled={!canWrite}
              aria-describedby="cart-steps-hint"
            />
          </div>
          <div>
            <label htmlFor="cart-step2">{t.t('st_cart_reminders_step2')}</label>
            <input
              id="cart-step2"
              name="step2"
              type="number"
              min={15}
              max={10080}
              dir="ltr"
              defaultValue={v.step2}
              disabled={!canWrite}
              aria-describedby="cart-steps-hint"
            />
            <small id="cart-steps-hint" className="muted">
              {t.t('st_cart_reminders_steps_hint')}
            </small>
          </div>
          <fieldset>
            <legend>{t.t('st_cart_reminders_quiet')}</legend>
            <label htmlFor="cart-quiet-from">{t.t('st_cart_reminders_quiet_from')}</label>
            <select id="cart-quiet-from" name="quiet_from" defaultValue={v.quiet_from} disabled={!canWrite} dir="ltr">
              {hours.map((h) => (
                <option key={h} value={h}>
                  {hourText(h)}
                </option>
              ))}
            </select>
            <label htmlFor="cart-quiet-to">{t.t('st_cart_reminders_quiet_to')}</label>
            <select id="cart-quiet-to" name="quiet_to" defaultValue={v.quiet_to} disabled={!canWrite} dir="ltr">
              {hours.map((h) => (
                <option key={h} value={h}>
                  {hourText(h)}
                </option>
              ))}
            </select>
          </fieldset>
          <fieldset>
            <legend>{t.t('st_cart_reminders_incentive')}</legend>
            {COUNTRY_CODES.map((code) => (
              <div key={code}>
                <label htmlFor={`cart-incentive-${code}`}>
                  {t.t('st_cart_reminders_incentive_country', { country: t.t(`st_country_${code}`) })}
                </label>
                <input
                  id={`cart-incentive-${code}`}
                  name={`incentive_${code}`}
                  type="number"
                  min={0}
                  max={50}
                  required
                  dir="ltr"
                  defaultValue={v[`incentive_${code}`]}
                  disabled={!canWrite}
                />
              </div>
            ))}
          </fieldset>
          {canWrite && <button type="submit">{t.t('st_cart_reminders_save')}</button>}
        </form>
      </section>
      <section aria-labelledby="cart-reminders-figures">
        <h2 id="cart-reminders-figures">{t.t('st_cart_reminders_figures', { count: report.weeks })}</h2>
        <p className="muted">{t.t('st_cart_reminders_figures_note')}</p>
        {report.figures.length === 0 ? (
          <p>{t.t('st_cart_reminders_none')}</p>
        ) : (
          // Wider than a phone, the table scrolls in its box: the box takes focus (keyboard scrolling, axe
          // scrollable-region-focusable) and has a name of its own (the section's heading names the section).
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region is reached by keyboard only so
          <section className="table-wrap" tabIndex={0} aria-label={t.t('st_cart_reminders_table')}>
            <table data-testid="cart-reminder-figures">
              <thead>
                <tr>
                  <th scope="col">{t.t('st_cart_reminders_week')}</th>
                  <th scope="col">{t.t('st_cart_reminders_channel')}</th>
                  <th scope="col">{t.t('st_cart_reminders_country')}</th>
                  <th scope="col">{t.t('st_cart_reminders_reminded')}</th>
                  <th scope="col">{t.t('st_cart_reminders_opened')}</th>
                  <th scope="col">{t.t('st_cart_reminders_recovered')}</th>
                  <th scope="col">{t.t('st_cart_reminders_revenue')}</th>
                </tr>
              </thead>
              <tbody>
                {report.figures.map((f) => (
                  <tr key={`${f.week_start}-${f.channel}-${f.country}`}>
                    <td>{formatDate(f.week_start + 12 * 3_600_000, t.lang, f.country)}</td>
                    <td>{t.t(CHANNEL[f.channel])}</td>
                    <td>{t.t(`st_country_${f.country}`)}</td>
                    <td>{t.n(f.reminded)}</td>
                    <td>{t.n(f.opened)}</td>
                    <td>{t.n(f.recovered)}</td>
                    <td>{formatMinor(f.revenue_minor, COUNTRY_FACTS[f.country].currency, t.lang, f.country)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </section>
    </Layout>
  );
}
