// The Ship page (issue 62, decision 66): per country, the orders ready to ship with a box each, the
// carrier the rules choose (or another they allow) and one Ship button; the recent parcels with their carrier, tracking number, status, label and, for a refused
// or waiting one, the carrier's own words (quoted as they came, after a lead-in in the staff language)
// and a retry; the chosen labels printed as one PDF; today's manifest and pickup per carrier; and the
// carrier rules, which delivery:manage may change.
import type { ParcelView, RuleView, ShippingData } from '#shared/api/staff-shipping-schemas';
import { pickupKind } from '#shared/api/parcel-facts';
import type { CountryCode } from '#shared/locale';
import { formatMinor } from '#shared/money';
import type { CurrencyCode } from '#shared/countries';
import type { StaffSelf } from '../lib/api';
import type { StaffTextId, StaffTranslator } from '../lib/i18n';
import { Layout } from './Layout';
import { Notice, type FormState } from './Customers';

const CARRIERS = ['local', 'aramex', 'smsa', 'dhl', 'own'] as const;
const SPEEDS = ['any', 'same_day', 'next_day', 'standard'] as const;

export const carrierName = (t: StaffTranslator, code: string) => t.t(`st_carrier_${code}` as StaffTextId);

/**
 * The Ship page's own words for a parcel's first steps (waiting, refused, label ready); after those, the
 * tracking's name of each status, so a delivered or returned parcel never reads as still on its way.
 */
export function statusName(t: StaffTranslator, status: string): string {
  if (status === 'queued' || status === 'refused' || status === 'created')
    return t.t(`st_shipping_status_${status}` as StaffTextId);
  return t.t(`st_tracking_status_${status}` as StaffTextId);
}

/**
 * How long a parcel just sent to its carrier reads as being created: the queue's consumer answers within
 * seconds; a parcel still untried after this lost its message, and staff may press retry (the cron also
 * sends it again after STALE_QUEUED_MS).
 */
const IN_FLIGHT_MS = 10 * 60_000;

/** A parcel on its way to its carrier: queued moments ago, no try answered yet, nothing gone wrong. */
function inFlight(parcel: ParcelView, now = Date.now()): boolean {
  return (
    parcel.status === 'queued' && parcel.create_tries === 0 && !parcel.error && now - parcel.created_at < IN_FLIGHT_MS
  );
}

/** A parcel's status as staff read it: a parcel in flight is being created, not waiting on a failure. */
export function parcelStatusName(t: StaffTranslator, parcel: ParcelView, now = Date.now()): string {
  return inFlight(parcel, now) ? t.t('st_shipping_status_pending') : statusName(t, parcel.status);
}

/** A parcel's weight in kilograms, the unit in the staff language. */
export const weightText = (t: StaffTranslator, grams: number) =>
  t.t('st_shipping_weight_kg', { kg: (grams / 1000).toFixed(2) });

/** A refused or waiting parcel: the lead-in in the staff language, the carrier's words quoted as they came. */
export function ParcelError({ t, parcel }: { t: StaffTranslator; parcel: ParcelView }) {
  if (!parcel.error || (parcel.status !== 'refused' && parcel.status !== 'queued')) return null;
  const lead =
    parcel.error.kind === 'refused'
      ? t.t('st_shipping_refused')
      : t.t('st_shipping_waiting', { count: parcel.create_tries });
  return (
    <p className="note error" data-testid={`parcel-error-${parcel.id}`}>
      {lead}{' '}
      <q lang="en" dir="ltr">
        {parcel.error.code ? `${parcel.error.code}: ` : ''}
        {parcel.error.message}
      </q>
    </p>
  );
}

/** A retry for a refused parcel or one that waits after a failed try; none while it is in flight. */
export function RetryButton({ t, parcel }: { t: StaffTranslator; parcel: ParcelView }) {
  if (parcel.status !== 'refused' && parcel.status !== 'queued') return null;
  if (inFlight(parcel)) return null;
  return (
    <form method="post" action={`/shipping/parcels/${parcel.id}/retry`}>
      <button type="submit">{t.t('st_shipping_retry')}</button>
    </form>
  );
}

