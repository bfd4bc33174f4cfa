// The cart (spec §3, §4): keyed by SKU id; counts never above the buy limit; persisted to localStorage
// while non-empty; cross-tab changes applied only when they differ and carry no flushAfter marker.
// In every page's first JavaScript (the header's count, the storage sync, the cards' add buttons), so the
// server sync, the reorder and the buyable lines are in cart-sync.ts, loaded by the pages that use them.
import { proxy, snapshot } from 'valtio';
import { isLang, type Lang } from '#shared/locale';
import { toast } from '../stores/toasts';
import { track } from '../analytics/track';
import type { CartEntry, CartOrigin, CartProduct, CartSku } from './cart-types';

export type { CartEntry, CartOrigin, CartProduct, CartSku } from './cart-types';

/** The page's language, for the names of what is added now (none outside a browser). */
export function pageLang(): Lang | undefined {
  if (import.meta.env.SSR) return undefined;
  return isLang(document.documentElement.lang) ? document.documentElement.lang : undefined;
}

export const STORAGE_KEY = 'cart';

export const cart = proxy({ items: {} as Record<string, CartEntry>, loaded: false });

export function cartCount(items: Record<string, CartEntry>): number {
  let n = 0;
  for (const entry of Object.values(items)) n += entry.count;
  return n;
}

/** The most of a SKU a shopper may have: its buy limit, and nothing when it is out of stock. */
export function maxCount(sku: Pick<CartSku, 'buy_limit' | 'in_stock'>): number {
  if (!sku.in_stock) return 0;
  return sku.buy_limit ?? Number.POSITIVE_INFINITY;
}

export type AddResult = 'added' | 'increased' | 'limit';

export function addToCart(item: {
  sku: CartSku;
  product: CartProduct;
  origin: CartOrigin;
  suggestionId?: string;
  reason?: { en: string; ar: string };
}): AddResult {
  const key = String(item.sku.id);
  const existing = cart.items[key];
  const limit = maxCount(item.sku);
  if (existing) {
    if (existing.count >= limit) return 'limit';
    existing.count += 1;
    trackAdd(item);
    return 'increased';
  }
  if (limit < 1) return 'limit';
  const lang = pageLang();
  cart.items[key] = {
    count: 1,
    sku: item.sku,
    product: item.product,
    origin: item.origin,
    ...(item.suggestionId ? { suggestionId: item.suggestionId } : {}),
    reason: item.reason,
    ...(lang ? { lang } : {}),
  };
  toast.success('item_added_to_cart');
  trackAdd(item);
  return 'added';
}

/** One more of a line in the cart: the line's values as they are now, not when the event is built. */
function trackAdd(line: { sku: CartSku; product: CartProduct }): void {
  const added = { sku: { ...line.sku }, product: { ...line.product } };
  track((b, ctx) => b.addToCart({ currency: ctx.currency.currency, item: b.cartItem(added, ctx) }));
}

function trackRemove(line: { sku: CartSku; product: CartProduct }, quantity: number): void {
  const removed = { sku: { ...line.sku }, product: { ...line.product } };
  track((b, ctx) => b.removeFromCart({ currency: ctx.currency.currency, item: b.cartItem(removed, ctx, quantity) }));
}

export function decrementCart(skuId: number): void {
  const key = String(skuId);
  const entry = cart.items[key];
  if (!entry) return;
  if (entry.count > 1) {
    entry.count -= 1;
    trackRemove(entry, 1);
  } else removeFromCart(skuId);
}

export function removeFromCart(skuId: number): void {
  const entry = cart.items[String(skuId)];
  if (!entry) return;
  trackRemove(entry, entry.count);
  delete cart.items[String(skuId)];
  toast.success('item_removed_from_cart');
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function parse(raw: string | null): Record<string, CartEntry> | null {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as Record<string, CartEntry>;
    if (!value || typeof value !== 'object') return null;
    const items: Record<string, CartEntry> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (!entry || typeof entry.count !== 'number' || !entry.sku || !entry.product) continue;
      // Entries stored before origins existed count as added from the product page.
      items[key] = { ...entry, origin: entry.origin ?? { source: 'Product' } };
    }
    return items;
  } catch (error) {
    console.warn('cart storage could not be read', error);
    return null;
  }
}

export function loadCart(storage: Storage): void {
  cart.items = parse(storage.getItem(STORAGE_KEY)) ?? {};
  cart.loaded = true;
}

export function persistCart(storage: Storage): void {
  const items = snapshot(cart).items;
  if (Object.keys(items).length) storage.setItem(STORAGE_KEY, JSON.stringify(items));
  else storage.removeItem(STORAGE_KEY);
}

/** Applies another tab's cart when it differs from ours and carries no flushAfter marker. */
export function applyStorageChange(newValue: string | null): boolean {
  const incoming = parse(newValue);
  if (!incoming) return false;
  if (Object.values(incoming).some((e) => e.flushAfter !== undefined)) return false;
  if (JSON.stringify(incoming) === JSON.stringify(snapshot(cart).items)) return false;
  cart.items = incoming;
  return true;
}
