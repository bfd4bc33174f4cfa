// The owner's list of Saudi e-invoices as ZATCA answered them (issue 75): what needs her first (documents
// waiting over 12 hours, or for a stamp), then the documents with ZATCA's own messages, each naming its
// order, refund or booking. ZATCA's messages come in the language it was asked in; codes stay as written.
import {
  E_INVOICE_FILTERS,
  type EInvoiceListQuery,
  type EInvoiceListResponse,
  type EInvoiceRow,
} from '#shared/api/staff-e-invoice-responses';
import { HOME_COUNTRY } from '#shared/countries';
import { isCountryCode } from '#shared/locale';
import { formatMinor, isShopCurrency } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import type { StaffSelf } from '../lib/api';
import type { StaffTranslator } from '../lib/i18n';
import { Layout } from './Layout';

type Props = {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: EInvoiceListResponse;
  filters: EInvoiceListQuery;
};

const when = (t: StaffTranslator, row: Pick<EInvoiceRow, 'country'>, at: number) =>
  formatDate(at, t.lang, row.country && isCountryCode(row.country) ? row.country : HOME_COUNTRY, { time: true });

function ForWhat({ t, row }: { t: StaffTranslator; row: EInvoiceRow }) {
  if (row.refund_id !== null && row.order_id !== null)
    return (
      <a href={`/orders/${row.order_id}`}>
        {t.t('st_einv_for_refund', { refund: row.refund_id, order: row.order_id })}
      </a>
    );
  if (row.order_id !== null)
    return <a href={`/orders/${row.order_id}`}>{t.t('st_einv_for_order', { order: row.order_id })}</a>;
  return <>{t.t('st_einv_for_booking', { ref: row.booking_ref ?? row.key })}</>;
}

function Messages({ t, row }: { t: StaffTranslator; row: EInvoiceRow }) {
  return (
    <>
      {row.state === 'waiting' && <div>{t.t('st_einv_not_signed', { reason: row.waiting_reason ?? '' })}</div>}
      {row.messages.length > 0 && (
        <ul className="rows">
          {row.messages.map((m, i) => (
            <li key={`${m.code}-${i}`} data-code={m.code}>
              {m.code && m.type !== 'RETRY' && (
                <>
                  <code dir="ltr">{m.code}</code>{' '}
                </>
              )}
              <span dir="auto">{m.message}</span>
            </li>
          ))}
        </ul>
      )}
      {row.report_status === 'pending' && row.report_attempts > 0 && (
        <div className="muted">
          {t.t('st_einv_tries', { count: row.report_attempts })}
          {row.next_report_at !== null && ` · ${t.t('st_einv_next_try', { date: when(t, row, row.next_report_at) })}`}
        </div>
      )}
      {row.reported_at !== null && row.report_status !== 'pending' && (
        <div className="muted">{t.t('st_einv_answered', { date: when(t, row, row.reported_at) })}</div>
      )}
    </>
  );
}

export function EInvoicesPage({ t, nonce, me, data, filters }: Props) {
  const { attention, documents } = data;
  const status = filters.status ?? 'attention';
  return (
    <Layout t={t} nonce={nonce} me={me} title={t.t('st_einv_title')} path="/e-invoices">
      <h1>{t.t('st_einv_title')}</h1>
      <p className="muted">{t.t('st_einv_intro')}</p>
      {(attention.overdue > 0 || attention.stamp_problem) && (
        <div className="note error" role="alert" data-testid="e-invoices-alert">
          {attention.overdue > 0 && <p>{t.t('st_einv_overdue', { count: attention.overdue })}</p>}
          {attention.stamp_problem === 'no-csid' && <p>{t.t('st_einv_no_csid')}</p>}
          {attention.stamp_problem === 'csid-refused' && <p>{t.t('st_einv_csid_refused')}</p>}
          {attention.stamp_problem === 'cannot-sign' && <p>{t.t('st_einv_cannot_sign')}</p>}
        </div>
      )}
      <ul>
        <li>{t.t('st_einv_refused_count', { count: attention.refused })}</li>
        <li>{t.t('st_einv_warning_count', { count: attention.warnings })}</li>
        <li>{t.t('st_einv_pending_count', { count: attention.pending })}</li>
      </ul>
      <form method="get" action="/e-invoices" className="filters">
        <div>
          <label htmlFor="status">{t.t('st_einv_status')}</label>
          <select id="status" name="status" defaultValue={status}>
            {E_INVOICE_FILTERS.map((f) => (
              <option key={f} value={f}>
                {f === 'attention' || f === 'all' ? t.t(`st_einv_filter_${f}`) : t.t(`st_einv_status_${f}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="from">{t.t('st_einv_from')}</label>
          <input type="date" id="from" name="from" defaultValue={filters.from} />
        </div>
        <div>
          <label htmlFor="to">{t.t('st_einv_to')}</label>
          <input type="date" id="to" name="to" defaultValue={filters.to} />
        </div>
        <button type="submit">{t.t('st_filter')}</button>
        <a href="/e-invoices">{t.t('st_clear_filters')}</a>
      </form>
      {documents.length === 0 ? (
        <p>{t.t('st_einv_empty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="stacked">
            <thead>
              <tr>
                <th scope="col">{t.t('st_einv_document')}</th>
                <th scope="col">{t.t('st_einv_for')}</th>
                <th scope="col">{t.t('st_einv_issued')}</th>
                <th scope="col">{t.t('st_einv_total')}</th>
                <th scope="col">{t.t('st_einv_status')}</th>
                <th scope="col">{t.t('st_einv_messages')}</th>
              </tr>
            </thead>
            <tbody>
              {documents.map((row) => (
                <tr key={row.key} data-key={row.key} data-status={row.report_status}>
                  <td data-label={t.t('st_einv_document')}>
                    {t.t(`st_einv_kind_${row.kind}`)}
                    {row.icv !== null && <div className="muted">{t.t('st_einv_counter', { icv: row.icv })}</div>}
                  </td>
                  <td data-label={t.t('st_einv_for')}>
                    <ForWhat t={t} row={row} />
                  </td>
                  <td data-label={t.t('st_einv_issued')}>{when(t, row, row.at)}</td>
                  <td data-label={t.t('st_einv_total')}>
                    {row.total_minor !== null &&
                    row.currency &&
                    isShopCurrency(row.currency) &&
                    row.country &&
                    isCountryCode(row.country)
                      ? formatMinor(row.total_minor, row.currency, t.lang, row.country)
                      : ''}
                  </td>
                  <td data-label={t.t('st_einv_status')}>{t.t(`st_einv_status_${row.report_status}`)}</td>
                  <td data-label={t.t('st_einv_messages')}>
                    <Messages t={t} row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Layout>
  );
}
