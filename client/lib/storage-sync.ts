// Keeps a valtio store in localStorage and in step with other tabs: loads it once hydration is done (so
// the server's empty store never causes a mismatch), saves each change, and applies another tab's
// change to the same key. The product cart and the blood-test cart (spec §3) both use it.
import { useEffect } from 'react';
import { subscribe } from 'valtio';

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
    load(storage);
    const stop = subscribe(store, () => persist(storage));
    const onStorage = (e: StorageEvent) => {
      if (e.key === storageKey) applyChange(e.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stop();
      window.removeEventListener('storage', onStorage);
    };
  }, []);
}
