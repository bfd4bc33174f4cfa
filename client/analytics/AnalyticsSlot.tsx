// Analytics' part of the deferred shell (decision 35), mounted after hydration: with no tracker
// configured, or on a local host outside the local outbox mode, it renders nothing and loads nothing;
// otherwise it loads the runtime (runtime.tsx) with the shopper's country and currency, a few seconds
// after the page is live (events queue meanwhile, track.ts), or at once when the footer's "Cookie
// settings" is pressed first.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useBoot, useCurrency } from '../lib/locale';
import { useSessionStore } from '../stores/session';
import { analyticsOn } from './track';
import { CONSENT_SETTINGS_EVENT } from './settings';

const AnalyticsRuntime = lazy(() => import('./runtime').then((m) => ({ default: m.AnalyticsRuntime })));

/**
 * How long the runtime waits after the page is live. Its chunk, the banner and their texts loaded with
 * the page added a tenth of a second of blocking time to product pages on a mid-range phone (Lighthouse);
 * nothing is lost by waiting, since track() queues what happens meanwhile.
 */
const RUNTIME_DELAY_MS = 3000;
/** The longest the runtime then waits for an idle moment. */
const RUNTIME_IDLE_WAIT_MS = 2000;

export function AnalyticsSlot() {
  const { config } = useBoot();
  const { country } = useSnapshot(useSessionStore());
  const currency = useCurrency();
  const on = analyticsOn(config.analytics);
  const [start, setStart] = useState<'later' | 'now' | 'settings'>('later');
  useEffect(() => {
    if (!on) return;
    const now = () => setStart((s) => (s === 'later' ? 'now' : s));
    // An idle moment, but not forever: a page that is never idle (a running transition, a busy phone)
    // still starts the runtime, at most RUNTIME_IDLE_WAIT_MS later, and its queued events go out.
    const timer = setTimeout(
      () => (window.requestIdleCallback ? window.requestIdleCallback(now, { timeout: RUNTIME_IDLE_WAIT_MS }) : now()),
      RUNTIME_DELAY_MS,
    );
    // "Cookie settings" pressed before the runtime is there: start it now, with the banner open.
    const settings = () => setStart('settings');
    window.addEventListener(CONSENT_SETTINGS_EVENT, settings, { once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener(CONSENT_SETTINGS_EVENT, settings);
    };
  }, [on]);
  if (!on || start === 'later') return null;
  return (
    <Suspense fallback={null}>
      <AnalyticsRuntime
        config={config.analytics}
        country={country}
        currency={currency}
        openSettings={start === 'settings'}
      />
    </Suspense>
  );
}
