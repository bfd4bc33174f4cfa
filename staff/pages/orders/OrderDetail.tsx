// One order: what was ordered, where it goes, how it was paid, its timeline, and the forms
// of the next steps the staff member's role allows (the API checks the same permissions). The data's
// shape: shared/api/staff-order-responses.ts; how amounts are written: order-detail-data.ts; the forms:
// OrderNextSteps.tsx; items, totals, payments and refunds: OrderMoney.tsx.
import { storedAddressLines } from '#shared/text/address-lines';
import { carrierName } from '#shared/orders/carriers';
import type { StaffTranslator } from '../../lib/i18n';
import type { StaffSelf } from '../../lib/api';
import { DoneNote, ErrorNote, Layout } from '../Layout';
import { GiftCard } from './GiftCard';
import type { OrderDetailData } from '#shared/api/staff-order-responses';
import { type OrderStep, orderWords } from './order-detail-data';
import { OrderMoney } from './OrderMoney';
import { OrderNextSteps } from './OrderNextSteps';
import { OrderDelivery } from './OrderDelivery';
import { OrderParcelEvents } from './OrderParcelEvents';

export { ORDER_STEPS, type OrderStep } from './order-detail-data';

import type { OrderParcelsData } from '#shared/api/staff-shipping-schemas';
import { OrderParcels } from './OrderParcels';
import { isCountryCode } from '#shared/countries';

export function OrderDetailPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: OrderDetailData;
  done?: OrderStep | null;
  error?: string | null;
  /** The order's parcels (issue 62); absent when the API could not say. */
  parcels?: OrderParcelsData | null;
  /** A fresh key for the refund form: the API refunds once per key, so a double submit refunds once. */
  refundKey: string;
}) {
  const { t, data, me } = props;
  const o = data.order;
  const words = orderWords(t, data);
  const { money, when, gateway } = words;
  // Card refunds that failed while money is still owed: the shopper has not got it back.
  const failedRefunds =
    data.money.refundable > 0 ? data.refunds.filter((r) => r.method === 'gateway' && r.status === 'failed') : [];
  // The whole delivery address, as the packing slip prints it: recipient and phone, places, street and
  // building parts in the staff member's words, then the country.
  const text = (k: string) =>
    typeof o.address[k] === 'string' || typeof o.address[k] === 'number' ? String(o.address[k]) : '';
  const address = [
    text('recipient'),
    ...storedAddressLines(o.address, t.lang),
    isCountryCode(o.country) ? t.t(`st_country_${o.country}`) : '',
    text('notes'),
  ].filter(Boolean);
  const phone = text('phone');
  const title = t.t('st_orders_detail_title', { id: o.id });
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={title} path="/orders">
      <p>
        <a href="/orders">{t.t('st_orders_back')}</a>
      </p>
      <h1>
        {title} <span className={`badge stage-${o.stage}`}>{t.t(`st_stage_${o.stage}`)}</span>
      </h1>
      <p className="muted">
        {t.t(`st_country_${o.country}`)} · {when(o.created_at)} · {t.t(`st_pay_${o.payment_method}`)}
        {gateway ? ` (${gateway})` : ''}
      </p>
      <GiftCard t={t} orderId={o.id} country={o.country} gift={data.gift ?? null} />
      {props.done && <DoneNote text={t.t(`st_orders_done_${props.done}`)} />}
      <ErrorNote t={t} msg={props.error} />
      {failedRefunds.length > 0 && (
        <div className="note error" role="alert" data-testid="staff-refunds-failed">
          {failedRefunds.map((r) => (
            <p key={r.id}>
              {t.t('st_orders_refund_failed_note', { amount: money(r.amount), when: when(r.created_at) })}
            </p>
          ))}
        </div>
      )}

      <OrderNextSteps t={t} me={me} data={data} words={words} refundKey={props.refundKey} />

      <div className="cards detail-cards">
        <section className="card" aria-labelledby="contact">
          <h2 id="contact">{t.t('st_orders_contact')}</h2>
          <p>{o.user_name ?? t.t('st_orders_guest')}</p>
          <p className="mono" dir="ltr">
            {o.email}
          </p>
          <p className="muted">{t.t('st_orders_lang', { lang: t.t(`st_lang_${o.lang}`) })}</p>
        </section>
        <section className="card" aria-labelledby="address">
          <h2 id="address">{t.t('st_orders_address')}</h2>
          <address>
            {address.map((line, i) => (
              <div key={`${i}-${line}`}>
                <bdi>{line}</bdi>
              </div>
            ))}
            {phone && (
              <div>
                <bdi dir="ltr">{phone}</bdi>
              </div>
            )}
          </address>
        </section>
        <OrderDelivery t={t} order={o} />
        {o.tracking_number && (
          <section className="card" aria-labelledby="shipment">
            <h2 id="shipment">{t.t('st_orders_shipment')}</h2>
            <p>
              {t.t('st_orders_carrier')}: {o.carrier ? carrierName(o.carrier, t.lang) : ''}
            </p>
            <p>
              {t.t('st_orders_tracking_number')}:{' '}
              <span className="mono" dir="ltr" data-testid="staff-tracking-number">
                {o.tracking_number}
              </span>
            </p>
            {o.tracking_url && (
              <p>
                <a href={o.tracking_url} rel="noreferrer" dir="ltr">
                  {o.tracking_url}
                </a>
              </p>
            )}
          </section>
        )}
      </div>

      {props.parcels ? <OrderParcels t={t} me={me} orderId={o.id} stage={o.stage} data={props.parcels} /> : null}

      <OrderMoney t={t} me={me} data={data} words={words} />
      <h2>{t.t('st_orders_timeline')}</h2>
      {data.events.length === 0 ? (
        <p className="muted">{t.t('st_orders_timeline_empty')}</p>
      ) : (
        <ol className="timeline">
          {data.events.map((e) => (
            <li key={e.id}>
              <strong>{t.t(`st_event_${e.kind}`)}</strong> · {when(e.at)}
              {e.staff_name ? ` · ${t.t('st_orders_by', { name: e.staff_name })}` : ''}
              {e.note ? <div className="muted">{words.note(e.note)}</div> : null}
            </li>
          ))}
        </ol>
      )}
      <OrderParcelEvents t={t} tracking={data.tracking} when={when} />
    </Layout>
  );
}
