// After a failed delivery attempt (issue 62): the order page offers another delivery day (the next
// delivery days by the shop's rules, from the API) or her corrected address and mobile. Once she has
// answered, the page says what she chose. A guest away from the ordering device proves the order with
// its link (`linkKey`), as Pay now and Cancel do.
import '../styles/account.css';
import '../styles/orders.css';
import { type FormEvent, useContext, useState } from 'react';
import type { OrderView } from '#shared/orders/types';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { toast } from '../stores/toasts';
import { failureKey } from './pay-again';

export function Redelivery({
  order,
  linkKey,
  onDone,
}: {
  order: OrderView;
  linkKey?: string;
  onDone: (order: OrderView) => unknown;
}) {
  const { t } = useI18n();
  const api = useContext(ApiContext)!;
  const [busy, setBusy] = useState(false);
  const tracking = order.tracking;
  if (!tracking || order.status !== 'shipped') return null;
  const days = tracking.redelivery_days;
  if (!days) {
    const done = tracking.redelivery;
    if (!done) return null;
    return (
      <p className="order-redelivery-done" role="status" data-testid="redelivery-done">
        {t(done.kind === 'day' ? 'redelivery_done_day' : 'redelivery_done_address')}
      </p>
    );
  }
  const proof = linkKey ? { key: linkKey } : {};
  // The address was the reason: say so, and lead with its fix, as her mail and WhatsApp do (issue 73).
  const lastFailure = [...tracking.events].reverse().find((e) => e.status === 'failed_attempt');
  const byAddress = lastFailure?.reason === 'address';

  async function send(event: FormEvent<HTMLFormElement>, body: Record<string, unknown>) {
    event.preventDefault();
    setBusy(true);
    try {
      const res = await api.post<{ order: OrderView }>('/order/redelivery', { order_id: order.id, ...proof, ...body });
      await onDone(res.data.order);
    } catch (e) {
      toast.apiError(failureKey(e));
    }
    setBusy(false);
  }

  const dayForm = (
    <form
      key="day"
      onSubmit={(e) => {
        const day = new FormData(e.currentTarget).get('day');
        void send(e, { kind: 'day', day });
      }}
      data-testid="redelivery-day-form"
    >
      <fieldset>
        <legend>{t('redelivery_day_legend')}</legend>
        {days.map((d, i) => (
          <label key={d.date} className="choice">
            <input type="radio" name="day" value={d.date} defaultChecked={i === 0} /> {d.day}
          </label>
        ))}
      </fieldset>
      <p className="form-actions">
        <button type="submit" className="button" disabled={busy} data-testid="redelivery-day-submit">
          {t('redelivery_day_submit')}
        </button>
      </p>
    </form>
  );
  const addressForm = (
    <form
      key="address"
      onSubmit={(e) => {
        const data = new FormData(e.currentTarget);
        const lines = String(data.get('address') ?? '')
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .slice(0, 4);
        void send(e, { kind: 'address', lines, phone: String(data.get('phone') ?? '') });
      }}
      data-testid="redelivery-address-form"
    >
      <fieldset>
        <legend>{t('redelivery_address_legend')}</legend>
        <label className="field">
          <span>{t('redelivery_address_label')}</span>
          <textarea
            name="address"
            rows={3}
            dir="auto"
            required
            maxLength={800}
            aria-describedby="redelivery-address-hint"
          />
        </label>
        <p id="redelivery-address-hint" className="field-hint">
          {t('redelivery_address_hint')}
        </p>
        <label className="field">
          <span>{t('redelivery_phone_label')}</span>
          <input name="phone" type="tel" inputMode="tel" dir="ltr" autoComplete="tel" required />
        </label>
      </fieldset>
      <p className="form-actions">
        <button
          type="submit"
          className="button button-secondary"
          disabled={busy}
          data-testid="redelivery-address-submit"
        >
          {t('redelivery_address_submit')}
        </button>
      </p>
    </form>
  );

  return (
    <section className="order-redelivery" aria-labelledby="redelivery-title" data-testid="redelivery">
      <h2 id="redelivery-title">{t('redelivery_title')}</h2>
      <p>{t(byAddress ? 'redelivery_intro_address' : 'redelivery_intro')}</p>
      {byAddress ? [addressForm, dayForm] : [dayForm, addressForm]}
    </section>
  );
}
