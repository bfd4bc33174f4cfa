// The shop's steps with an order, on the shopper's order page: placed, confirmed, packed,
// shipped (with the carrier and tracking number), delivered, or cancelled, and any refunds.
import { formatDate } from '#shared/text/dates';
import { carrierName } from '#shared/orders/carriers';
import type { OrderView } from '#shared/orders/types';
import { useI18n } from '../i18n/context';
import { OrderPromiseLine } from './OrderPromiseLine';

type Translate = ReturnType<typeof useI18n>['t'];
type TrackingEvent = NonNullable<OrderView['tracking']>['events'][number];

/** "Picked up by Aramex", "Delivery attempt failed: no one was there to receive it" (the shop's words, issue 73). */
function trackingText(t: Translate, e: TrackingEvent, lang: 'en' | 'ar'): string {
  if (e.status === 'failed_attempt')
    return e.reason
      ? t('tracking_failed_attempt_reason', { reason: t(`tracking_failure_${e.reason}`) })
      : t('tracking_failed_attempt');
  return t(`tracking_${e.status}`, { carrier: carrierName(e.carrier, lang) });
}

export function OrderTimeline({ order }: { order: OrderView }) {
  const { t, lang } = useI18n();
  const f = order.fulfilment;
  if (!f) return null;
  return (
    <section className="order-timeline" aria-labelledby="order-timeline-title" data-testid="order-timeline">
      <h2 id="order-timeline-title">{t('order_timeline_title')}</h2>
      <OrderPromiseLine order={order} />
      {f.tracking_number && (
        <p className="order-tracking" data-testid="order-tracking">
          {t('order_shipped_with', { carrier: f.carrier ? carrierName(f.carrier, lang) : '' })}{' '}
          {t('order_tracking_number')}:{' '}
          <bdi dir="ltr" className="order-tracking-number" data-testid="order-tracking-number">
            {f.tracking_number}
          </bdi>
          {f.tracking_url && (
            <>
              {' '}
              <a href={f.tracking_url} rel="noreferrer noopener" target="_blank">
                {t('order_track_shipment')}
              </a>
            </>
          )}
        </p>
      )}
      <ol className="order-steps">
        {f.timeline.map((step, i) => (
          <li key={`${step.kind}-${step.at}-${i}`} className={`order-step order-step-${step.kind}`}>
            <span className="order-step-name">{t(`order_step_${step.kind}`, { day: step.day ?? '' })}</span>{' '}
            <span className="cart-line-meta">{formatDate(step.at, lang, order.country, { time: true })}</span>
          </li>
        ))}
      </ol>
      {/* The parcel's own steps as its carrier reported them, in our words (issue 62). */}
      {order.tracking && order.tracking.events.length > 0 && (
        <>
          <h3>{t('tracking_title')}</h3>
          <ol className="order-steps order-tracking-events" data-testid="tracking-events">
            {order.tracking.events.map((e, i) => (
              <li key={`${e.status}-${e.at}-${i}`} className={`order-step order-step-${e.status}`}>
                <span className="order-step-name">{trackingText(t, e, lang)}</span>{' '}
                <span className="cart-line-meta">{formatDate(e.at, lang, order.country, { time: true })}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