export function ShippingPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: ShippingData;
  rules: RuleView[];
  state?: FormState;
}) {
  const { t, me, data } = props;
  const lang = t.lang;
  const canRules = me.permissions.includes('delivery:manage');
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_shipping_title')} path="/shipping">
      <h1>{t.t('st_shipping_title')}</h1>
      <p className="muted">{t.t('st_shipping_intro')}</p>
      <Notice t={t} state={props.state} />
      {data.countries.map((country) => {
        const orders = data.orders.filter((o) => o.country === country);
        const parcels = data.parcels.filter((p) => p.country === country);
        // A pickup for each carrier that collects today's labelled parcels (the shop's own drivers do not).
        const carriers = [...new Set(parcels.filter((p) => p.status === 'created').map((p) => p.carrier))];
        const pending = parcels.some((p) => inFlight(p));
        // The country's own today: its manifest and pickup are of that day on its clocks.
        const today = data.days[country] ?? data.today;
        return (
          <section key={country} aria-labelledby={`${country}-title`} data-testid={`shipping-${country}`}>
            <h2 id={`${country}-title`}>{t.t(`st_country_${country}` as StaffTextId)}</h2>
            <form method="post" action="/shipping/ship" className="card stack">
              <h3>{t.t('st_shipping_ready')}</h3>
              {orders.length === 0 ? (
                <p className="muted">{t.t('st_shipping_none_ready')}</p>
              ) : (
                <ul className="plain ship-orders">
                  {orders.map((o) => (
                    <li key={o.id}>
                      <label className="choice">
                        <input type="checkbox" name={`order_${o.id}`} />{' '}
                        <a href={`/orders/${o.id}`}>{t.t('st_shipping_order', { id: o.id })}</a> ·{' '}
                        {o.payment_method === 'cod' ? t.t('st_shipping_cod') : t.t('st_shipping_paid')} ·{' '}
                        {formatMinor(o.total, o.currency as CurrencyCode, lang, country)} ·{' '}
                        {t.t('st_shipping_left', { count: o.left })}
                      </label>{' '}
                      <OrderCarrier t={t} order={o} />
                    </li>
                  ))}
                </ul>
              )}
              {/* Nothing to ship, nothing to press: the line above says so. */}
              {orders.length > 0 ? <button type="submit">{t.t('st_shipping_ship')}</button> : null}
            </form>

            <h3>{t.t('st_shipping_parcels')}</h3>
            {parcels.length === 0 ? (
              <p className="muted">{t.t('st_shipping_no_parcels')}</p>
            ) : (
              <form method="get" action="/shipping/labels.pdf" id={`${country}-labels`} className="stack">
                {/* A phone scrolls the table, not the page (each row has a link to focus). */}
                <div className="table-wrap">
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">{t.t('st_shipping_label')}</th>
                        <th scope="col">{t.t('st_shipping_reference')}</th>
                        <th scope="col">{t.t('st_shipping_carrier')}</th>
                        <th scope="col">{t.t('st_shipping_tracking')}</th>
                        <th scope="col">{t.t('st_shipping_status')}</th>
                        <th scope="col">{t.t('st_shipping_weight')}</th>
                        <th scope="col">{t.t('st_shipping_cod')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {parcels.map((p) => (
                        <tr key={p.id} data-testid={`parcel-${p.id}`}>
                          <td>
                            {p.label ? (
                              <input type="checkbox" name={`parcel_${p.id}`} aria-label={p.reference} />
                            ) : null}
                          </td>
                          <td>
                            <a href={`/orders/${p.order_id}`}>{p.reference}</a>
                          </td>
                          <td>{carrierName(t, p.carrier)}</td>
                          <td dir="ltr">{p.tracking_number ?? '—'}</td>
                          <td data-testid={`parcel-status-${p.id}`}>
                            {parcelStatusName(t, p)}
                            <ParcelError t={t} parcel={p} />
                          </td>
                          <td>{weightText(t, p.weight_grams)}</td>
                          <td>{p.cod_amount > 0 ? formatMinor(p.cod_amount, p.currency, lang, country) : '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <button type="submit">{t.t('st_shipping_print')}</button>
              </form>
            )}
            {pending ? (
              <p className="muted">
                {t.t('st_shipping_pending_note')} <a href="/shipping">{t.t('st_shipping_look_again')}</a>
              </p>
            ) : null}
            {parcels
              .filter((p) => (p.status === 'refused' || p.status === 'queued') && !inFlight(p))
              .map((p) => (
                <div key={p.id} className="row">
                  {p.reference} <RetryButton t={t} parcel={p} />
                </div>
              ))}

            {carriers.map((carrier) => (
              <div key={carrier} className="card row">
                <strong>{carrierName(t, carrier)}</strong>{' '}
                <a href={`/shipping/manifest.csv?country=${country}&carrier=${carrier}&day=${today}`}>
                  {t.t('st_shipping_manifest_csv')}
                </a>
                {pickupKind(carrier) === 'book' ? (
                  <form method="post" action="/shipping/pickups">
                    <input type="hidden" name="country" value={country} />
                    <input type="hidden" name="carrier" value={carrier} />
                    <input type="hidden" name="day" value={today} />
                    <button type="submit">{t.t('st_shipping_pickup')}</button>
                  </form>
                ) : (
                  <span className="muted">
                    {t.t(pickupKind(carrier) === 'daily' ? 'st_shipping_daily_pickup' : 'st_shipping_no_pickup')}
                  </span>
                )}
              </div>
            ))}
            {data.pickups.filter((p) => p.country === country).length > 0 ? (
              <>
                <h3>{t.t('st_shipping_pickups')}</h3>
                <ul className="plain">
                  {data.pickups
                    .filter((p) => p.country === country)
                    .map((p) => (
                      <li key={p.id}>
                        {p.day} · {carrierName(t, p.carrier)} ·{' '}
                        {p.status === 'booked' ? (
                          t.t('st_shipping_pickup_booked', { ref: p.carrier_ref ?? '' })
                        ) : (
                          <span className="error">
                            {t.t('st_shipping_pickup_failed', { reason: '' })}
                            <q lang="en" dir="ltr">
                              {p.carrier_error}
                            </q>
                          </span>
                        )}
                      </li>
                    ))}
                </ul>
              </>
            ) : null}

            <RulesForm
              t={t}
              country={country}
              rules={props.rules.filter((r) => r.country === country)}
              canWrite={canRules}
            />
          </section>
        );
      })}
    </Layout>
  );
}

/**
 * The carrier an order ships with: the rules' choice, or another a fitting rule allows (the API checks
 * the same); a plain name when the rules allow only one, the rules' refusal when none fits.
 */
function OrderCarrier({ t, order }: { t: StaffTranslator; order: ShippingData['orders'][number] }) {
  if (order.carrier === null) return <span className="muted">{t.tKey('shipping_no_carrier_rule')}</span>;
  const others = order.carriers.filter((c) => c !== order.carrier);
  if (others.length === 0) return <span>{carrierName(t, order.carrier)}</span>;
  return (
    <select name={`carrier_${order.id}`} defaultValue="" aria-label={t.t('st_shipping_carrier_for', { id: order.id })}>
      <option value="">{t.t('st_shipping_carrier_by_rules', { carrier: carrierName(t, order.carrier) })}</option>
      {others.map((c) => (
        <option key={c} value={c}>
          {carrierName(t, c)}
        </option>
      ))}
    </select>
  );
}

function RulesForm(props: { t: StaffTranslator; country: CountryCode; rules: RuleView[]; canWrite: boolean }) {
  const { t, country, canWrite } = props;
  // One empty row to add a rule.
  const rows: Array<RuleView | null> = [...props.rules, null];
  // Each select is named by its column (axe select-name), as the row's inputs are.
  const select = (
    name: string,
    value: string,
    options: readonly string[],
    label: (o: string) => string,
    column: string,
  ) => (
    <select name={name} defaultValue={value} disabled={!canWrite} aria-label={column}>
      {options.map((o) => (
        <option key={o} value={o}>
          {label(o)}
        </option>
      ))}
    </select>
  );
  const speedLabel = (s: string) => (s === 'any' ? t.t('st_rule_any') : t.t(`st_delivery_speed_${s}` as StaffTextId));
  const codLabel = (s: string) => t.t(`st_rule_${s}` as StaffTextId);
  return (
    <form method="post" action="/shipping/rules" className="card stack" data-testid={`rules-${country}`}>
      <h3>{t.t('st_shipping_rules')}</h3>
      <p className="muted">{t.t('st_shipping_rules_intro')}</p>
      <input type="hidden" name="country" value={country} />
      {/* Read only, its inputs are disabled: the wrap itself takes the focus to scroll on a phone. */}
      <div
        className="table-wrap"
        {...(canWrite ? {} : { tabIndex: 0, role: 'region', 'aria-label': t.t('st_shipping_rules') })}
      >
        <table>
          <thead>
            <tr>
              <th scope="col">{t.t('st_rule_priority')}</th>
              <th scope="col">{t.t('st_rule_zones')}</th>
              <th scope="col">{t.t('st_rule_speed')}</th>
              <th scope="col">{t.t('st_rule_cod')}</th>
              <th scope="col">{t.t('st_rule_weight')}</th>
              <th scope="col">{t.t('st_shipping_carrier')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r ? `${r.priority}` : 'new'}>
                <td>
                  <input
                    name={`rule_${i}_priority`}
                    inputMode="numeric"
                    defaultValue={r ? String(r.priority) : ''}
                    disabled={!canWrite}
                    aria-label={t.t('st_rule_priority')}
                  />
                </td>
                <td>
                  <input
                    name={`rule_${i}_zones`}
                    defaultValue={r?.zones ?? 'all'}
                    disabled={!canWrite}
                    aria-label={t.t('st_rule_zones')}
                  />
                </td>
                <td>{select(`rule_${i}_speed`, r?.speed ?? 'any', SPEEDS, speedLabel, t.t('st_rule_speed'))}</td>
                <td>{select(`rule_${i}_cod`, r?.cod ?? 'any', ['any', 'yes', 'no'], codLabel, t.t('st_rule_cod'))}</td>
                <td>
                  <input
                    name={`rule_${i}_weight`}
                    inputMode="numeric"
                    defaultValue={r?.max_weight_grams ? String(r.max_weight_grams) : ''}
                    disabled={!canWrite}
                    aria-label={t.t('st_rule_weight')}
                  />
                </td>
                <td>
                  {select(
                    `rule_${i}_carrier`,
                    r?.carrier ?? 'aramex',
                    CARRIERS,
                    (c) => carrierName(t, c),
                    t.t('st_shipping_carrier'),
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canWrite ? <button type="submit">{t.t('st_shipping_rules_save')}</button> : null}
    </form>
  );
}
