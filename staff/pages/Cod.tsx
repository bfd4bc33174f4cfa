// Cash on delivery settled (issue 62): a carrier's remittance statement checked line by line before
// anything changes (and applied only when every line can be), the totals per carrier and week, the
// parcels short, over or missing, and the own drivers' cash hand-ins against each day's list.
import type { CodOverview, CodStatementCheck } from '#shared/api/cod-responses';
import {
  STATEMENT_CARRIERS,
  STATEMENT_COLUMNS,
  STATEMENT_CURRENCIES,
  type StatementField,
} from '#shared/cod/statement';
import { formatMinor, currencyDecimals, isShopCurrency, minorToDecimal } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import type { StaffSelf } from '../lib/api';
import type { StaffTextId, StaffTranslator } from '../lib/i18n';
import { Layout } from './Layout';
import { Notice, type FormState } from './Customers';
import type { CountryCode, CurrencyCode } from '#shared/locale';
import { countryOfCurrency, HOME_COUNTRY, currencyOf } from '#shared/countries';
import { OWN_FLEET_COUNTRY } from '#shared/countries/rules';
import { instantIn, timeZoneOf } from '#shared/country-days';

type Currency = CurrencyCode;

/** The API's check of a statement, with what the confirm form sends again. */
export type CodPreview = CodStatementCheck & {
  form: { carrier: string; currency: string; statement_ref: string; file_name: string; file: string };
};

export type CodFormState = FormState & { handin?: string };

const money = (t: StaffTranslator, minor: number, currency: Currency) =>
  formatMinor(minor, currency, t.lang, countryOfCurrency(currency) ?? HOME_COUNTRY);
const carrierName = (t: StaffTranslator, carrier: string) => t.t(`st_cod_carrier_${carrier}` as StaffTextId);
const FIELDS: StatementField[] = ['tracking', 'reference', 'amount', 'currency', 'date'];

