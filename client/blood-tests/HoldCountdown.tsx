// The slot hold's clock: visible every second, told to screen readers only at two minutes and at the
// end (hold-countdown.ts says when), so a screen reader is not interrupted sixty times a minute.
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n/context';
import { announcementFor, clockText, secondsLeft, type HoldAnnouncement } from './hold-countdown';

export function HoldCountdown({
  expiresAt,
  onExpired,
  label,
}: {
  expiresAt: number;
  onExpired: () => void;
  /** The visible line for the time left (the home visit's when left out). */
  label?: (time: string) => string;
}) {
  const { t } = useI18n();
  const [left, setLeft] = useState(() => secondsLeft(expiresAt, Date.now()));
  const [said, setSaid] = useState<HoldAnnouncement | null>(null);
  const before = useRef<number | null>(null);
  const expired = useRef(onExpired);
  expired.current = onExpired;

  useEffect(() => {
    before.current = null;
    const tick = () => {
      const now = secondsLeft(expiresAt, Date.now());
      const say = announcementFor(before.current, now);
      before.current = now;
      setLeft(now);
      if (say) setSaid(say);
      if (say === 'bt_hold_expired') expired.current();
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);

  return (
    <div className={left <= 120 ? 'hold-countdown hold-ending' : 'hold-countdown'} data-testid="hold-countdown">
      {/* The ticking clock is for the eye; the status below speaks for it. */}
      <p aria-hidden="true">{label ? label(clockText(left)) : t('bt_hold_left', { time: clockText(left) })}</p>
      <p className="visually-hidden" role="status">
        {said ? t(said) : ''}
      </p>
    </div>
  );
}
