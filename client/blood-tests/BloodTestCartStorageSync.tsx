// The blood-test cart in localStorage, synchronised across tabs (spec §3), as the product cart is.
import { useStorageSync } from '../lib/storage-sync';
import {
  applyBloodTestStorageChange,
  BLOOD_TEST_STORAGE_KEY,
  bloodTestCart,
  loadBloodTestCart,
  persistBloodTestCart,
} from './cart-state';

export function BloodTestCartStorageSync() {
  useStorageSync(
    bloodTestCart,
    BLOOD_TEST_STORAGE_KEY,
    loadBloodTestCart,
    persistBloodTestCart,
    applyBloodTestStorageChange,
  );
  return null;
}
