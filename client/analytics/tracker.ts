// The tracker (decision 35), loaded on demand only when a tracker is configured and the shopper
// accepted (or their country asks no consent): it sends the events to the storefront's own /collect with
// navigator.sendBeacon, a few at a time, never to another host. Its client id is a random first-party id
// (never the user's), kept in a cookie only from acceptance on and deleted on "Decline".
import { CLIENT_ID_COOKIE, COLLECT_PATH, CONSENT_MAX_AGE_S } from '#shared/analytics/consent';
import type { AnalyticsEvent } from '#shared/analytics/events';
import { MAX_EVENTS_PER_REQUEST } from '#shared/analytics/params';
import { deleteCookie, setCookie } from '../lib/cookies';

const FLUSH_MS = 1000;
const SESSION_KEY = 'analytics_session';

let pending: Array<{ name: string; params: Record<string, unknown> }> = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

function clientId(): string {
  const m = new RegExp(`(?:^|;\\s*)${CLIENT_ID_COOKIE}=([A-Za-z0-9-]{16,64})(?:;|$)`).exec(document.cookie);
  const id = m?.[1] ?? crypto.randomUUID();
  // Renewed on each use: 180 days after the last visit, like the consent it depends on.
  setCookie(CLIENT_ID_COOKIE, id, CONSENT_MAX_AGE_S);
  return id;
}

/** GA4's session: a number that stays for the tab's visit. */
function sessionId(): string {
  try {
    let id = sessionStorage.getItem(SESSION_KEY);
    if (!id || !/^\d{1,20}$/.test(id)) {
      id = String(Math.floor(Date.now() / 1000));
      sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    return String(Math.floor(Date.now() / 1000));
  }
}

export function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  while (pending.length) {
    const events = pending.splice(0, MAX_EVENTS_PER_REQUEST);
    const body = JSON.stringify({ client_id: clientId(), events });
    // A string goes as text/plain: no preflight, and the beacon survives the page being left.
    const sent = navigator.sendBeacon?.(COLLECT_PATH, body);
    if (!sent)
      void fetch(COLLECT_PATH, {
        method: 'POST',
        body,
        keepalive: true,
        headers: { 'content-type': 'text/plain' },
      }).catch(() => {});
  }
}

export function send(event: AnalyticsEvent): void {
  if (!listening) {
    listening = true;
    // Leaving or hiding the page sends what is waiting at once.
    addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }
  pending.push({ name: event.name, params: { ...event.params, session_id: sessionId() } });
  timer ??= setTimeout(flush, FLUSH_MS);
}

/** "Decline" after accepting: nothing more is sent and the id is forgotten. */
export function stop(): void {
  clearTimeout(timer);
  timer = undefined;
  pending = [];
  deleteCookie(CLIENT_ID_COOKIE);
}
