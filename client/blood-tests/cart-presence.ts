// Whether this tab needs the blood-test cart's code (spec §3): the only part of it in every page's first
// JavaScript. The header's link to the cart and its local-storage sync (HeaderBloodTestCart.tsx) load once
// the cart matters here: it held a test when the page started, another tab puts a test in it (its
// `storage` event), or a page that uses the cart loads the cart's code (cart-state.ts calls
// needBloodTestCart). Until then the link would show nothing anyway: it is client-only.
import { useSyncExternalStore } from 'react';
import { proxy, subscribe } from 'valtio';

export const BLOOD_TEST_STORAGE_KEY = 'blood_test_cart';

const presence = proxy({ needed: false });
const watch = (change: () => void) => subscribe(presence, change);

/** False on the server and while hydrating (React takes the server's value then): the link is client-only. */
export function useBloodTestCartNeeded(): boolean {
  return useSyncExternalStore(
    watch,
    () => presence.needed,
    () => false,
  );
}

export function needBloodTestCart(): void {
  presence.needed = true;
}

if (!import.meta.env.SSR) {
  try {
    if (localStorage.getItem(BLOOD_TEST_STORAGE_KEY)) needBloodTestCart();
  } catch {
    // No storage (privacy settings): nothing was kept, so nothing shows until a page adds a test.
  }
  addEventListener('storage', (e) => {
    if (e.key === BLOOD_TEST_STORAGE_KEY && e.newValue) needBloodTestCart();
  });
}
