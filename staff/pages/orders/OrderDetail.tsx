// One order: what was ordered, where it goes, how it was paid, its timeline, and the forms
// of the next steps the staff member's role allows (the API checks the same permissions).
import { storedAddressLines } from '#shared/text/address-lines';
import { CARRIERS, REFUND_METHODS, REFUND_REASONS, type OrderStage } from '#shared/api/staff-order-schemas';
import type { CountryCode } from '#shared/locale';
import { formatMinor, isShopCurrency, minorToDecimal, currencyDecimals } from '#shared/money';
import { carrierName } from '#shared/orders/carriers';
import type { Permission } from '#shared/staff/permissions';
import { formatDate } from '#shared/text/dates';
import type { StaffTextId, StaffTranslator } from '../../lib/i18n';
import type { CardMethod } from '#shared/api/order-schemas';
import type { StaffSelf } from '../../lib/api';
import { DoneNote, ErrorNote, Layout } from '../Layout';
import type { OrderGift } from '#shared/api/gift-schemas';
import { GiftCard } from './GiftCard';
import type { OrderPromotionView } from '#shared/orders/promotions';

export interface OrderDetailData {
  order: {
    id: number;
    user_id: number | null;
    country: CountryCode;
    currency: string;
    lang: 'en' | 'ar';
    status: string;
    stage: OrderStage;
    payment_method: 'cod' | 'wallet' | 'card';
    /** The gateway's way (KNET, mada, STC Pay, Tabby…) of a card order. */
    card_method?: string | null;
    address: Record<string, unknown>;
    subtotal: number;
    discount: number;
    delivery: number;
    vat: number;
    total: number;
    wallet_used: number;
    coupon_code: string | null;
    created_at: number;
    carrier: string | null;
    tracking_number: string | null;
    tracking_url: string | null;
    email: string | null;
    user_name: string | null;
    user_phone: string | null;
  };
  items: { sku_id: number; name: string; sku_name: string; unit_price: number; count: number }[];
  payments: { id: string; provider: string; amount: number; method: string; status: string; created_at: number }[];
  refunds: {
    id: number;
    amount: number;
    method: 'wallet' | 'gateway';
    reason: (typeof REFUND_REASONS)[number];
    note: string | null;
    status: 'pending' | 'succeeded' | 'failed';
    staff_name: string | null;
    created_at: number;
  }[];
  events: {
    id: number;
    kind: 'confirmed' | 'packed' | 'shipped' | 'out_for_delivery' | 'delivered' | 'cancelled' | 'refunded' | 'note';
    note: string | null;
    staff_name: string | null;
    at: number;
  }[];
  coupon: { code: string } | null;
  /** Sent as a gift (decision 34). */
  gift?: OrderGift | null;
  /** Gifts to pack (price 0) and free units (decision 33). */
  promotions?: OrderPromotionView[];
  money: {
    paid: number;
    refunded: number;
    card_paid: number;
    gateway_refunded: number;
    refundable: number;
    gateway_refundable: number;
    wallet_refundable: number;
  };
  /** Local sandbox: pending gateway refunds can be settled by hand. */
  sandbox_refunds?: boolean;
  next: { confirm: boolean; pack: boolean; ship: boolean; dispatch: boolean; deliver: boolean; cancel: boolean };
}

