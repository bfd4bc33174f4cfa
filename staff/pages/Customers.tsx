// Customers: the look-up, and a shopper's page with their orders, blood-test orders
// (count and status only), wallet, and the actions their roles allow: adjust, export, erase.
import { formatMinor, isShopCurrency } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import { WALLET_REASONS } from '#shared/api/people-schemas';
import type { CustomerData, CustomerHit } from '#shared/api/staff-customer-responses';
import type { StaffTextId, StaffTranslator } from '../lib/i18n';
import type { StaffSelf } from '../lib/api';
import { Layout } from './Layout';
import { PointsSection, type PointsFormState } from './loyalty/CustomerPoints';
import { ReasonField } from './ReasonField';
import type { StaffPointsView } from '#shared/api/staff-loyalty-schemas';
import { countryOfCurrency, HOME_COUNTRY, currencyOf, isCountryCode } from '#shared/countries';

export interface FormState {
  /** An API message key. */
  error?: string;
  /** A success text shown above the page. */
  done?: string;
  values?: Record<string, string>;
}

const money = (t: StaffTranslator, minor: number, currency: string) =>
  isShopCurrency(currency)
    ? formatMinor(minor, currency, t.lang, countryOfCurrency(currency) ?? HOME_COUNTRY)
    : `${minor}`;

const statusText = (t: StaffTranslator, status: string) => t.t(`st_status_${status}` as StaffTextId);

export function Notice({ t, state }: { t: StaffTranslator; state?: FormState }) {
  if (state?.error)
    return (
      <p className="note error" role="alert">
        {t.tKey(state.error)}
      </p>
    );
  if (state?.done)
    return (
      <p className="note done" role="status">
        {state.done}
      </p>
    );
  return null;
}

