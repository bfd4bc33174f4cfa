// The blood-test cart's state (spec §3): the store, its count and its local-storage form. Kept apart from
// the cart's actions (cart-store.ts) because the header's link and the storage sync (HeaderBloodTestCart)
// need only this; adding, removing and the server sync load with the pages that use them. None of it is
// in every page's first JavaScript: cart-presence.ts loads it once the cart matters in the tab.
import { proxy, snapshot } from 'valtio';
import type { BloodTestKind, BloodTestPrice } from '#shared/blood-tests/catalogue-types';
import type { CurrencyCode } from '#shared/locale';
import { BLOOD_TEST_STORAGE_KEY, needBloodTestCart } from './cart-presence';

export { BLOOD_TEST_STORAGE_KEY };

// A page that uses the cart has loaded this: the header's link and the storage sync come too.
needBloodTestCart();
export interface BloodTestCartEntry {
  /** Always 1: a test is booked once per visit (the patient is chosen at checkout). */
  count: number;
  bloodTest: {
    id: number;
    slug: string;
    name: string;
    kind: BloodTestKind;
    fasting_hours: number;
    price: BloodTestPrice;
    /** The currency of `price` (the shopper's country's when added or last synced). */
    currency: CurrencyCode;
    default_sku: { id: number };
  };
  sku: { id: number };
  /** Set by a sync whose price differed from the one shown when the test was added. */
  outOfStock?: boolean;
}

export const bloodTestCart = proxy({ items: {} as Record<string, BloodTestCartEntry>, loaded: false });

/** What a card or a test's page passes when the shopper adds it. */
export type AddableBloodTest = BloodTestCartEntry['bloodTest'];

export function bloodTestCartCount(items: Record<string, BloodTestCartEntry>): number {
  let n = 0;
  for (const entry of Object.values(items)) n += entry.count;
  return n;
}

/** The cart's total and what it would have cost at the old prices, in the entries' currency. */
type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function parse(raw: string | null): Record<string, BloodTestCartEntry> | null {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as Record<string, BloodTestCartEntry>;
    if (!value || typeof value !== 'object') return null;
    const items: Record<string, BloodTestCartEntry> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (!entry || typeof entry.count !== 'number' || !entry.bloodTest?.price || !entry.sku) continue;
      items[key] = entry;
    }
    return items;
  } catch {
    // A damaged value (another app, a manual edit) is an empty cart, never a broken page.
    return null;
  }
}

/**
 * The cart as kept in storage, once the page has hydrated (the storage sync calls it on mount). A change
 * the shopper made before the sync mounted (ensureBloodTestCartLoaded read storage first) is kept and saved.
 */
export function loadBloodTestCart(storage: Storage): void {
  if (bloodTestCart.loaded) {
    persistBloodTestCart(storage);
    return;
  }
  bloodTestCart.items = parse(storage.getItem(BLOOD_TEST_STORAGE_KEY)) ?? {};
  bloodTestCart.loaded = true;
}

/** Before a change by the shopper: the cart starts from what storage holds, even if the sync is not mounted yet. */
export function ensureBloodTestCartLoaded(): void {
  if (bloodTestCart.loaded) return;
  try {
    loadBloodTestCart(window.localStorage);
  } catch {
    bloodTestCart.loaded = true;
  }
}

export function persistBloodTestCart(storage: Storage): void {
  const items = snapshot(bloodTestCart).items;
  if (Object.keys(items).length) storage.setItem(BLOOD_TEST_STORAGE_KEY, JSON.stringify(items));
  else storage.removeItem(BLOOD_TEST_STORAGE_KEY);
}

/** Applies another tab's blood-test cart when it differs from ours. */
export function applyBloodTestStorageChange(newValue: string | null): boolean {
  const incoming = parse(newValue);
  if (!incoming) return false;
  if (JSON.stringify(incoming) === JSON.stringify(snapshot(bloodTestCart).items)) return false;
  bloodTestCart.items = incoming;
  return true;
}
