// The returns queue (issue 62): the list by status and country, and one return with its lines, reason,
// her note, photos, the parcel (with the carrier's error and a retry), its steps, and the forms of the
// step it is at: receive; inspect (each line: can it be sold again); refund (wallet or card, the amount
// the return rules give); reject with a reason she reads.
import type { ReturnListRow, StaffReturn } from '#shared/api/staff-return-responses';
import { COUNTRY_CODES } from '#shared/locale';
import { formatMinor, isShopCurrency } from '#shared/money';
import { carrierName } from '#shared/orders/carriers';
import { RECEIVABLE, REJECTABLE, RETURN_STATUSES } from '#shared/orders/returns';
import { formatDate } from '#shared/text/dates';
import type { StaffSelf } from '../lib/api';
import type { StaffTextId, StaffTranslator } from '../lib/i18n';
import { Layout } from './Layout';
import { type FormState, Notice } from './Customers';
import { countryOfCurrency, HOME_COUNTRY } from '#shared/countries';

const money = (t: StaffTranslator, minor: number, currency: string) =>
  isShopCurrency(currency)
    ? formatMinor(minor, currency, t.lang, countryOfCurrency(currency) ?? HOME_COUNTRY)
    : `${minor}`;
const statusText = (t: StaffTranslator, s: string) => t.t(`st_return_status_${s}` as StaffTextId);
const reasonText = (t: StaffTranslator, r: string) => t.t(`st_return_reason_${r}` as StaffTextId);
// A parcel's status in the words of the order page's parcels (staff-tracking), not the table's code.
const parcelText = (t: StaffTranslator, s: string) => t.t(`st_tracking_status_${s}` as StaffTextId);

