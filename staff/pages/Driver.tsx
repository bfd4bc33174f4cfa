// The driver's phone page (issue 62): today's stops of her own run in order — who, where, the phone
// with call and WhatsApp buttons, the cash to collect — and on each, "Delivered" (who took it, the
// cash collected) or "Failed" (why). Built for a 390 px phone first: one column, large targets.
import { FAIL_REASONS, RECEIVERS } from '#shared/api/cod-schemas';
import type { DriverDay, DriverStop } from '#shared/api/driver-responses';
import { currencyDecimals, formatMinor, minorToDecimal } from '#shared/money';
import { storedAddressLines } from '#shared/text/address-lines';
import type { StaffSelf } from '../lib/api';
import type { StaffTextId, StaffTranslator } from '../lib/i18n';
import { Layout } from './Layout';
import { Notice, type FormState } from './Customers';
import type { CurrencyCode } from '#shared/locale';
import { countryOfCurrency, HOME_COUNTRY } from '#shared/countries';

export type DriverFormState = FormState & { stop?: number; form?: 'delivered' | 'failed' };

const money = (t: StaffTranslator, minor: number, currency: CurrencyCode) =>
  formatMinor(minor, currency, t.lang, countryOfCurrency(currency) ?? HOME_COUNTRY);

/** The field a refusal is about (the schema's and the API's keys), so that field is marked and described. */
const FIELD_OF_ERROR: Record<string, string> = {
  driver_receiver_required: 'received_by',
  driver_receiver_name_required: 'receiver',
  'mandatory-field': 'cash',
  cod_amount_invalid: 'cash',
  driver_cash_required: 'cash',
  driver_cash_over: 'cash',
  driver_cash_short_note: 'cash-note',
  driver_reason_required: 'reason',
  driver_note_required: 'note',
};

/**
 * A refused mark's message, above the stop's forms. The page comes back from a post with it already in
 * place, where a live region is not announced: it takes the focus on load (autofocus; staff pages run no
 * script), so a screen reader reads it and the driver is not left on <body>; its field points to it.
 */
function MarkError({ id, message }: { id: string; message: string }) {
  return (
    // biome-ignore lint/a11y/noAutofocus: the refused form's message must be read first; the page has no script.
    <p className="note error" role="alert" id={id} tabIndex={-1} autoFocus>
      {message}
    </p>
  );
}

/** wa.me wants the number's digits only, with the country code. */
const whatsApp = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;

/**
 * The stop's address as the shop writes it everywhere (the shared formatter): the area and governorate
 * in the page's language, then "Block 4, Street 12…" with their words; a stop stored before its parts
 * were kept shows its lines as typed.
 */
function stopAddress(t: StaffTranslator, stop: DriverStop): string[] {
  const ar = t.lang === 'ar';
  const lines = storedAddressLines(
    {
      ...stop.address,
      // The shop's own drivers deliver in its home country (its module lists the 'own' carrier).
      country: HOME_COUNTRY,
      area_name: (ar ? stop.area_ar : null) ?? stop.area,
      governorate_name: ar ? stop.governorate_ar : stop.governorate_en,
    },
    t.lang,
  );
  return [...lines, ...stop.address_lines];
}

