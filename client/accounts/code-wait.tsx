// How long until a phone code can be asked for, or tried, again (decision 51): the API says it in
// seconds (a success's resend_in, a 429's retry_after) and the forms count it down.
import { useEffect, useState } from 'react';
import { ApiFailure } from '#shared/api/client';
import { useI18n } from '../i18n/context';

/** Seconds left until `until` (ms since the epoch), ticking each second; 0 once passed or without one. */
export function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

export interface Refusal {
  /** The API's message key (phone_code_wait, phone_code_too_many, phone_code_tries). */
  key: string;
  until: number;
}

/** A 429 with the seconds to wait, as a refusal to show; null for any other failure. */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiFailure) || error.status !== 429) return null;
  const seconds = (error.body.data as { retry_after?: unknown } | null)?.retry_after;
  return {
    key: error.meta.key ?? error.meta.msg,
    until: Date.now() + (typeof seconds === 'number' && seconds > 0 ? seconds : 60) * 1000,
  };
}

/** When the next code may be asked for: now plus the API's resend_in (a minute when it says none). */
export function resendAt(data: unknown): number {
  const seconds = (data as { resend_in?: unknown } | null)?.resend_in;
  return Date.now() + (typeof seconds === 'number' && seconds >= 0 ? seconds : 60) * 1000;
}

/** "You can ask for a new code in 42 seconds" (or "try again"), in minutes from two minutes on. */
export function WaitText({ seconds, kind, id }: { seconds: number; kind: 'resend' | 'retry'; id?: string }) {
  const { t } = useI18n();
  if (seconds <= 0) return null;
  const inMinutes = seconds >= 120;
  const count = inMinutes ? Math.ceil(seconds / 60) : seconds;
  const key =
    kind === 'resend'
      ? inMinutes
        ? 'code_resend_minutes'
        : 'code_resend_seconds'
      : inMinutes
        ? 'code_wait_minutes'
        : 'code_wait_seconds';
  return (
    <span className="code-wait" id={id} data-testid={`code-${kind}-wait`}>
      {t(key, { count })}
    </span>
  );
}

/** A refusal: what the API said (nothing was sent, or too many wrong codes) and the time left. */
export function RefusalNote({ refusal, seconds, testId }: { refusal: Refusal; seconds: number; testId: string }) {
  const { tKey } = useI18n();
  return (
    <div className="form-alert" role="alert" data-testid={testId}>
      <p>{tKey(refusal.key)}</p>
      {seconds > 0 && (
        <p>
          <WaitText seconds={seconds} kind="retry" />
        </p>
      )}
    </div>
  );
}
