// The product cart in localStorage, in step with other tabs (client/lib/storage-sync.ts).
import { useStorageSync } from '../lib/storage-sync';
import { applyStorageChange, cart, loadCart, persistCart, STORAGE_KEY } from './cart-store';

export function CartStorageSync() {
  useStorageSync(cart, STORAGE_KEY, loadCart, persistCart, applyStorageChange);
  return null;
}
