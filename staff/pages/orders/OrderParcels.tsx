// The order's Parcels panel (issue 62, decision 66): each parcel's carrier, tracking number, status,
// label, the lines it carries, a refusal's reason with a retry; the lines still to ship, and (with
// orders:fulfil) a form to ship some of them now while the rest waits for stock.
import type { OrderParcelsData } from '#shared/api/staff-shipping-schemas';
import type { StaffSelf } from '../../lib/api';
import type { StaffTranslator } from '../../lib/i18n';
import { carrierName, ParcelError, parcelStatusName, RetryButton } from '../Shipping';

export function OrderParcels(props: {
  t: StaffTranslator;
  me: StaffSelf;
  orderId: number;
  stage: string;
  data: OrderParcelsData;
}) {
  const { t, data } = props;
  const nameOf = (sku: number) => {
    const l = data.lines.find((x) => x.sku_id === sku);
    return l ? `${l.name} · ${l.sku_name}` : String(sku);
  };
  const left = data.lines.filter((l) => l.ordered > l.shipped);
  const canShip =
    props.me.permissions.includes('orders:fulfil') &&
    ['confirmed', 'packed', 'shipped', 'out_for_delivery'].includes(props.stage) &&
    left.length > 0;
  if (data.parcels.length === 0 && !canShip) return null;
  return (
    <section className="card" aria-labelledby="parcels" data-testid="order-parcels">
      <h2 id="parcels">{t.t('st_shipping_parcels')}</h2>
      {data.parcels.map((p) => (
        <div key={p.id} className="stack" data-testid={`order-parcel-${p.id}`}>
          <p>
            <strong>{p.reference}</strong> · {carrierName(t, p.carrier)} · {parcelStatusName(t, p)}
            {p.tracking_number ? (
              <>
                {' · '}
                <span className="mono" dir="ltr">
                  {p.tracking_number}
                </span>
              </>
            ) : null}
            {p.label ? (
              <>
                {' · '}
                <a href={`/shipping/labels.pdf?parcel_${p.id}=on`}>{t.t('st_shipping_label')}</a>
              </>
            ) : null}
          </p>
          <ul className="plain">
            {p.items.map((i) => (
              <li key={i.sku_id}>
                {i.count} × <bdi>{nameOf(i.sku_id)}</bdi>
              </li>
            ))}
          </ul>
          <ParcelError t={t} parcel={p} />
          <RetryButton t={t} parcel={p} />
        </div>
      ))}
      {left.length > 0 ? (
        <form method="post" action={`/orders/${props.orderId}/parcel`} className="stack">
          <h3>{t.t('st_shipping_lines_left')}</h3>
          {left.map((l) => (
            <label key={l.sku_id}>
              <bdi>
                {l.name} · {l.sku_name}
              </bdi>{' '}
              <input
                name={`line_${l.sku_id}`}
                type="number"
                min={0}
                max={l.ordered - l.shipped}
                defaultValue={String(l.ordered - l.shipped)}
                disabled={!canShip}
              />{' '}
              / {l.ordered - l.shipped}
            </label>
          ))}
          {canShip ? <button type="submit">{t.t('st_shipping_ship')}</button> : null}
        </form>
      ) : null}
    </section>
  );
}
