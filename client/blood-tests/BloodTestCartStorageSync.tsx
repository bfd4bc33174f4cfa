// Loads the blood-test cart from localStorage after hydration, then keeps storage and other tabs in
// step (spec §3: the blood-test cart is synchronised across tabs).
import { useEffect } from 'react';
import { subscribe } from 'valtio';
import {
  applyBloodTestStorageChange,
  BLOOD_TEST_STORAGE_KEY,
  bloodTestCart,
  loadBloodTestCart,
  persistBloodTestCart,
} from './cart-state';

export function BloodTestCartStorageSync() {
  useEffect(() => {
    let storage: Storage;
    try {
      storage = window.localStorage;
    } catch {
      return;
    }
    loadBloodTestCart(storage);
    const stop = subscribe(bloodTestCart, () => persistBloodTestCart(storage));
    const onStorage = (e: StorageEvent) => {
      if (e.key === BLOOD_TEST_STORAGE_KEY) applyBloodTestStorageChange(e.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stop();
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return null;
}