export function ReturnsListPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  rows: ReturnListRow[];
  query: Record<string, string>;
}) {
  const { t, me, rows, query } = props;
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_returns_title')} path="/returns">
      <h1>{t.t('st_returns_title')}</h1>
      <p className="muted">{t.t('st_returns_intro')}</p>
      <form method="get" action="/returns" className="filters">
        <label>
          {t.t('st_returns_filter_status')}{' '}
          <select name="status">
            <option value="">{t.t('st_returns_filter_any')}</option>
            <option value="open" selected={query.status === 'open'}>
              {t.t('st_returns_filter_open')}
            </option>
            {RETURN_STATUSES.map((s) => (
              <option key={s} value={s} selected={query.status === s}>
                {statusText(t, s)}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          {t.t('st_returns_filter_country')}{' '}
          <select name="country">
            <option value="">{t.t('st_returns_filter_any')}</option>
            {COUNTRY_CODES.map((c) => (
              <option key={c} value={c} selected={query.country === c}>
                {t.t(`st_country_${c}`)}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          {t.t('st_returns_search')} <input name="q" inputMode="numeric" value={query.q ?? ''} />
        </label>{' '}
        <button type="submit">{t.t('st_returns_filter')}</button>
      </form>
      {rows.length === 0 ? (
        <p>{t.t('st_returns_none')}</p>
      ) : (
        // Six columns do not fit a phone: the table scrolls inside its box, as the other queues' do.
        <div className="table-wrap">
          <table data-testid="returns-table">
            <thead>
              <tr>
                <th>{t.t('st_returns_col_return')}</th>
                <th>{t.t('st_returns_col_order')}</th>
                <th>{t.t('st_returns_col_reason')}</th>
                <th>{t.t('st_returns_col_status')}</th>
                <th>{t.t('st_returns_col_parcel')}</th>
                <th>{t.t('st_returns_col_asked')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <a href={`/returns/${r.id}`}>{t.t('st_return_title', { id: r.id })}</a>
                    <br />
                    <span className="muted">{t.t('st_returns_pieces', { count: r.pieces })}</span>
                  </td>
                  <td>
                    <a href={`/orders/${r.order_id}`}>{r.order_id}</a> · {t.t(`st_country_${r.country}`)}
                  </td>
                  <td>{reasonText(t, r.reason)}</td>
                  <td>{statusText(t, r.status)}</td>
                  <td>
                    {r.parcel_status ? parcelText(t, r.parcel_status) : '—'}
                    {r.carrier_error ? (
                      <>
                        <br />
                        <span className="muted">{t.t('st_return_parcel_error', { error: r.carrier_error })}</span>
                      </>
                    ) : null}
                  </td>
                  <td>{formatDate(r.created_at, t.lang, r.country, { time: true })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Layout>
  );
}

export function ReturnPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  ret: StaffReturn;
  state?: FormState;
}) {
  const { t, me, ret, state } = props;
  const canRefund = me.permissions.includes('orders:refund');
  const when = (at: number) => formatDate(at, t.lang, ret.country, { time: true });
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_return_title', { id: ret.id })} path="/returns">
      <p>
        <a href="/returns">{t.t('st_return_back')}</a>
      </p>
      <h1>{t.t('st_return_title', { id: ret.id })}</h1>
      <Notice t={t} state={state} />
      <p>
        <a href={`/orders/${ret.order_id}`}>{t.t('st_return_order', { id: ret.order_id })}</a> ·{' '}
        {t.t(`st_country_${ret.country}`)} · {reasonText(t, ret.reason)} ·{' '}
        <strong data-testid="return-status">{statusText(t, ret.status)}</strong>
      </p>
      {ret.note ? (
        <p>
          {t.t('st_return_note')}: <bdi>{ret.note}</bdi>
        </p>
      ) : null}
      {ret.reject_reason ? <p>{t.t('st_return_rejected', { reason: ret.reject_reason })}</p> : null}
      {ret.refund_id !== null && ret.refund_amount !== null ? (
        <p>{t.t('st_return_refunded', { amount: money(t, ret.refund_amount, ret.currency), id: ret.refund_id })}</p>
      ) : null}

      <h2>{t.t('st_return_items')}</h2>
      <form method="post" action={`/returns/${ret.id}/inspect`}>
        <ul>
          {ret.items.map((i) => (
            <li key={i.sku_id}>
              <bdi>{i.name}</bdi> × {i.count}
              {ret.status === 'received' ? (
                <>
                  {' '}
                  <label>
                    <input type="radio" name={`resellable_${i.sku_id}`} value="1" required />{' '}
                    {t.t('st_return_resellable')}
                  </label>{' '}
                  <label>
                    <input type="radio" name={`resellable_${i.sku_id}`} value="0" /> {t.t('st_return_not_resellable')}
                  </label>
                </>
              ) : i.resellable !== null ? (
                <> · {t.t(i.resellable ? 'st_return_resellable' : 'st_return_not_resellable')}</>
              ) : null}
            </li>
          ))}
        </ul>
        {ret.status === 'received' ? <button type="submit">{t.t('st_return_inspect')}</button> : null}
      </form>

      {ret.photos.length > 0 ? (
        <>
          <h2>{t.t('st_return_photos')}</h2>
          <p>
            {ret.photos.map((p, n) => (
              <a key={p.id} href={`/returns/${ret.id}/photos/${p.id}`}>
                <img
                  src={`/returns/${ret.id}/photos/${p.id}`}
                  alt={t.t('st_return_photo', { n: n + 1 })}
                  width={160}
                  height={160}
                  loading="lazy"
                />
              </a>
            ))}
          </p>
        </>
      ) : null}

      <h2>{t.t('st_return_parcel')}</h2>
      {ret.parcel ? (
        <p>
          {carrierName(ret.parcel.carrier, t.lang)} · {parcelText(t, ret.parcel.status)}
          {ret.parcel.tracking_number ? (
            <>
              {' '}
              · <bdi dir="ltr">{ret.parcel.tracking_number}</bdi>
            </>
          ) : null}{' '}
          · {t.t('st_return_parcel_tries', { count: ret.parcel.tries })}
          {ret.parcel.label ? (
            <>
              {' '}
              · <a href={`/returns/${ret.id}/label`}>{t.t('st_return_label')}</a>
            </>
          ) : null}
          {ret.parcel.error ? (
            <>
              <br />
              {t.t('st_return_parcel_error', { error: ret.parcel.error })}
            </>
          ) : null}
        </p>
      ) : (
        <p>{t.t('st_return_parcel_none')}</p>
      )}
      {ret.status === 'requested' && (!ret.parcel || ['queued', 'refused'].includes(ret.parcel.status)) ? (
        <form method="post" action={`/returns/${ret.id}/parcel`}>
          <button type="submit">{t.t('st_return_parcel_retry')}</button>
        </form>
      ) : null}

      {RECEIVABLE.includes(ret.status) ? (
        <form method="post" action={`/returns/${ret.id}/receive`}>
          <label>
            {t.t('st_return_step_note')} <input name="note" maxLength={500} />
          </label>{' '}
          <button type="submit">{t.t('st_return_receive')}</button>
        </form>
      ) : null}

      {ret.status === 'inspected' && canRefund ? (
        <form method="post" action={`/returns/${ret.id}/refund`}>
          <p className="muted">{t.t('st_return_refund_rule')}</p>
          <label>
            {t.t('st_return_refund_method')}{' '}
            <select name="method">
              <option value="gateway">{t.t('st_return_refund_gateway')}</option>
              <option value="wallet">{t.t('st_return_refund_wallet')}</option>
            </select>
          </label>{' '}
          <button type="submit">
            {t.t('st_return_refund', { amount: money(t, ret.refund_preview, ret.currency) })}
          </button>
        </form>
      ) : null}

      {REJECTABLE.includes(ret.status) ? (
        <form method="post" action={`/returns/${ret.id}/reject`}>
          <label>
            {t.t('st_return_reject_reason')} <input name="reason" required maxLength={500} />
          </label>{' '}
          <button type="submit">{t.t('st_return_reject')}</button>
        </form>
      ) : null}

      <h2>{t.t('st_return_steps')}</h2>
      <ol>
        {ret.events.map((e) => (
          <li key={`${e.kind}-${e.at}`}>
            {statusText(t, e.kind)} · {when(e.at)}
            {e.note ? (
              <>
                {' '}
                · <bdi>{e.note}</bdi>
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </Layout>
  );
}
