// Cart store (spec §3): keyed by SKU id. The catalogue issue fills in adding, syncing and persistence;
// the shell only needs the item count for the header badge.
import { proxy } from 'valtio';

export interface CartEntry {
  count: number;
}

export const cart = proxy({ items: {} as Record<string, CartEntry> });

export function cartCount(items: Record<string, CartEntry>): number {
  let n = 0;
  for (const entry of Object.values(items)) n += entry.count;
  return n;
}