function StopCard({ t, stop, state }: { t: StaffTranslator; stop: DriverStop; state?: DriverFormState }) {
  const id = (f: string) => `stop-${stop.id}-${f}`;
  const mine = state?.stop === stop.id ? state : undefined;
  const v = mine?.values;
  // The field in error: aria-invalid and its description point at the message.
  const wrong = mine?.error ? FIELD_OF_ERROR[mine.error] : undefined;
  const invalid = (field: string) =>
    wrong === field ? { 'aria-invalid': true as const, 'aria-describedby': id('error') } : {};
  return (
    <li className="card stack stop" aria-labelledby={id('name')} data-testid={`stop-${stop.id}`}>
      <h2 id={id('name')}>
        <span className="stop-number">{t.t('st_driver_stop_number', { number: stop.position })}</span>{' '}
        <bdi>{stop.name}</bdi>
      </h2>
      <p className="stop-address">
        {stopAddress(t, stop).map((line, i) => (
          <span key={line}>
            {i > 0 && <br />}
            <bdi>{line}</bdi>
          </span>
        ))}
      </p>
      <p>
        {t.t('st_driver_order', { order: stop.order_number })} · <span dir="ltr">{stop.phone}</span>
      </p>
      <p className="stop-cash">
        {stop.cod_amount > 0
          ? t.t('st_driver_collect', { amount: money(t, stop.cod_amount, stop.currency) })
          : t.t('st_driver_paid')}
      </p>
      <p className="stop-actions">
        <a className="button" href={`tel:${stop.phone}`} aria-label={t.t('st_driver_call_label', { name: stop.name })}>
          {t.t('st_driver_call')}
        </a>
        <a
          className="button secondary"
          href={whatsApp(stop.phone)}
          rel="noopener noreferrer"
          aria-label={t.t('st_driver_whatsapp_label', { name: stop.name })}
        >
          {t.t('st_driver_whatsapp')}
        </a>
      </p>
      {stop.status !== 'pending' ? (
        <p className="note done" role="status">
          {stop.status === 'delivered'
            ? t.t('st_driver_done_delivered', {
                who: t.t(`st_driver_receiver_${stop.received_by ?? 'customer'}` as StaffTextId),
              })
            : t.t('st_driver_done_failed', {
                reason: t.t(`st_driver_reason_${stop.fail_reason ?? 'other'}` as StaffTextId),
              })}
          {stop.cash_collected !== null &&
            ` · ${t.t('st_driver_cash_recorded', { amount: money(t, stop.cash_collected, stop.currency) })}`}
        </p>
      ) : (
        <>
          {mine?.error && <MarkError id={id('error')} message={t.tKey(mine.error)} />}
          <details open={mine?.form === 'delivered'}>
            <summary>{t.t('st_driver_delivered')}</summary>
            <form method="post" action={`/driver/stops/${stop.id}/delivered`} className="stack">
              <fieldset {...invalid('received_by')}>
                <legend>{t.t('st_driver_received_by')}</legend>
                {RECEIVERS.map((r) => (
                  <label key={r} className="choice">
                    <input
                      type="radio"
                      name="received_by"
                      value={r}
                      required
                      defaultChecked={v ? v.received_by === r : r === 'customer'}
                    />{' '}
                    {t.t(`st_driver_receiver_${r}` as StaffTextId)}
                  </label>
                ))}
              </fieldset>
              <div>
                <label htmlFor={id('receiver')}>{t.t('st_driver_receiver_name')}</label>
                <input
                  id={id('receiver')}
                  name="receiver_name"
                  maxLength={100}
                  defaultValue={v?.receiver_name ?? ''}
                  {...invalid('receiver')}
                />
              </div>
              {stop.cod_amount > 0 && (
                <>
                  <div>
                    <label htmlFor={id('cash')}>{t.t('st_driver_cash', { currency: stop.currency })}</label>
                    <input
                      id={id('cash')}
                      name="cash"
                      inputMode="decimal"
                      dir="ltr"
                      required
                      defaultValue={v?.cash ?? minorToDecimal(stop.cod_amount, currencyDecimals(stop.currency))}
                      {...invalid('cash')}
                    />
                  </div>
                  <div>
                    <label htmlFor={id('cash-note')}>{t.t('st_driver_cash_note')}</label>
                    <input
                      id={id('cash-note')}
                      name="cash_note"
                      maxLength={300}
                      defaultValue={v?.cash_note ?? ''}
                      {...invalid('cash-note')}
                    />
                  </div>
                </>
              )}
              <button type="submit">{t.t('st_driver_mark_delivered')}</button>
            </form>
          </details>
          <details open={mine?.form === 'failed'}>
            <summary>{t.t('st_driver_failed')}</summary>
            <form method="post" action={`/driver/stops/${stop.id}/failed`} className="stack">
              <div>
                <label htmlFor={id('reason')}>{t.t('st_driver_reason')}</label>
                <select id={id('reason')} name="reason" required defaultValue={v?.reason ?? ''} {...invalid('reason')}>
                  <option value="" disabled>
                    {t.t('st_driver_reason_choose')}
                  </option>
                  {FAIL_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {t.t(`st_driver_reason_${r}` as StaffTextId)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={id('note')}>{t.t('st_driver_note')}</label>
                <input id={id('note')} name="note" maxLength={300} defaultValue={v?.note ?? ''} {...invalid('note')} />
              </div>
              <button type="submit" className="secondary">
                {t.t('st_driver_mark_failed')}
              </button>
            </form>
          </details>
        </>
      )}
    </li>
  );
}

export function DriverPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  day: DriverDay;
  state?: DriverFormState;
}) {
  const { t, day, state } = props;
  const left = day.stops.filter((s) => s.status === 'pending').length;
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t('st_driver_title')} path="/driver">
      <h1>{t.t('st_driver_title')}</h1>
      <p className="muted">{t.t('st_driver_left', { count: left })}</p>
      <Notice t={t} state={state?.stop ? undefined : state} />
      {day.started_at === null && day.stops.length > 0 && (
        <form method="post" action="/driver/start">
          <button type="submit">{t.t('st_driver_start')}</button>
        </form>
      )}
      {day.stops.length === 0 ? (
        <p>{t.t('st_driver_none')}</p>
      ) : (
        <ol className="stops">
          {day.stops.map((stop) => (
            <StopCard key={stop.id} t={t} stop={stop} state={state} />
          ))}
        </ol>
      )}
    </Layout>
  );
}
