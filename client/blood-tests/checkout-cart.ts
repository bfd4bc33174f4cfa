// What the blood-test checkout reads of the blood-test cart (the catalogue's store, cart-store.ts:
// keyed by default SKU id, loaded from local storage after hydration, synced across tabs), and the
// emptying after a placed order.
import { useSnapshot } from 'valtio';
import { type BloodTestCartEntry, bloodTestCart, clearBloodTestCart } from './cart-store';
import type { Preparable } from './preparation';

export interface BookingLine extends Preparable {
  sku_id: number;
  name: string;
  /** The test's page, where its whole preparation is read (the cart keeps only its fasting hours). */
  slug?: string;
}

/** The cart's tests as booking lines, in the order they were added. */
export function bookingLines(items: Readonly<Record<string, BloodTestCartEntry>>): BookingLine[] {
  return Object.values(items).map((e) => ({
    sku_id: e.sku.id,
    name: e.bloodTest.name,
    slug: e.bloodTest.slug,
    fasting_hours: e.bloodTest.fasting_hours,
    stop_biotin_hours: 0,
    morning_draw: false,
  }));
}

export function useBookingCart(): { loaded: boolean; lines: BookingLine[] } {
  const { items, loaded } = useSnapshot(bloodTestCart);
  return { loaded, lines: bookingLines(items as Record<string, BloodTestCartEntry>) };
}

/** After a placed order the blood-test cart is empty (the store's sync clears storage and other tabs). */
export function emptyBookingCart(): void {
  clearBloodTestCart();
}