export function CustomersPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  q: string;
  hits: CustomerHit[] | null;
}) {
  const { t, q, hits } = props;
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t('st_customers_title')} path="/customers">
      <h1>{t.t('st_customers_title')}</h1>
      <p className="muted">{t.t('st_customers_intro')}</p>
      <form method="get" action="/customers" className="filters">
        <div className="grow">
          <label htmlFor="q">{t.t('st_customers_query')}</label>
          <input id="q" name="q" type="search" defaultValue={q} minLength={2} required autoComplete="off" />
        </div>
        <button type="submit">{t.t('st_customers_find')}</button>
      </form>
      {hits === null && q && <p className="note error">{t.t('st_customers_short')}</p>}
      {hits && hits.length === 0 && <p>{t.t('st_customers_none', { q })}</p>}
      {hits && hits.length > 0 && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t.t('st_customers_name')}</th>
                <th scope="col">{t.t('st_customers_email')}</th>
                <th scope="col">{t.t('st_customers_phone')}</th>
                <th scope="col">{t.t('st_customers_orders')}</th>
                <th scope="col">{t.t('st_customers_since')}</th>
              </tr>
            </thead>
            <tbody>
              {hits.map((h) => (
                <tr key={h.id}>
                  <td>
                    <a href={`/customers/${h.id}`}>{h.name || `#${h.id}`}</a>
                  </td>
                  <td dir="ltr" className="mono nowrap">
                    {h.email}
                  </td>
                  <td dir="ltr">{h.phone ?? ''}</td>
                  <td>{t.n(h.orders)}</td>
                  <td>{formatDate(h.created_at, t.lang, HOME_COUNTRY)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Layout>
  );
}

export function CustomerPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: CustomerData;
  state?: FormState;
  /** Her points (issue 47), shown beside the wallet; absent when the API did not answer them. */
  points?: { data: StaffPointsView; paged: boolean; state?: PointsFormState; eventKey: string };
  /** A fresh key for the wallet form (the one sent is kept when the form comes back refused). */
  walletKey: string;
}) {
  const { t, data, me, state } = props;
  const c = data.customer;
  const erased = c.deleted_at !== null;
  const can = (p: string) => (me.permissions as string[]).includes(p);
  const currencies = data.countries.map((x) => currencyOf(isCountryCode(x) ? x : HOME_COUNTRY));
  const v = state?.values ?? {};
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={c.name || `#${c.id}`} path="/customers">
      <p>
        <a href="/customers">{t.t('st_customers_back')}</a>
      </p>
      <h1>{erased ? `#${c.id}` : c.name}</h1>
      <Notice t={t} state={state} />
      {erased && <p className="note">{t.t('st_customers_erased')}</p>}
      <dl className="facts">
        <div>
          <dt>{t.t('st_customers_email')}</dt>
          <dd dir="ltr" className="mono">
            {c.email}
          </dd>
        </div>
        <div>
          <dt>{t.t('st_customers_phone')}</dt>
          <dd dir="ltr">{c.phone ?? '—'}</dd>
        </div>
        <div>
          <dt>{t.t('st_customers_language')}</dt>
          <dd>{t.t(c.lang === 'ar' ? 'st_customers_lang_ar' : 'st_customers_lang_en')}</dd>
        </div>
        <div>
          <dt>{t.t('st_customers_since')}</dt>
          <dd>{formatDate(c.created_at, t.lang, HOME_COUNTRY)}</dd>
        </div>
      </dl>

      <h2>{t.t('st_customers_orders')}</h2>
      {data.orders.length === 0 ? (
        <p>{t.t('st_customers_no_orders')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t.t('st_customers_order')}</th>
                <th scope="col">{t.t('st_customers_date')}</th>
                <th scope="col">{t.t('st_customers_country')}</th>
                <th scope="col">{t.t('st_customers_status')}</th>
                <th scope="col">{t.t('st_customers_total')}</th>
              </tr>
            </thead>
            <tbody>
              {data.orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <a href={`/orders/${o.id}`} className="mono">
                      {o.id}
                    </a>
                  </td>
                  <td>{formatDate(o.created_at, t.lang, o.country)}</td>
                  <td>{t.t(`st_country_${o.country}`)}</td>
                  <td>{statusText(t, o.status)}</td>
                  <td>{money(t, o.total, o.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>{t.t('st_customers_blood_tests')}</h2>
      <p className="muted">{t.t('st_customers_blood_tests_note')}</p>
      {data.blood_test_orders.length === 0 ? (
        <p>{t.t('st_customers_no_blood_tests')}</p>
      ) : (
        <ul>
          {data.blood_test_orders.map((b) => (
            <li key={`${b.country}-${b.status}`}>
              {t.t(`st_country_${b.country}`)} · {statusText(t, b.status)}: {t.n(b.count)}
            </li>
          ))}
        </ul>
      )}

      <h2>{t.t('st_customers_wallet')}</h2>
      {data.wallets.length === 0 ? (
        <p>{t.t('st_customers_no_wallet')}</p>
      ) : (
        <ul className="figures">
          {data.wallets.map((w) => (
            <li key={w.currency} className="figure">
              {t.t('st_customers_balance')}: <strong>{money(t, w.balance, w.currency)}</strong>
            </li>
          ))}
        </ul>
      )}
      {can('customers:wallet') && !erased && (
        <form method="post" action={`/customers/${c.id}/wallet`} className="card stack" aria-labelledby="adjust">
          <h3 id="adjust">{t.t('st_customers_adjust')}</h3>
          {/* The API moves the money once per key: a form sent twice (a double click, a reload) moves it once. */}
          <input type="hidden" name="idempotency_key" value={v.idempotency_key ?? props.walletKey} />
          <div className="row">
            <div>
              <label htmlFor="currency">{t.t('st_customers_currency')}</label>
              <select id="currency" name="currency" defaultValue={v.currency ?? currencies[0]}>
                {currencies.map((cur) => (
                  <option key={cur} value={cur}>
                    {cur}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="direction">{t.t('st_customers_direction')}</label>
              <select id="direction" name="direction" defaultValue={v.direction ?? 'credit'}>
                <option value="credit">{t.t('st_customers_credit')}</option>
                <option value="debit">{t.t('st_customers_debit')}</option>
              </select>
            </div>
            <div>
              <label htmlFor="amount">{t.t('st_customers_amount')}</label>
              <input
                type="text"
                id="amount"
                name="amount"
                inputMode="decimal"
                dir="ltr"
                required
                defaultValue={v.amount}
                aria-describedby="amount-hint"
              />
              <small id="amount-hint" className="muted">
                {t.t('st_customers_amount_hint')}
              </small>
            </div>
          </div>
          <div>
            <label htmlFor="reason_code">{t.t('st_customers_reason')}</label>
            <select id="reason_code" name="reason_code" required defaultValue={v.reason_code ?? ''}>
              <option value="">{t.t('st_customers_choose')}</option>
              {WALLET_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t.t(`st_customers_reason_${r}`)}
                </option>
              ))}
            </select>
          </div>
          <ReasonField
            t={t}
            id="note"
            name="note"
            label="st_customers_note"
            hint="st_customers_note_hint"
            maxLength={500}
            value={v.note}
          />
          <button type="submit">{t.t('st_customers_apply')}</button>
        </form>
      )}

      <h2>{t.t('st_customers_ledger')}</h2>
      {data.ledger.length === 0 ? (
        <p>{t.t('st_customers_no_ledger')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t.t('st_customers_date')}</th>
                <th scope="col">{t.t('st_customers_kind')}</th>
                <th scope="col">{t.t('st_customers_amount')}</th>
                <th scope="col">{t.t('st_customers_reason')}</th>
                <th scope="col">{t.t('st_customers_by')}</th>
              </tr>
            </thead>
            <tbody>
              {data.ledger.map((l) => (
                <tr key={l.id}>
                  <td>
                    {formatDate(l.created_at, t.lang, countryOfCurrency(l.currency) ?? HOME_COUNTRY, { time: true })}
                  </td>
                  <td>
                    {t.t(`st_customers_kind_${l.kind}` as StaffTextId)}
                    {l.order_id ? (
                      <>
                        {' · '}
                        <a href={`/orders/${l.order_id}`} className="mono">
                          {l.order_id}
                        </a>
                      </>
                    ) : null}
                  </td>
                  <td dir="ltr" className={l.amount < 0 ? 'debit' : 'credit'}>
                    {l.amount > 0 ? '+' : '−'}
                    {money(t, Math.abs(l.amount), l.currency)}
                  </td>
                  <td>
                    {l.reason_code
                      ? t.t(`st_customers_reason_${l.reason_code}` as StaffTextId)
                      : l.refund_reason
                        ? t.t(`st_orders_reason_${l.refund_reason}` as StaffTextId)
                        : ''}
                    {l.note ? <div className="muted">{l.note}</div> : null}
                  </td>
                  <td>{l.by_customer ? t.t('st_customers_by_customer') : (l.staff_name ?? '')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {props.points && (
        <PointsSection
          t={t}
          customerId={c.id}
          countries={data.countries}
          data={props.points.data}
          paged={props.points.paged}
          canAdjust={can('customers:wallet') && !erased}
          state={props.points.state}
          eventKey={props.points.eventKey}
        />
      )}

      {can('customers:export') && (
        <section className="card stack" aria-labelledby="export">
          <h2 id="export">{t.t('st_customers_export')}</h2>
          <p>{t.t('st_customers_export_intro')}</p>
          <p>
            <a className="button" href={`/customers/${c.id}/export`} download>
              {t.t('st_customers_export_download')}
            </a>
          </p>
        </section>
      )}

      {can('customers:export') && !erased && (
        <form method="post" action={`/customers/${c.id}/data-export`} className="card stack" aria-labelledby="archive">
          <h2 id="archive">{t.t('st_customers_archive')}</h2>
          <p>{t.t('st_customers_archive_intro')}</p>
          <button type="submit" data-testid="customer-archive">
            {t.t('st_customers_archive_button')}
          </button>
        </form>
      )}

      {can('customers:erase') && !erased && (
        <form
          method="post"
          action={`/customers/${c.id}/erase`}
          className="card stack danger-zone"
          aria-labelledby="erase"
        >
          <h2 id="erase">{t.t('st_customers_erase')}</h2>
          <p>{t.t('st_customers_erase_intro')}</p>
          <div>
            <label htmlFor="confirm_email">{t.t('st_customers_erase_confirm')}</label>
            <input id="confirm_email" name="confirm_email" type="email" dir="ltr" required autoComplete="off" />
          </div>
          <div>
            <label htmlFor="reason">{t.t('st_customers_erase_reason')}</label>
            <input type="text" id="reason" name="reason" required minLength={3} maxLength={500} />
          </div>
          <button type="submit" className="danger">
            {t.t('st_customers_erase_button')}
          </button>
        </form>
      )}
    </Layout>
  );
}
