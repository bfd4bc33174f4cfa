// The orders list: search, filters in the URL (a GET form), newest first, page by page.
import { ORDER_STAGES, type StaffOrderListQuery } from '#shared/api/staff-order-schemas';
import type { OrderListData } from '#shared/api/staff-order-responses';
import { formatMinor, isShopCurrency } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import { formatGiftDate } from '#shared/orders/gift-dates';
import type { StaffTranslator } from '../../lib/i18n';
import type { StaffSelf } from '../../lib/api';
import { Layout } from '../Layout';
import { CountryOptions } from '../CountryOptions';

export function OrdersListPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: OrderListData;
  filters: StaffOrderListQuery;
}) {
  const { t, data, filters } = props;
  const pageHref = (page: number) => {
    const q = new URLSearchParams(
      Object.entries({ ...filters, page: page > 1 ? String(page) : undefined }).filter(
        (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '',
      ),
    );
    return `/orders${q.size ? `?${q}` : ''}`;
  };
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t('st_orders_title')} path="/orders">
      <h1>{t.t('st_orders_title')}</h1>
      <form method="get" action="/orders" className="filters">
        <div className="grow">
          <label htmlFor="q">{t.t('st_orders_search')}</label>
          <input id="q" name="q" type="search" defaultValue={filters.q} aria-describedby="q-hint" />
          <p className="hint" id="q-hint">
            {t.t('st_orders_search_hint')}
          </p>
        </div>
        <div>
          <label htmlFor="stage">{t.t('st_orders_stage')}</label>
          <select id="stage" name="stage" defaultValue={filters.stage ?? ''}>
            <option value="">{t.t('st_orders_any')}</option>
            {ORDER_STAGES.map((s) => (
              <option key={s} value={s}>
                {t.t(`st_stage_${s}`)}
              </option>
            ))}
          </select>
        </div>
        {data.countries.length > 1 && (
          <div>
            <label htmlFor="country">{t.t('st_orders_country')}</label>
            <select id="country" name="country" defaultValue={filters.country ?? ''}>
              <option value="">{t.t('st_orders_any')}</option>
              <CountryOptions t={t} countries={data.countries} />
            </select>
          </div>
        )}
        <div>
          <label htmlFor="from">{t.t('st_orders_from')}</label>
          <input id="from" name="from" type="date" defaultValue={filters.from} dir="ltr" />
        </div>
        <div>
          <label htmlFor="to">{t.t('st_orders_to')}</label>
          <input id="to" name="to" type="date" defaultValue={filters.to} dir="ltr" />
        </div>
        <div className="check">
          <input id="gift" name="gift" type="checkbox" value="1" defaultChecked={filters.gift === '1'} />
          <label htmlFor="gift">{t.t('st_orders_gift_filter')}</label>
        </div>
        <div className="check">
          <input id="late" name="late" type="checkbox" value="1" defaultChecked={filters.late === '1'} />
          <label htmlFor="late">{t.t('st_orders_late_filter')}</label>
        </div>
        <button type="submit">{t.t('st_filter')}</button>
        <a href="/orders">{t.t('st_clear_filters')}</a>
      </form>
      {data.orders.length === 0 ? (
        <p>{t.t('st_orders_empty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="stack-table">
            <thead>
              <tr>
                <th scope="col">{t.t('st_orders_number')}</th>
                <th scope="col">{t.t('st_orders_placed')}</th>
                <th scope="col">{t.t('st_orders_shopper')}</th>
                <th scope="col">{t.t('st_orders_stage')}</th>
                <th scope="col">{t.t('st_orders_total')}</th>
              </tr>
            </thead>
            <tbody>
              {data.orders.map((o) => (
                <tr key={o.id} data-testid="staff-order-row">
                  <td data-label={t.t('st_orders_number')}>
                    <a href={`/orders/${o.id}`} className="mono nowrap">
                      {o.id}
                    </a>
                    <div className="muted">{t.t(`st_country_${o.country}`)}</div>
                    {o.late && (
                      <div data-testid="staff-order-late">
                        <span className="badge late">{t.t('st_orders_late_badge')}</span>
                      </div>
                    )}
                    {o.gift && (
                      <div data-testid="staff-order-gift">
                        <span className="badge gift">{t.t('st_orders_gift_badge')}</span>
                        {o.gift_date && <div className="muted">{formatGiftDate(o.gift_date, t.lang, o.country)}</div>}
                      </div>
                    )}
                  </td>
                  <td data-label={t.t('st_orders_placed')}>
                    {formatDate(o.created_at, t.lang, o.country, { time: true })}
                  </td>
                  <td data-label={t.t('st_orders_shopper')}>
                    <div>{o.name}</div>
                    <div className="muted mono" dir="ltr">
                      {o.email}
                    </div>
                    {o.phone && (
                      <div className="muted mono" dir="ltr">
                        {o.phone}
                      </div>
                    )}
                  </td>
                  <td data-label={t.t('st_orders_stage')}>
                    <span className={`badge stage-${o.stage}`}>{t.t(`st_stage_${o.stage}`)}</span>
                  </td>
                  <td data-label={t.t('st_orders_total')}>
                    <bdi>
                      {isShopCurrency(o.currency) ? formatMinor(o.total, o.currency, t.lang, o.country) : o.total}
                    </bdi>
                    <div className="muted">{t.t(`st_pay_${o.payment_method}`)}</div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="pager">
        {data.page > 1 && <a href={pageHref(data.page - 1)}>{t.t('st_orders_prev_page')}</a>}
        {data.has_more && <a href={pageHref(data.page + 1)}>{t.t('st_orders_next_page')}</a>}
      </p>
    </Layout>
  );
}
