// The order's delivery promise (decision 65) on its staff page: the speed she chose and the day she was
// promised, written as the shop writes that day (weekday and date, the Hijri day in Arabic), and whether
// the day passed without delivery. Orders placed before promises have neither and go standard.
import type { OrderDetailData } from '#shared/api/staff-order-responses';
import { countryDate, instantIn, timeZoneOf } from '#shared/country-days';
import { formatSlotDay } from '#shared/text/dates';
import type { StaffTranslator } from '../../lib/i18n';

export function OrderDelivery({ t, order }: { t: StaffTranslator; order: OrderDetailData['order'] }) {
  const speed = order.delivery_speed ?? 'standard';
  const promised = order.promised_date;
  // Noon of the promised day on the order's country's clocks, and late once that country's day has passed.
  const text = promised
    ? formatSlotDay(instantIn(timeZoneOf(order.country), promised, 12), t.lang, order.country)
    : null;
  const open = order.delivered_at === null && order.cancelled_at === null;
  const missed =
    promised !== null &&
    open &&
    (order.promise_missed_at !== null || promised < countryDate(order.country, Date.now()));
  return (
    <section className="card" aria-labelledby="delivery" data-testid="order-delivery">
      <h2 id="delivery">{t.t('st_orders_delivery')}</h2>
      <p>{t.t('st_orders_speed', { speed: t.t(`st_delivery_speed_${speed}`) })}</p>
      {text ? (
        <p>
          {t.t('st_orders_promised', { day: text.hijri ? `${text.day} (${text.hijri})` : text.day })}
          {missed ? (
            <>
              {' '}
              <span className="badge late">{t.t('st_orders_late_badge')}</span>
            </>
          ) : null}
        </p>
      ) : (
        <p className="muted">{t.t('st_orders_promised_none')}</p>
      )}
    </section>
  );
}
