// Keeps a valtio store in localStorage and in step with other tabs: loads it once hydration is done,
// the page's included (so the server's empty store never causes a mismatch), saves each change, and
// applies another tab's change to the same key. The product cart and the blood-test cart (spec §3) both
// use it.
import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { pageHydrated } from '../app/page-hydration';

type Storage = globalThis.Storage;

/** Call from a component mounted once (the app shell); the store's functions are module-level. */
export function useStorageSync(
  store: object,
  storageKey: string,
  load: (storage: Storage) => void,
  persist: (storage: Storage) => void,
  applyChange: (newValue: string | null) => unknown,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once; the arguments never change.
  useEffect(() => {
    let storage: Storage;
    try {
      storage = window.localStorage;
    } catch {
      return;
    }
    let stop: (() => void) | null = null;
    const onStorage = (e: StorageEvent) => {
      if (e.key === storageKey) applyChange(e.newValue);
    };
    let live = true;
    void pageHydrated.then(() => {
      if (!live) return;
      load(storage);
      stop = subscribe(store, () => persist(storage));
      window.addEventListener('storage', onStorage);
    });
    return () => {
      live = false;
      stop?.();
      window.removeEventListener('storage', onStorage);
    };
  }, []);
}
