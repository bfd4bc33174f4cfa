// The service worker, served unhashed as /sw.js at the site root (worker/routes/app-files.ts;
// built into one classic script by scripts/vite-service-worker.ts). What it does (routing.ts decides):
// - pages: from the network, never cached; without a network, the offline page of the page's language,
//   cached (both languages) when the worker installs;
// - hashed build files (/assets/*): from the cache first, stored on first use;
// - /api/* and everything else: untouched.
// Cache names carry the build's version; activating deletes the caches of other builds.
import { installPushHandlers, type PushWorkerScope } from './push-handlers';
import { cacheNames, MAX_CACHED_ASSETS, PRECACHED_PAGES, staleCaches, swRoute } from './routing';
import { offlinePath } from '#shared/app/paths';
import type { Lang } from '#shared/locale';

/** The build's version: a hash of the client build, set by the bundling step. */
declare const __SW_VERSION__: string;

// The parts of ServiceWorkerGlobalScope used here (the client's TypeScript has the DOM library, not WebWorker's).
interface SwExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SwFetchEvent extends SwExtendableEvent {
  request: Request;
  preloadResponse: Promise<Response | undefined>;
  respondWith(response: Response | Promise<Response>): void;
}
interface SwScope {
  addEventListener(type: 'install' | 'activate', listener: (event: SwExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: SwFetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  registration: ServiceWorkerRegistration;
  location: Location;
}

const sw = self as unknown as SwScope;
const CACHES = cacheNames(__SW_VERSION__);

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHES.pages);
      // Without cookies: the offline page is the same for everyone, and no personal page is ever stored.
      await Promise.all(
        PRECACHED_PAGES.map(async (path) => {
          const res = await fetch(path, { credentials: 'omit', cache: 'reload' });
          if (!res.ok) throw new Error(`${path}: ${res.status}`);
          await cache.put(path, res);
        }),
      );
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), __SW_VERSION__).map((name) => caches.delete(name)));
      // The page's request is sent while the worker starts: a navigation costs no extra wait for it.
      await sw.registration.navigationPreload?.enable();
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('fetch', (event) => {
  const route = swRoute(
    {
      method: event.request.method,
      url: event.request.url,
      mode: event.request.mode,
      range: event.request.headers.get('range'),
    },
    sw.location.origin,
  );
  if (route.kind === 'page') event.respondWith(page(event, route.lang));
  else if (route.kind === 'asset') event.respondWith(asset(event));
});

async function page(event: SwFetchEvent, lang: Lang): Promise<Response> {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    const offline = await caches.match(offlinePath(lang), { cacheName: CACHES.pages, ignoreVary: true });
    return offline ?? Response.error();
  }
}

async function asset(event: SwFetchEvent): Promise<Response> {
  const cache = await caches.open(CACHES.assets);
  const hit = await cache.match(event.request);
  if (hit) return hit;
  const res = await fetch(event.request);
  if (res.ok && res.type === 'basic') {
    const copy = res.clone();
    event.waitUntil(
      (async () => {
        await cache.put(event.request, copy);
        const keys = await cache.keys();
        await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_CACHED_ASSETS)).map((k) => cache.delete(k)));
      })(),
    );
  }
  return res;
}

// Push (decision 29): notifications shown from the push payload, clicks open its link, a changed
// subscription re-registered with the API.
installPushHandlers(self as unknown as PushWorkerScope);
