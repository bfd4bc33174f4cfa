// Analytics' part of the deferred shell (issue 17, decision 35), mounted after hydration: with no tracker
// configured, or on a local host outside the local outbox mode, it renders nothing and loads nothing;
// otherwise it loads the runtime (runtime.tsx) with the shopper's country and currency.
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { useBoot, useCurrency } from '../lib/locale';
import { useSessionStore } from '../stores/session';
import { analyticsOn } from './track';

const AnalyticsRuntime = lazy(() => import('./runtime').then((m) => ({ default: m.AnalyticsRuntime })));

export function AnalyticsSlot() {
  const { config } = useBoot();
  const { country } = useSnapshot(useSessionStore());
  const currency = useCurrency();
  if (!analyticsOn(config.analytics)) return null;
  return (
    <Suspense fallback={null}>
      <AnalyticsRuntime config={config.analytics} country={country} currency={currency} />
    </Suspense>
  );
}