/** The forms of the detail page, each posting to /orders/:id/<step>. */
export const ORDER_STEPS = ['confirm', 'pack', 'ship', 'dispatch', 'deliver', 'cancel', 'refund'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

const GATEWAY_NAMES: Record<CardMethod, StaffTextId> = {
  knet: 'st_gateway_knet',
  mada: 'st_gateway_mada',
  card: 'st_gateway_card',
  apple_pay: 'st_gateway_apple_pay',
  stc_pay: 'st_gateway_stc_pay',
  tabby: 'st_gateway_tabby',
  tamara: 'st_gateway_tamara',
};

export function OrderDetailPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: OrderDetailData;
  done?: OrderStep | null;
  error?: string | null;
}) {
  const { t, data, me } = props;
  const o = data.order;
  const may = (p: Permission) => me.permissions.includes(p);
  const money = (minor: number) =>
    isShopCurrency(o.currency) ? formatMinor(minor, o.currency, t.lang, o.country) : String(minor);
  const when = (at: number) => formatDate(at, t.lang, o.country, { time: true });
  const action = (step: string) => `/orders/${o.id}/${step}`;
  // Which of the gateway's ways took the payment: refunds go back the same way.
  const gateway =
    o.card_method && o.card_method in GATEWAY_NAMES ? t.t(GATEWAY_NAMES[o.card_method as CardMethod]) : null;
  const fulfil = may('orders:fulfil');
  const showConfirm = fulfil && data.next.confirm;
  const showPack = fulfil && data.next.pack;
  const showShip = fulfil && data.next.ship;
  const showDispatch = fulfil && data.next.dispatch;
  const showDeliver = fulfil && data.next.deliver;
  const showCancel = may('orders:cancel') && data.next.cancel;
  const showRefund = may('orders:refund') && data.money.refundable > 0;
  // What a cancel gives back of the card payment (the API computes the same inside its batch).
  const cardBack = Math.max(
    0,
    Math.min(data.money.card_paid - data.money.gateway_refunded, data.money.paid - o.wallet_used - data.money.refunded),
  );
  const settle = data.sandbox_refunds === true && may('orders:refund');
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
    o.country === 'SA' || o.country === 'KW' ? t.t(`st_country_${o.country}`) : '',
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

      {showConfirm || showPack || showShip || showDeliver || showCancel || showRefund ? (
        <section className="card stack" aria-labelledby="next-step">
          <h2 id="next-step">{t.t('st_orders_actions')}</h2>
          {showConfirm && (
            <form method="post" action={action('confirm')}>
              <button type="submit">{t.t('st_orders_confirm')}</button>
            </form>
          )}
          {showPack && (
            <form method="post" action={action('pack')}>
              <button type="submit">{t.t('st_orders_pack')}</button>
            </form>
          )}
          {showShip && (
            <form method="post" action={action('ship')} className="stack">
              <div>
                <label htmlFor="carrier">{t.t('st_orders_carrier')}</label>
                <select id="carrier" name="carrier" required>
                  {CARRIERS.map((c) => (
                    <option key={c} value={c}>
                      {carrierName(c, t.lang)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="tracking_number">{t.t('st_orders_tracking_number')}</label>
                <input
                  id="tracking_number"
                  name="tracking_number"
                  required
                  maxLength={64}
                  pattern="[A-Za-z0-9\-]+"
                  dir="ltr"
                  autoComplete="off"
                />
              </div>
              <div>
                <label htmlFor="tracking_url">{t.t('st_orders_tracking_url')}</label>
                <input id="tracking_url" name="tracking_url" type="url" dir="ltr" maxLength={300} />
              </div>
              <button type="submit">{t.t('st_orders_ship')}</button>
            </form>
          )}
          {showDispatch && (
            <form method="post" action={action('dispatch')}>
              <button type="submit">{t.t('st_orders_dispatch')}</button>
            </form>
          )}
          {showDeliver && (
            <form method="post" action={action('deliver')}>
              <button type="submit">{t.t('st_orders_deliver')}</button>
            </form>
          )}
          {showCancel && (
            <form method="post" action={action('cancel')} className="stack">
              <div className="check">
                <input id="cancel-confirm" name="confirm" type="checkbox" value="yes" required />
                <label htmlFor="cancel-confirm">{t.t('st_orders_cancel_check')}</label>
              </div>
              {cardBack > 0 && (
                <fieldset>
                  <legend>{t.t('st_orders_cancel_refund_to', { amount: money(cardBack) })}</legend>
                  {(['gateway', 'wallet'] as const).map((m) => (
                    <div key={m} className="check">
                      <input
                        id={`cancel-refund-${m}`}
                        type="radio"
                        name="refund_method"
                        value={m}
                        defaultChecked={m === 'gateway'}
                        disabled={m === 'wallet' && o.user_id === null}
                      />
                      <label htmlFor={`cancel-refund-${m}`}>{t.t(`st_orders_method_${m}`)}</label>
                    </div>
                  ))}
                </fieldset>
              )}
              <div>
                <label htmlFor="cancel-note">{t.t('st_orders_note')}</label>
                <input id="cancel-note" name="note" maxLength={500} />
              </div>
              <button type="submit" className="danger">
                {t.t('st_orders_cancel')}
              </button>
            </form>
          )}
          {showRefund && (
            <form method="post" action={action('refund')} className="stack">
              <h3>{t.t('st_orders_refund')}</h3>
              <p className="muted">
                {t.t('st_orders_refundable')}: <bdi>{money(data.money.refundable)}</bdi>
              </p>
              <div>
                <label htmlFor="amount">{t.t('st_orders_refund_amount', { currency: o.currency })}</label>
                <input
                  id="amount"
                  name="amount"
                  inputMode="decimal"
                  required
                  dir="ltr"
                  defaultValue={minorToDecimal(data.money.refundable, currencyDecimals(o.currency))}
                />
              </div>
              <fieldset>
                <legend>{t.t('st_orders_refund_method')}</legend>
                {REFUND_METHODS.map((m, i) => (
                  <div key={m} className="check">
                    <input
                      id={`method-${m}`}
                      type="radio"
                      name="method"
                      value={m}
                      required
                      defaultChecked={i === 0 ? data.money.wallet_refundable > 0 : data.money.wallet_refundable === 0}
                      disabled={
                        m === 'wallet' ? data.money.wallet_refundable === 0 : data.money.gateway_refundable === 0
                      }
                    />
                    <label htmlFor={`method-${m}`}>{t.t(`st_orders_method_${m}`)}</label>
                  </div>
                ))}
              </fieldset>
              <div>
                <label htmlFor="reason">{t.t('st_orders_refund_reason')}</label>
                <select id="reason" name="reason" required>
                  {REFUND_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {t.t(`st_orders_reason_${r}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="refund-note">{t.t('st_orders_note')}</label>
                <input id="refund-note" name="note" maxLength={500} />
              </div>
              <button type="submit">{t.t('st_orders_refund')}</button>
            </form>
          )}
        </section>
      ) : (
        <p className="muted">{t.t('st_orders_no_actions')}</p>
      )}

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

      <h2>{t.t('st_orders_items')}</h2>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{t.t('st_orders_item')}</th>
              <th scope="col">{t.t('st_orders_count')}</th>
              <th scope="col">{t.t('st_orders_line_total')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((i) => (
              <tr key={i.sku_id}>
                <td>
                  {i.name} · {i.sku_name}
                </td>
                <td>{t.n(i.count)}</td>
                <td>
                  <bdi>{money(i.unit_price * i.count)}</bdi>
                </td>
              </tr>
            ))}
            {(data.promotions ?? []).map((p) =>
              p.gift ? (
                <tr key={`gift-${p.promotion_id}`} data-testid="staff-order-gift">
                  <td>
                    {p.gift.name} · {p.gift.sku_name} · {t.t('st_orders_gift', { name: p.name })}
                  </td>
                  <td>{t.n(p.gift.count)}</td>
                  <td>
                    <bdi>{money(0)}</bdi>
                  </td>
                </tr>
              ) : null,
            )}
          </tbody>
        </table>
      </div>
      <dl className="totals">
        <dt>{t.t('st_orders_subtotal')}</dt>
        <dd>
          <bdi>{money(o.subtotal)}</bdi>
        </dd>
        {o.discount > 0 && (
          <>
            <dt>
              {t.t('st_orders_discount')}
              {data.coupon ? ` (${t.t('st_orders_coupon')} ${data.coupon.code})` : ''}
            </dt>
            <dd>
              <bdi>-{money(o.discount)}</bdi>
            </dd>
          </>
        )}
        <dt>{t.t('st_orders_delivery')}</dt>
        <dd>
          <bdi>{money(o.delivery)}</bdi>
        </dd>
        <dt>{t.t('st_orders_total')}</dt>
        <dd>
          <bdi>{money(o.total)}</bdi>
        </dd>
        {o.vat > 0 && (
          <>
            <dt>{t.t('st_orders_vat')}</dt>
            <dd>
              <bdi>{money(o.vat)}</bdi>
            </dd>
          </>
        )}
        {o.wallet_used > 0 && (
          <>
            <dt>{t.t('st_orders_wallet_used')}</dt>
            <dd>
              <bdi>{money(o.wallet_used)}</bdi>
            </dd>
          </>
        )}
        <dt>{t.t('st_orders_paid')}</dt>
        <dd>
          <bdi>{money(data.money.paid)}</bdi>
        </dd>
        <dt>{t.t('st_orders_refunded')}</dt>
        <dd>
          <bdi>{money(data.money.refunded)}</bdi>
        </dd>
      </dl>

      {data.payments.length > 0 && (
        <>
          <h2>{t.t('st_orders_payments')}</h2>
          <ul>
            {data.payments.map((p) => (
              <li key={p.id}>
                <span className="mono">{p.id}</span> · {p.method} · <bdi>{money(p.amount)}</bdi> · {p.status} ·{' '}
                {when(p.created_at)}
              </li>
            ))}
          </ul>
        </>
      )}
      {data.refunds.length > 0 && (
        <>
          <h2>{t.t('st_orders_refunds')}</h2>
          <ul>
            {data.refunds.map((r) => (
              <li key={r.id}>
                <bdi>{money(r.amount)}</bdi> · {t.t(`st_orders_method_${r.method}`)}
                {r.method === 'gateway' && gateway ? ` (${gateway})` : ''} · {t.t(`st_orders_reason_${r.reason}`)} ·{' '}
                <span className={`badge refund-${r.status}`}>{t.t(`st_orders_refund_status_${r.status}`)}</span> ·{' '}
                {when(r.created_at)}
                {r.staff_name ? ` · ${t.t('st_orders_by', { name: r.staff_name })}` : ''}
                {r.note ? ` · ${r.note}` : ''}
                {settle && r.method === 'gateway' && r.status === 'pending' && (
                  <span className="actions">
                    {(['succeeded', 'failed'] as const).map((status) => (
                      <form key={status} method="post" action={`/orders/${o.id}/refunds/${r.id}/settle`}>
                        <input type="hidden" name="status" value={status} />
                        <button type="submit" className="secondary">
                          {t.t(`st_orders_sandbox_settle_${status}`)}
                        </button>
                      </form>
                    ))}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>{t.t('st_orders_timeline')}</h2>
      {data.events.length === 0 ? (
        <p className="muted">{t.t('st_orders_timeline_empty')}</p>
      ) : (
        <ol className="timeline">
          {data.events.map((e) => (
            <li key={e.id}>
              <strong>{t.t(`st_event_${e.kind}`)}</strong> · {when(e.at)}
              {e.staff_name ? ` · ${t.t('st_orders_by', { name: e.staff_name })}` : ''}
              {e.note ? <div className="muted">{e.note}</div> : null}
            </li>
          ))}
        </ol>
      )}
    </Layout>
  );
}
