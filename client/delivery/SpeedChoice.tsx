// The review step's delivery (decision 65): each speed her address gets, with the day it arrives, its
// fee for this cart (free-delivery rules applied by the API) and by when to order for it (issue 73).
// One speed is a line; several are a choice. The days and fees are the API's: this prints them and
// sends back the speed chosen.
import type { CheckoutDelivery, DeliverySpeed } from '#shared/delivery/promise';
import { useI18n } from '../i18n/context';
import { OrderBy } from './OrderBy';

export function SpeedChoice({
  arrival,
  chosen,
  format,
  onSpeed,
}: {
  arrival: CheckoutDelivery;
  /** Her choice as she made it: checked at once, before the totals priced with it come back. */
  chosen: DeliverySpeed | null;
  format: (minor: number) => string;
  onSpeed: (speed: DeliverySpeed) => void;
}) {
  const { t } = useI18n();
  const checked = chosen && arrival.promises.some((p) => p.speed === chosen) ? chosen : arrival.speed;
  const price = (fee: number) => (fee === 0 ? t('checkout_speed_free') : format(fee));
  return (
    <section className="form-card" aria-labelledby="delivery-speed-title" data-testid="delivery-speeds">
      <h2 id="delivery-speed-title">{t('checkout_delivery_title')}</h2>
      {arrival.promises.length === 1 ? (
        <p data-speed={arrival.speed} data-testid="delivery-speed-only">
          {t('checkout_speed_line', {
            speed: t(`checkout_speed_${arrival.promises[0]!.speed}`),
            day: arrival.promises[0]!.day,
            fee: price(arrival.promises[0]!.fee),
          })}
          <OrderBy promise={arrival.promises[0]!} />
        </p>
      ) : (
        <fieldset className="choice-list">
          <legend className="visually-hidden">{t('checkout_delivery_title')}</legend>
          {arrival.promises.map((p) => (
            <label key={p.speed} className="choice" data-speed={p.speed}>
              <input
                type="radio"
                name="delivery-speed"
                value={p.speed}
                checked={checked === p.speed}
                onChange={() => onSpeed(p.speed)}
              />
              <span>
                {t('checkout_speed_line', { speed: t(`checkout_speed_${p.speed}`), day: p.day, fee: price(p.fee) })}
                <OrderBy promise={p} />
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}

/** The Kuwait area or Saudi city of an address being typed (a guest's, a gift's): the promise's zone. */
export function zoneOf(address: { area_id?: number | null; city_id?: number | null } | null | undefined) {
  return address ? (address.area_id ?? address.city_id ?? null) : null;
}
