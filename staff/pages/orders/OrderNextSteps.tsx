// The next steps of one order, as forms the staff member's role allows (the API checks the same
// permissions): confirm, pack, ship with the carrier and tracking, dispatch, deliver, cancel (with where
// the card payment goes back) and refund. Each posts to /orders/:id/<step>.
import { CARRIERS, REFUND_METHODS, REFUND_REASONS } from '#shared/api/staff-order-schemas';
import { currencyDecimals, minorToDecimal } from '#shared/money';
import { carrierName } from '#shared/orders/carriers';
import type { Permission } from '#shared/staff/permissions';
import type { OrderPartProps } from './order-detail-data';

export function OrderNextSteps({ t, me, data, words, refundKey }: OrderPartProps & { refundKey: string }) {
  const o = data.order;
  const { money } = words;
  const may = (p: Permission) => me.permissions.includes(p);
  const action = (step: string) => `/orders/${o.id}/${step}`;
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
  if (!(showConfirm || showPack || showShip || showDeliver || showCancel || showRefund))
    return <p className="muted">{t.t('st_orders_no_actions')}</p>;
  return (
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
              type="text"
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
            <input type="text" id="cancel-note" name="note" maxLength={500} />
          </div>
          <button type="submit" className="danger">
            {t.t('st_orders_cancel')}
          </button>
        </form>
      )}
      {showRefund && (
        <form method="post" action={action('refund')} className="stack">
          <h3>{t.t('st_orders_refund')}</h3>
          <input type="hidden" name="idempotency_key" value={refundKey} />
          <p className="muted">
            {t.t('st_orders_refundable')}: <bdi>{money(data.money.refundable)}</bdi>
          </p>
          <div>
            <label htmlFor="amount">{t.t('st_orders_refund_amount', { currency: o.currency })}</label>
            <input
              type="text"
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
                  disabled={m === 'wallet' ? data.money.wallet_refundable === 0 : data.money.gateway_refundable === 0}
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
            <input type="text" id="refund-note" name="note" maxLength={500} />
          </div>
          <button type="submit">{t.t('st_orders_refund')}</button>
        </form>
      )}
    </section>
  );
}
