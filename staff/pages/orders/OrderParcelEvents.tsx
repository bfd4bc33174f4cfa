// The order's parcel events on its back-office page (issue 62): each parcel with its carrier's events in the
// staff member's words (and the carrier's own words beside them), and the shopper's answers to failed
// attempts, marked for a phone call when the carrier's adapter could not take them.
import { FAIL_REASONS } from '#shared/api/cod-schemas';
import { isShopRunCarrier } from '#shared/api/parcel-facts';
import { carrierName } from '#shared/orders/carriers';
import type { StaffTextId, StaffTranslator } from '../../lib/i18n';
import type { OrderTrackingData } from '#shared/api/staff-order-responses';
import type { OrderWords } from './order-detail-data';

type TrackingEvent = OrderTrackingData['events'][number];

/**
 * A failed attempt's reason: a carrier's own words quoted as they came; the shop's own carriers' stored
 * choice ("not_home", "other: gate locked") in the staff language, the driver's note after it as typed.
 */
function eventReason(t: StaffTranslator, carrier: string, reason: string): string {
  if (!isShopRunCarrier(carrier)) return reason;
  const colon = reason.indexOf(':');
  const choice = (colon < 0 ? reason : reason.slice(0, colon)).trim();
  if (!(FAIL_REASONS as readonly string[]).includes(choice)) return reason;
  const words = t.t(`st_driver_reason_${choice}` as StaffTextId);
  const note = colon < 0 ? '' : reason.slice(colon + 1).trim();
  return note ? `${words}: ${note}` : words;
}

/**
 * The line under an event: the carrier's code, words and place as it sent them. The shop's own carriers
 * send only their status in English ("FAILED_ATTEMPT · failed attempt"), which the line above already
 * names in the staff language: only a place is left of theirs.
 */
function eventDetail(carrier: string, e: TrackingEvent): string {
  if (isShopRunCarrier(carrier)) return e.location ?? '';
  return e.description || e.location ? [e.carrier_code, e.description, e.location].filter(Boolean).join(' · ') : '';
}

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
              .map((e) => {
                const detail = eventDetail(p.carrier, e);
                return (
                  <li key={e.id}>
                    <strong>{status(e.status)}</strong> · {when(e.at)}
                    {e.reason ? ` · ${eventReason(t, p.carrier, e.reason)}` : ''}
                    {detail ? <div className="muted">{detail}</div> : null}
                  </li>
                );
              })}
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
