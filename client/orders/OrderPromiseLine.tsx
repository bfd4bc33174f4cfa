// The order's promised day (decision 65) on its page and the success page: "Arrives Sun, Nov 29"
// until delivered; once the day passed without delivery, that it is late and the shop knows.
import { formatSlotDay } from '#shared/text/dates';
import type { OrderView } from '#shared/orders/types';
import { useI18n } from '../i18n/context';

export function OrderPromiseLine({ order }: { order: OrderView }) {
  const { t, lang } = useI18n();
  const promise = order.promise;
  if (!promise || order.status === 'delivered' || order.status === 'cancelled') return null;
  // Noon in the Gulf: the promised day in each country's time zone.
  const text = formatSlotDay(Date.parse(`${promise.date}T09:00:00Z`), lang, order.country);
  const day = text.hijri ? `${text.day} (${text.hijri})` : text.day;
  return (
    <p
      className={promise.missed ? 'order-promise order-promise-missed' : 'order-promise'}
      data-testid="order-promise"
      data-missed={promise.missed}
      data-rescheduled={promise.rescheduled ? true : undefined}
    >
      {t(
        promise.missed
          ? 'order_promise_missed'
          : promise.rescheduled
            ? 'order_promise_rescheduled'
            : 'order_promise_arrives',
        { day },
      )}
    </p>
  );
}
