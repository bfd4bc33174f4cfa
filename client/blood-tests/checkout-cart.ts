// What the blood-test checkout reads of the blood-test cart (spec §3: local storage, keyed by the
// default SKU id; count, bloodTest with its preparation, sku). The catalogue stream owns the cart and
// its sync; this is the checkout's read of it and the emptying after a placed order.
import { useEffect, useState } from 'react';
import type { Preparable } from './preparation';

export const BLOOD_TEST_CART_KEY = 'blood_test_cart';

export interface BookingLine extends Preparable {
  sku_id: number;
  name: string;
  /** The test's page, where its whole preparation is read (the cart keeps only its fasting hours). */
  slug?: string;
}

type Stored = Record<
  string,
  {
    bloodTest?: {
      id?: number;
      slug?: string;
      name?: string;
      fasting_hours?: number;
      stop_biotin_hours?: number;
      morning_draw?: boolean;
    };
    sku?: { id?: number };
  }
>;

/** The lines of a stored cart; anything unreadable is left out (the cart's own sync repairs it). */
export function readBookingLines(raw: string | null): BookingLine[] {
  let stored: Stored;
  try {
    stored = JSON.parse(raw ?? '{}') as Stored;
  } catch {
    return [];
  }
  const items = (stored && typeof stored === 'object' && 'items' in stored ? stored.items : stored) as Stored;
  return Object.entries(items ?? {}).flatMap(([key, item]) => {
    const id = Number(item?.sku?.id ?? key);
    if (!Number.isInteger(id) || id <= 0 || !item?.bloodTest) return [];
    const bt = item.bloodTest;
    return [
      {
        sku_id: id,
        name: String(bt.name ?? ''),
        fasting_hours: Number(bt.fasting_hours ?? 0),
        stop_biotin_hours: Number(bt.stop_biotin_hours ?? 0),
        morning_draw: !!bt.morning_draw,
        ...(bt.slug ? { slug: String(bt.slug) } : {}),
      },
    ];
  });
}

export function useBookingCart(): { loaded: boolean; lines: BookingLine[] } {
  const [state, setState] = useState<{ loaded: boolean; lines: BookingLine[] }>({ loaded: false, lines: [] });
  useEffect(() => {
    const read = () => setState({ loaded: true, lines: readBookingLines(localStorage.getItem(BLOOD_TEST_CART_KEY)) });
    read();
    // Another tab changing the cart changes this checkout too.
    const onStorage = (e: StorageEvent) => e.key === BLOOD_TEST_CART_KEY && read();
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return state;
}

/** After a placed order the blood-test cart is empty. */
export function emptyBookingCart(): void {
  try {
    localStorage.setItem(BLOOD_TEST_CART_KEY, '{}');
    window.dispatchEvent(new StorageEvent('storage', { key: BLOOD_TEST_CART_KEY }));
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
