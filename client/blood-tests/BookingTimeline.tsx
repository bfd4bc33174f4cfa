// The status timeline of a blood-test booking: booked → sample collected → at the lab → results
// ready, each step marked done with its time; a cancelled booking says so instead.
import { BLOOD_TEST_TIMELINE, type BloodTestOrderDetail } from '#shared/blood-tests/order-types';
import { formatDate } from '#shared/text/dates';
import { useI18n } from '../i18n/context';

const KEYS = {
  booked: 'bt_status_booked',
  sample_collected: 'bt_status_collected',
  at_lab: 'bt_status_at_lab',
  results_ready: 'bt_status_results_ready',
} as const;

export function BookingTimeline({ order }: { order: BloodTestOrderDetail }) {
  const { t, lang } = useI18n();
  if (order.status === 'cancelled') {
    return (
      <p className="status status-cancelled" data-testid="bt-timeline">
        {t('bt_status_cancelled')}
      </p>
    );
  }
  const current = order.timeline.filter((s) => s.done).at(-1)?.status;
  return (
    <>
      <ol className="bt-timeline" aria-label={t('bt_timeline')} data-testid="bt-timeline">
        {BLOOD_TEST_TIMELINE.map((status) => {
          const step = order.timeline.find((s) => s.status === status);
          return (
            <li
              key={status}
              className={step?.done ? 'done' : undefined}
              aria-current={current === status ? 'step' : undefined}
            >
              {t(KEYS[status])}
              {step?.done && step.at && (
                <span className="visually-hidden">
                  {' '}
                  {formatDate(Date.parse(step.at), lang, order.country, { time: true })}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {order.visit_confirmation && (
        <p className="bt-visit-confirmed" data-testid="bt-visit-confirmed">
          {t('bt_visit_confirmed', { nurse: order.visit_confirmation.nurse })}
        </p>
      )}
    </>
  );
}
