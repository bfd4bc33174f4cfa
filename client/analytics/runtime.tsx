// The analytics runtime (decision 35), loaded on demand by AnalyticsSlot only when a tracker is
// configured (and, on a local host, only in outbox mode). It connects to track(): each queued and later
// event is built with the shared builders, pushed to window.dataLayer in GA4's shape (on the device
// only), and, once the shopper has accepted where consent is asked, handed to the tracker (tracker.ts,
// loaded then), which beacons it to the storefront's /collect. It shows the consent banner (its own
// chunk and texts) until the shopper chooses, and again from the footer's "Cookie settings".
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  CLIENT_ID_COOKIE,
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_S,
  consentFromCookies,
  consentRequired,
  mayUseTracker,
  type ConsentChoice,
  type PublicAnalytics,
} from '#shared/analytics/consent';
import { type AnalyticsEvent, toDataLayer } from '#shared/analytics/events';
import type { CountryCode } from '#shared/locale';
import { payableMinor, type CurrencyInfo } from '#shared/money';
import { withTexts } from '../i18n/texts';
import { deleteCookie, setCookie } from '../lib/cookies';
import { toast } from '../stores/toasts';
import { consentBannerShown } from './banner-shown';
import { builders } from './builders';
import { CONSENT_SETTINGS_EVENT } from './settings';
import { connectAnalytics, type TrackContext } from './track';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const ConsentBanner = lazy(withTexts(['consent'], () => import('./ConsentBanner')));

type Tracker = typeof import('./tracker');
let tracker: Promise<Tracker> | null = null;
const loadTracker = () => {
  tracker ??= import('./tracker');
  return tracker;
};

export function AnalyticsRuntime({
  config,
  country,
  currency,
  openSettings = false,
}: {
  config: PublicAnalytics;
  country: CountryCode;
  currency: CurrencyInfo;
  /** Started by the footer's "Cookie settings" (AnalyticsSlot): the banner opens as if reopened. */
  openSettings?: boolean;
}) {
  const [choice, setChoice] = useState<ConsentChoice | null>(() => consentFromCookies(document.cookie));
  const [reopened, setReopened] = useState(openSettings);
  const context = useRef<TrackContext>({ currency, payable: (fils) => payableMinor(fils, currency) });
  context.current = { currency, payable: (fils) => payableMinor(fils, currency) };
  const allowed = mayUseTracker(config, country, choice);
  const allowedNow = useRef(allowed);
  allowedNow.current = allowed;
  const opener = useRef<Element | null>(openSettings ? document.activeElement : null);

  useEffect(() => {
    connectAnalytics((build) => {
      let event: AnalyticsEvent | null;
      try {
        event = build(builders, context.current);
      } catch {
        // A page's data without what an event needs: no event, never a broken page.
        return;
      }
      if (!event) return;
      window.dataLayer ??= [];
      window.dataLayer.push(...toDataLayer(event));
      // Nothing leaves the device before the shopper accepted (where asked).
      const accepted = event;
      if (allowedNow.current) void loadTracker().then((t) => t.send(accepted));
    });
    const reopen = () => {
      opener.current = document.activeElement;
      setReopened(true);
    };
    window.addEventListener(CONSENT_SETTINGS_EVENT, reopen);
    return () => {
      connectAnalytics(null);
      window.removeEventListener(CONSENT_SETTINGS_EVENT, reopen);
    };
  }, []);

  const close = () => {
    setReopened(false);
    if (opener.current instanceof HTMLElement) opener.current.focus();
    opener.current = null;
  };
  const choose = (next: ConsentChoice) => {
    setCookie(CONSENT_COOKIE, next, CONSENT_MAX_AGE_S);
    setChoice(next);
    if (next === 'denied') {
      deleteCookie(CLIENT_ID_COOKIE);
      if (tracker) void tracker.then((t) => t.stop());
    }
    toast.info(next === 'granted' ? 'consent_saved_granted' : 'consent_saved_denied');
    close();
  };

  const show = consentBannerShown({
    required: consentRequired(config, country),
    choice,
    reopened,
    pathname: window.location.pathname,
  });
  return show ? (
    <Suspense fallback={null}>
      <ConsentBanner reopened={reopened} onChoose={choose} onClose={close} />
    </Suspense>
  ) : null;
}
