// Loads the cart from localStorage once hydration is done (so the server's empty cart never causes a
// mismatch), then keeps storage and other tabs in step.
import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { applyStorageChange, cart, loadCart, persistCart, STORAGE_KEY } from './cart-store';

export function CartStorageSync() {
  useEffect(() => {
    let storage: Storage;
    try {
      storage = window.localStorage;
    } catch {
      return;
    }
    loadCart(storage);
    const stop = subscribe(cart, () => persistCart(storage));
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEY) applyStorageChange(e.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stop();
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return null;
}
