// What the shopper can do with a booking until its cut-off: pay again after a failed card payment,
// move the visit (a new hold in the same area, then the reschedule), or cancel (asked first; the
// slot's place returns), and always take the visit into a calendar.
import { useContext, useState } from 'react';
import useSWR from 'swr';
import type {
  BloodTestOrderDetail,
  BloodTestPayAgainAnswer,
  SlotHold,
  SlotsAnswer,
} from '#shared/blood-tests/order-types';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { CancelConfirm } from '../orders/CancelConfirm';
import { BT_API } from './api-paths';
import type { SlotChoice } from './booking-store';
import { SlotPicker } from './SlotPicker';
import { useAction } from '../orders/use-action';

export function BookingActions({ order, onChanged }: { order: BloodTestOrderDetail; onChanged: () => unknown }) {
  const { t } = useI18n();
  const api = useContext(ApiContext)!;
  const { busy, run } = useAction(onChanged);
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);
  const [slot, setSlot] = useState<SlotChoice | null>(null);
  const zone = { area_id: order.address.area_id, city_id: order.address.city_id };
  const { data: slots } = useSWR<SlotsAnswer>(
    moving
      ? BT_API.slots(
          zone,
          order.items.map((i) => i.sku_id),
        )
      : null,
  );
  const open = order.status !== 'cancelled' && order.status !== 'results_ready';

  const pay = () =>
    run(async () => {
      const res = await api.post<BloodTestPayAgainAnswer>(BT_API.payAgain, { order_id: order.id });
      window.location.assign(res.data.payment_url);
    });
  const reschedule = () =>
    run(async () => {
      if (!slot) return;
      const hold = await api.post<SlotHold>(BT_API.hold, {
        ...(zone.area_id ? { area_id: zone.area_id } : { city_id: zone.city_id }),
        date: slot.date,
        window: slot.window,
        sku_ids: order.items.map((i) => i.sku_id),
      });
      await api.post(BT_API.reschedule, { order_id: order.id, hold_id: hold.data.hold_id });
      setMoving(false);
    }, 'bt_rescheduled');
  const cancel = () => {
    setConfirming(false);
    return run(() => api.post(BT_API.cancel, { order_id: order.id }), 'bt_cancelled');
  };

  return (
    <section className="form-card" data-testid="bt-actions">
      <p className="form-actions">
        {order.payment.can_pay_again && (
          <button type="button" className="button" disabled={busy} onClick={() => void pay()} data-testid="pay-again">
            {t('success_pay_again')}
          </button>
        )}
        {order.can_reschedule && (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            aria-expanded={moving}
            onClick={() => setMoving((m) => !m)}
            data-testid="bt-reschedule"
          >
            {t('bt_reschedule')}
          </button>
        )}
        {order.can_cancel && (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => setConfirming(true)}
            data-testid="bt-cancel"
          >
            {t('bt_cancel')}
          </button>
        )}
        {order.status !== 'cancelled' && (
          <a className="button button-secondary" href={BT_API.ics(order.id)} download data-testid="bt-ics">
            {t('bt_add_calendar')}
          </a>
        )}
      </p>
      {open && !order.can_reschedule && !order.can_cancel && <p>{t('bt_cut_off')}</p>}
      {moving && (
        <div data-testid="bt-reschedule-picker">
          {slots ? (
            <SlotPicker
              name="reschedule"
              days={slots.days}
              fasting={slots.mornings_only}
              country={order.country}
              value={slot}
              onChange={setSlot}
            />
          ) : (
            <p role="status">{t('loading')}</p>
          )}
          <button type="button" className="button" disabled={busy || !slot} onClick={() => void reschedule()}>
            {t('bt_reschedule_save')}
          </button>
        </div>
      )}
      <CancelConfirm
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={cancel}
        busy={busy}
        title={t('bt_cancel')}
        body={t('bt_cancel_confirm')}
        confirm={t('bt_cancel')}
        testId="bt-cancel-confirm"
      />
    </section>
  );
}
