// Web push on this device (spec §4 push registration): the permission is asked only from a
// shopper's click (enablePush), the browser subscribes at its push service with the shop's VAPID key,
// and the subscription goes to the API, retried up to 3 times 2 s × the attempt apart; a re-sync runs
// 1 s after the page asks (the spec's push-change delay). Loaded only by the notifications page: never
// part of the entry bundle. The service worker itself (/sw.js) is registered elsewhere; this module
// only waits for it (navigator.serviceWorker.ready).
import { bytesToBase64Url } from '#shared/bytes';
import { ApiFailure, type ApiClient } from '#shared/api/client';
import { LOCAL_PUSH_SCHEME } from '#shared/api/push-local';
import type { PushKeyAnswer } from '#shared/api/push-schemas';
import type { Lang } from '#shared/locale';

export type PushState = 'on' | 'off' | 'blocked' | 'unsupported' | 'ios-install';

const PUSH_RETRIES = 3;
const PUSH_RETRY_DELAY_MS = 2000;
export const PUSH_CHANGE_DELAY_MS = 1000;

/** Where a local build keeps its local-outbox subscription (see localSubscription). */
const LOCAL_KEY = 'push-local-subscription';

interface SubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  lang: Lang;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isIos = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  // iPadOS reports itself as a Mac; a touch screen tells them apart.
  (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

const standalone = () =>
  (navigator as Navigator & { standalone?: boolean }).standalone === true ||
  window.matchMedia?.('(display-mode: standalone)').matches === true;

const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

const localStored = (): SubscriptionBody | null => {
  if (!__LOCAL_TOOLS__) return null;
  try {
    return JSON.parse(localStorage.getItem(LOCAL_KEY) ?? 'null') as SubscriptionBody | null;
  } catch {
    return null;
  }
};

/** The service worker's registration, or null when none becomes ready in time. */
async function registration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return Promise.race([navigator.serviceWorker.ready, wait(timeoutMs).then(() => null)]);
}

/** What the page shows before any click: on, off, blocked, unsupported, or (iPhone in Safari) install first. */
export async function pushState(): Promise<PushState> {
  if (localStored()) return 'on';
  if (!pushSupported()) return isIos() && !standalone() ? 'ios-install' : 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  const reg = await registration(3000);
  return (await reg?.pushManager.getSubscription()) ? 'on' : 'off';
}

const fromB64url = (text: string) => {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(s, (ch) => ch.charCodeAt(0));
};

const subscriptionBody = (sub: PushSubscription, lang: Lang): SubscriptionBody => ({
  endpoint: sub.endpoint,
  keys: { p256dh: bytesToBase64Url(sub.getKey('p256dh')), auth: bytesToBase64Url(sub.getKey('auth')) },
  lang,
});

/**
 * POSTs the subscription; a failure that may pass (network, 5xx, 429) is tried again, 3 times at most,
 * 2 s × the attempt number apart (spec §4, §9). A refusal (4xx) is final.
 */
export async function postSubscription(
  api: ApiClient,
  body: SubscriptionBody,
  delay: (ms: number) => Promise<void> = wait,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await api.post('/user/push/subscribe', body);
      return;
    } catch (error) {
      const final = error instanceof ApiFailure && error.status < 500 && error.status !== 429;
      if (final || attempt >= PUSH_RETRIES) throw error;
      await delay(PUSH_RETRY_DELAY_MS * attempt);
    }
  }
}

/**
 * A local build's stand-in when the browser reaches no push service (a Chromium without Google's
 * push service, an offline laptop, the e2e browser): the device registers an endpoint with the local
 * marker and keys of its own, so the API keeps its pushes in the local outbox and a tester reads them
 * at /dev/pushbox. A production build has no such path (__LOCAL_TOOLS__ is false and the API refuses
 * local: endpoints there).
 */
async function localSubscription(api: ApiClient, lang: Lang): Promise<void> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const body: SubscriptionBody = {
    endpoint: `${LOCAL_PUSH_SCHEME}${crypto.randomUUID()}`,
    keys: {
      p256dh: bytesToBase64Url((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer),
      auth: bytesToBase64Url(crypto.getRandomValues(new Uint8Array(16)).buffer),
    },
    lang,
  };
  await postSubscription(api, body);
  localStorage.setItem(LOCAL_KEY, JSON.stringify(body));
}

/** Call from a click only: asks for permission, subscribes this device and stores it. */
export async function enablePush(api: ApiClient, lang: Lang): Promise<PushState> {
  // The permission prompt first, while the click's user activation holds (Safari requires it).
  const supported = pushSupported();
  const permission = supported ? await Notification.requestPermission() : 'default';
  if (supported && permission === 'denied') return 'blocked';
  if (supported && permission !== 'granted') return 'off';
  const key = (await api.get<PushKeyAnswer>('/push/key')).data.public_key;
  const reg = supported ? await registration() : null;
  if (!reg || !key) {
    if (__LOCAL_TOOLS__) {
      await localSubscription(api, lang);
      return 'on';
    }
    return supported ? 'off' : isIos() && !standalone() ? 'ios-install' : 'unsupported';
  }
  let sub: PushSubscription;
  try {
    sub =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromB64url(key) }));
  } catch (error) {
    // No push service reachable (AbortError/NotAllowedError from subscribe): see localSubscription.
    if (__LOCAL_TOOLS__) {
      await localSubscription(api, lang);
      return 'on';
    }
    throw error;
  }
  try {
    await postSubscription(api, subscriptionBody(sub, lang));
  } catch (error) {
    // The endpoint is another device's or account's (409): a fresh subscription has a new endpoint.
    if (!(error instanceof ApiFailure && error.status === 409)) throw error;
    await sub.unsubscribe();
    sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromB64url(key) });
    await postSubscription(api, subscriptionBody(sub, lang));
  }
  return 'on';
}

/** Turns push off on this device: the API forgets the subscription, the browser drops it. */
export async function disablePush(api: ApiClient): Promise<PushState> {
  const local = localStored();
  if (local) {
    await api.post('/user/push/unsubscribe', { endpoint: local.endpoint }).catch(ignoreGone);
    localStorage.removeItem(LOCAL_KEY);
    return 'off';
  }
  const reg = await registration(3000);
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await api.post('/user/push/unsubscribe', { endpoint: sub.endpoint }).catch(ignoreGone);
    await sub.unsubscribe();
  }
  return 'off';
}

const ignoreGone = (error: unknown) => {
  if (!(error instanceof ApiFailure && error.status === 404)) throw error;
};

/**
 * Re-sync (spec §4 push-change handler, §9: 1 s delay): with permission granted and a subscription in
 * place, post it again so the API has the current endpoint, keys, language and signed-in user.
 * Runs when the notifications page opens; the service worker does the same on pushsubscriptionchange.
 */
export async function resyncPush(
  api: ApiClient,
  lang: Lang,
  delay: (ms: number) => Promise<void> = wait,
): Promise<void> {
  await delay(PUSH_CHANGE_DELAY_MS);
  const local = localStored();
  if (local) return postSubscription(api, { ...local, lang }, delay);
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const sub = await (await registration(3000))?.pushManager.getSubscription();
  if (sub) await postSubscription(api, subscriptionBody(sub, lang), delay);
}
