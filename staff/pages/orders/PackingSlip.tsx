// The packing slip of an order (decision 34): a printable sheet that goes in the parcel. It
// names the recipient, the address, the items and their counts, the gift message in its own language
// and direction, and the requested delivery day; it never shows a price, a total or the payment.
import { storedAddressLines } from '#shared/text/address-lines';
import type { GiftMessageLang } from '#shared/api/gift-schemas';
import type { OrderDetailData } from '#shared/api/staff-order-responses';
import { formatGiftDate } from '#shared/orders/gift-dates';
import { formatDate } from '#shared/text/dates';
import type { StaffTranslator } from '../../lib/i18n';
import styles from './packing-slip.css?raw';

/** What the slip reads of the order's detail (GET /staff/orders/:id). */
type PackingSlipData = Pick<OrderDetailData, 'items' | 'gift' | 'promotions'> & {
  order: Pick<OrderDetailData['order'], 'id' | 'country' | 'created_at' | 'address'>;
};

export function PackingSlipPage(props: { t: StaffTranslator; nonce: string; data: PackingSlipData }) {
  const { t, data } = props;
  const o = data.order;
  const gift = data.gift ?? null;
  const a = o.address;
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  const lines = storedAddressLines(a, t.lang);
  const gifts = (data.promotions ?? []).flatMap((p) => (p.gift ? [{ ...p.gift, promotion: p.name }] : []));
  const total = [...data.items, ...gifts].reduce((n, i) => n + i.count, 0);
  const messageLang: GiftMessageLang = gift?.message_lang ?? t.lang;
  const title = `${t.t('st_slip_title')} · ${t.t('st_slip_order', { id: o.id })}`;
  return (
    <html lang={t.lang} dir={t.lang === 'ar' ? 'rtl' : 'ltr'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} · ${t.t('st_app_name')}`}</title>
        <style nonce={props.nonce}>{styles}</style>
      </head>
      <body>
        <p className="screen-only">
          <a href={`/orders/${o.id}`}>{t.t('st_slip_back')}</a> · {t.t('st_slip_print_hint')}
        </p>
        <main data-testid="packing-slip">
          <header className="slip-head">
            <h1>{t.t('st_slip_title')}</h1>
            <span className="shop">{t.t('st_app_name')}</span>
            <span>
              {t.t('st_slip_order', { id: o.id })} ·{' '}
              {t.t('st_slip_placed', { date: formatDate(o.created_at, t.lang, o.country) })}
            </span>
            {gift && <span className="gift-flag">{t.t('st_orders_gift_badge')}</span>}
          </header>

          <section aria-labelledby="deliver-to">
            <h2 id="deliver-to">{t.t('st_slip_deliver_to')}</h2>
            <address>
              <div>
                <strong>
                  <bdi>{text(a.recipient)}</bdi>
                </strong>
              </div>
              <div className="mono" dir="ltr">
                {text(a.phone)}
              </div>
              {lines.map((line, i) => (
                <div key={`${i}-${line}`}>
                  <bdi>{line}</bdi>
                </div>
              ))}
              <div>{t.t(`st_country_${o.country}`)}</div>
            </address>
          </section>

          {gift && (
            <section aria-labelledby="delivery-day">
              <h2 id="delivery-day">{t.t('st_orders_gift_date')}</h2>
              <p data-testid="slip-delivery-date">
                {gift.delivery_date
                  ? formatGiftDate(gift.delivery_date, t.lang, o.country)
                  : t.t('st_orders_gift_asap')}
              </p>
            </section>
          )}

          <section aria-labelledby="slip-items">
            <h2 id="slip-items">{t.t('st_slip_items')}</h2>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t.t('st_slip_item')}</th>
                  <th scope="col" className="count">
                    {t.t('st_slip_count')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((i) => (
                  <tr key={i.sku_id} data-testid="slip-item">
                    <td>
                      <bdi>{i.name}</bdi> <span>({i.sku_name})</span>
                    </td>
                    <td className="count">{t.n(i.count)}</td>
                  </tr>
                ))}
                {gifts.map((g) => (
                  <tr key={`gift-${g.promotion_id}-${g.sku_id}`} data-testid="slip-item">
                    <td>
                      <bdi>{g.name}</bdi> <span>({g.sku_name})</span> · {t.t('st_orders_gift', { name: g.promotion })}
                    </td>
                    <td className="count">{t.n(g.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>{t.t('st_slip_total_count', { count: total })}</p>
          </section>

          {gift?.message && (
            <section aria-labelledby="slip-message">
              <h2 id="slip-message">{t.t('st_orders_gift_message')}</h2>
              <p
                className="message"
                lang={messageLang}
                dir={messageLang === 'ar' ? 'rtl' : 'ltr'}
                data-testid="slip-message"
              >
                {gift.message}
              </p>
            </section>
          )}
        </main>
      </body>
    </html>
  );
}
