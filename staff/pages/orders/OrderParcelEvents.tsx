// The order's parcel events on its back-office page (issue 62): each parcel with its carrier's events in the
// staff member's words (and the carrier's own words beside them), and the shopper's answers to failed
// attempts, marked for a phone call when the carrier's adapter could not take them.
import { carrierName } from '#shared/orders/carriers';
import type { StaffTextId, StaffTranslator } from '../../lib/i18n';
import type { OrderTrackingData } from '#shared/api/staff-order-responses';
import type { OrderWords } from './order-detail-data';

export function OrderParcelEvents({
  t,
  tracking,
  when,
}: {
  t: StaffTranslator;
  tracking: OrderTrackingData | undefined;
  when: OrderWords['when'];
}) {
  if (!tracking || tracking.parcels.length === 0) return null;
  const status = (s: string) => t.t(`st_tracking_status_${s}` as StaffTextId);
  return (
    <section data-testid="order-parcel-events">
      <h2>{t.t('st_tracking_title')}</h2>
      {tracking.parcels.map((p) => (
        <div key={p.id} data-parcel={p.tracking_number ?? ''}>
          <h3>
            {t.t('st_tracking_parcel', {
              carrier: carrierName(p.carrier, t.lang),
              tracking: p.tracking_number ?? '–',
              status: status(p.status),
            })}
            {p.failed_attempts > 0 ? ` · ${t.t('st_tracking_attempts', { count: p.failed_attempts })}` : ''}
          </h3>
          <ol className="timeline">
            {tracking.events
              .filter((e) => e.shipment_id === p.id)
              .map((e) => (
                <li key={e.id}>
                  <strong>{status(e.status)}</strong> · {when(e.at)}
                  {e.reason ? ` · ${e.reason}` : ''}
                  {e.description || e.location ? (
                    <div className="muted">
                      {[e.carrier_code, e.description, e.location].filter(Boolean).join(' · ')}
                    </div>
                  ) : null}
                </li>
              ))}
          </ol>
        </div>
      ))}
      {tracking.redelivery.length > 0 && (
        <>
          <h3>{t.t('st_tracking_redelivery_title')}</h3>
          <ul data-testid="order-redelivery">
            {tracking.redelivery.map((r) => (
              <li key={r.id}>
                {r.kind === 'day'
                  ? t.t('st_tracking_redelivery_day', { attempt: r.attempt, day: r.day })
                  : t.t('st_tracking_redelivery_address', {
                      attempt: r.attempt,
                      day: r.day,
                      address: (r.address ?? []).join(', '),
                      phone: r.phone ?? '',
                    })}{' '}
                · {when(r.created_at)}
                <div className={r.status === 'sent' ? 'muted' : ''}>{t.t(`st_tracking_redelivery_${r.status}`)}</div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
