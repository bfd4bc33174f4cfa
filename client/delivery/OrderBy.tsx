// By when to order for the day promised, with the time left, and the day after that (issue 73), on the
// cart and at checkout: "Order by 2:00 PM (3 hours 20 minutes left)", "Orders after that arrive Sun,
// Nov 29." The sentences are the API's; the time left depends on the minute she reads it, so it is
// worked out here once the page is live and every minute after (these pages are never kept).
import { useEffect, useState } from 'react';
import { timeLeft } from '#shared/delivery/countdown';
import type { PromiseAnswer } from '#shared/delivery/promise';
import { useI18n } from '../i18n/context';

type Promised = Pick<PromiseAnswer['promises'][number], 'order_by' | 'order_by_text' | 'then_text'>;

export function OrderBy({ promise }: { promise: Promised }) {
  const { t } = useI18n();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const left = now === null ? null : timeLeft(promise.order_by, now);
  return (
    <>
      <span className="delivery-order-by" data-testid="delivery-order-by">
        {promise.order_by_text}
        {left && <span data-testid="delivery-time-left"> {timeLeftText(t, left)}</span>}
      </span>
      {promise.then_text && (
        <span className="delivery-then" data-testid="delivery-then">
          {promise.then_text}
        </span>
      )}
    </>
  );
}

/** "(3 hours 20 minutes left)" in her language: the time left before the cut-off, as the countdown shows it. */
export function timeLeftText(t: ReturnType<typeof useI18n>['t'], left: { hours: number; minutes: number }): string {
  const hours = left.hours ? t('delivery_hours', { count: left.hours }) : '';
  const minutes = left.minutes ? t('delivery_minutes', { count: left.minutes }) : '';
  return t('delivery_time_left', {
    left: hours && minutes ? t('delivery_hours_minutes', { hours, minutes }) : hours || minutes,
  });
}