function Preview({ t, preview }: { t: StaffTranslator; preview: CodPreview }) {
  const currency = preview.form.currency as Currency;
  return (
    <section aria-labelledby="preview-title" className="card stack" data-testid="cod-preview">
      <h2 id="preview-title">{t.t('st_cod_preview_title')}</h2>
      <p role="status">
        {preview.imported_as !== null
          ? t.t('st_cod_preview_imported')
          : preview.applicable
            ? t.t('st_cod_preview_ok', { count: preview.line_count, amount: money(t, preview.total, currency) })
            : t.t('st_cod_preview_blocked')}
      </p>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{t.t('st_cod_line')}</th>
              <th scope="col">{t.t('st_cod_parcel')}</th>
              <th scope="col">{t.t('st_cod_amount')}</th>
              <th scope="col">{t.t('st_cod_expected')}</th>
              <th scope="col">{t.t('st_cod_outcome')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.lines.map((l) => (
              <tr key={l.line} data-outcome={l.outcome}>
                <td>{l.line}</td>
                <td dir="ltr">{l.tracking ?? l.reference}</td>
                <td>
                  {/* The shop's currencies as every amount here (a negative's sign against its digits); another
                      currency as the file wrote it. */}
                  {l.amount === null
                    ? '—'
                    : isShopCurrency(l.currency)
                      ? money(t, l.amount, l.currency)
                      : `${l.currency} ${minorToDecimal(l.amount, currencyDecimals(l.currency))}`}
                </td>
                <td>{l.expected === null ? '—' : money(t, l.expected, currency)}</td>
                <td>{t.t(`st_cod_outcome_${l.outcome}` as StaffTextId)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.pages > 1 && <LinePages t={t} preview={preview} />}
      {preview.applicable && (
        <form method="post" action="/cod/import">
          {Object.entries(preview.form).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit">{t.t('st_cod_apply')}</button>
        </form>
      )}
    </section>
  );
}

/** A long statement's lines a page at a time: each button sends the same file again for its page. */
function LinePages({ t, preview }: { t: StaffTranslator; preview: CodPreview }) {
  const from = (preview.page - 1) * preview.page_size + 1;
  const to = from + preview.lines.length - 1;
  const go = (page: number, label: string) => (
    <form method="post" action="/cod/preview/page">
      {Object.entries(preview.form).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="page" value={String(page)} />
      <button type="submit" className="secondary">
        {label}
      </button>
    </form>
  );
  return (
    <nav aria-label={t.t('st_cod_lines_of', { from, to, total: preview.line_count })} className="row">
      <p>{t.t('st_cod_lines_of', { from, to, total: preview.line_count })}</p>
      {preview.page > 1 && go(preview.page - 1, t.t('st_cod_lines_previous'))}
      {preview.page < preview.pages && go(preview.page + 1, t.t('st_cod_lines_next'))}
    </nav>
  );
}

export function CodPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: CodOverview;
  preview?: CodPreview;
  state?: CodFormState;
}) {
  const { t, data, state } = props;
  // A day of a country (a week's first day, a hand-in's day), printed at its noon on that country's clocks.
  const date = (day: string, country: CountryCode = HOME_COUNTRY) =>
    formatDate(instantIn(timeZoneOf(country), day, 12), t.lang, country);
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t('st_cod_title')} path="/cod">
      <h1>{t.t('st_cod_title')}</h1>
      <p className="muted">{t.t('st_cod_intro', { days: data.missing_days })}</p>
      <Notice t={t} state={state?.handin ? undefined : state} />
      <ul className="cards" aria-label={t.t('st_cod_counts')}>
        {(Object.keys(data.counts) as (keyof CodOverview['counts'])[]).map((s) => (
          <li key={s} className="card">
            {t.t(`st_cod_status_${s}` as StaffTextId)}: <strong>{data.counts[s]}</strong>
          </li>
        ))}
      </ul>

      <section aria-labelledby="import-title">
        <h2 id="import-title">{t.t('st_cod_import_title')}</h2>
        <form method="post" action="/cod/preview" encType="multipart/form-data" className="card stack">
          <div>
            <label htmlFor="cod-carrier">{t.t('st_cod_carrier')}</label>
            <select id="cod-carrier" name="carrier" defaultValue={state?.values?.carrier ?? 'aramex'}>
              {STATEMENT_CARRIERS.map((c) => (
                <option key={c} value={c}>
                  {carrierName(t, c)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="cod-currency">{t.t('st_cod_currency')}</label>
            <select
              id="cod-currency"
              name="currency"
              defaultValue={state?.values?.currency ?? currencyOf(HOME_COUNTRY)}
            >
              {STATEMENT_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="cod-ref">{t.t('st_cod_statement_ref')}</label>
            <input
              id="cod-ref"
              name="statement_ref"
              required
              maxLength={100}
              defaultValue={state?.values?.statement_ref ?? ''}
            />
          </div>
          <div>
            <label htmlFor="cod-file">{t.t('st_cod_file')}</label>
            <input id="cod-file" name="file" type="file" accept=".csv,text/csv" required />
          </div>
          <button type="submit">{t.t('st_cod_check')}</button>
        </form>
        <details>
          <summary>{t.t('st_cod_columns_title')}</summary>
          <p>{t.t('st_cod_columns_intro')}</p>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t.t('st_cod_carrier')}</th>
                  {FIELDS.map((f) => (
                    <th key={f} scope="col">
                      {t.t(`st_cod_field_${f}` as StaffTextId)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {STATEMENT_CARRIERS.map((c) => (
                  <tr key={c}>
                    <th scope="row">{carrierName(t, c)}</th>
                    {FIELDS.map((f) => (
                      <td key={f} dir="ltr">
                        {STATEMENT_COLUMNS[c][f].join(' / ')}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>
      {props.preview && <Preview t={t} preview={props.preview} />}

      <section aria-labelledby="totals-title">
        <h2 id="totals-title">{t.t('st_cod_totals_title')}</h2>
        {data.totals.length === 0 ? (
          <p>{t.t('st_cod_none')}</p>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t.t('st_cod_week')}</th>
                  <th scope="col">{t.t('st_cod_carrier')}</th>
                  <th scope="col">{t.t('st_cod_expected')}</th>
                  <th scope="col">{t.t('st_cod_remitted')}</th>
                  <th scope="col">{t.t('st_cod_difference')}</th>
                </tr>
              </thead>
              <tbody>
                {data.totals.map((r) => (
                  <tr
                    key={`${r.carrier}-${r.week}-${r.currency}`}
                    data-testid={`total-${r.carrier}-${r.week}-${r.currency}`}
                  >
                    <td>
                      {t.t('st_cod_week_of', { date: date(r.week, countryOfCurrency(r.currency) ?? HOME_COUNTRY) })}
                    </td>
                    <td>{carrierName(t, r.carrier)}</td>
                    <td>{money(t, r.expected, r.currency)}</td>
                    <td>{money(t, r.remitted, r.currency)}</td>
                    <td>{money(t, r.difference, r.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="differences-title">
        <h2 id="differences-title">{t.t('st_cod_differences_title')}</h2>
        {data.differences.length === 0 ? (
          <p>{t.t('st_cod_no_differences')}</p>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t.t('st_cod_order')}</th>
                  <th scope="col">{t.t('st_cod_carrier')}</th>
                  <th scope="col">{t.t('st_cod_parcel')}</th>
                  <th scope="col">{t.t('st_cod_expected')}</th>
                  <th scope="col">{t.t('st_cod_remitted')}</th>
                  <th scope="col">{t.t('st_cod_outcome')}</th>
                </tr>
              </thead>
              <tbody>
                {data.differences.map((d) => (
                  <tr key={d.id} data-testid={`difference-${d.id}`}>
                    <td>
                      <a href={`/orders/${d.order_id}`}>{d.order_id}</a>
                    </td>
                    <td>{carrierName(t, d.carrier)}</td>
                    <td dir="ltr">{d.tracking_number}</td>
                    <td>{money(t, d.cod_amount, d.currency)}</td>
                    <td>{d.remitted === null ? '—' : money(t, d.remitted, d.currency)}</td>
                    <td>{t.t(`st_cod_status_${d.status}` as StaffTextId)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="handins-title">
        <h2 id="handins-title">{t.t('st_cod_handins_title')}</h2>
        <p className="muted">{t.t('st_cod_handins_intro')}</p>
        {data.handins.length === 0 ? (
          <p>{t.t('st_cod_none')}</p>
        ) : (
          data.handins.map((h) => {
            const key = `${h.staff_id}-${h.day}`;
            const mine = state?.handin === key ? state : undefined;
            return (
              <form
                key={key}
                method="post"
                action="/cod/handins"
                className="card stack"
                aria-labelledby={`handin-${key}`}
                data-testid={`handin-${key}`}
              >
                <h3 id={`handin-${key}`}>
                  {h.name} · {date(h.day, OWN_FLEET_COUNTRY)}
                </h3>
                {mine?.error && <Notice t={t} state={{ error: mine.error }} />}
                <p>
                  {t.t('st_cod_handin_expected', { amount: money(t, h.expected, h.currency) })} ·{' '}
                  {t.t('st_cod_handin_collected', { amount: money(t, h.collected, h.currency) })}
                  {h.handed !== null && (
                    <>
                      {' · '}
                      {t.t('st_cod_handin_handed', { amount: money(t, h.handed, h.currency) })}
                      {h.difference !== 0 &&
                        ` · ${t.t('st_cod_handin_difference', { amount: money(t, h.difference ?? 0, h.currency) })}`}
                    </>
                  )}
                  {h.handed === null && ` · ${t.t('st_cod_handin_waiting')}`}
                </p>
                <input type="hidden" name="staff_id" value={h.staff_id} />
                <input type="hidden" name="day" value={h.day} />
                <div>
                  <label htmlFor={`handin-${key}-amount`}>
                    {t.t('st_cod_handin_amount', { currency: h.currency })}
                  </label>
                  <input
                    id={`handin-${key}-amount`}
                    name="amount"
                    inputMode="decimal"
                    dir="ltr"
                    required
                    defaultValue={
                      mine?.values?.amount ?? minorToDecimal(h.handed ?? h.expected, currencyDecimals(h.currency))
                    }
                  />
                </div>
                <div>
                  <label htmlFor={`handin-${key}-note`}>{t.t('st_cod_handin_note')}</label>
                  <input
                    id={`handin-${key}-note`}
                    name="note"
                    maxLength={300}
                    defaultValue={mine?.values?.note ?? h.note ?? ''}
                  />
                </div>
                <button type="submit">{t.t('st_cod_handin_save')}</button>
              </form>
            );
          })
        )}
      </section>

      <section aria-labelledby="statements-title">
        <h2 id="statements-title">{t.t('st_cod_statements_title')}</h2>
        {data.statements.length === 0 ? (
          <p>{t.t('st_cod_none')}</p>
        ) : (
          <ul>
            {data.statements.map((s) => (
              <li key={s.id}>
                {t.t('st_cod_statement_line', {
                  carrier: carrierName(t, s.carrier),
                  ref: s.statement_ref,
                  count: s.line_count,
                  amount: money(t, s.total_minor, s.currency),
                  name: s.staff_name,
                })}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Layout>
  );
}
