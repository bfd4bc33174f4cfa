// The cart (spec §3, §4): keyed by SKU id; counts never above the buy limit; persisted to localStorage
// while non-empty; cross-tab changes applied only when they differ and carry no flushAfter marker.
import { proxy, snapshot } from 'valtio';
import type { ImageRef, SkuPrice } from '#shared/catalogue/types';
import { isLang, type Lang } from '#shared/locale';
import { toast } from '../stores/toasts';

/** Where an item was added from (spec §2 product card origin sources). */
export const ORIGIN_SOURCES = [
  'Product',
  'Cart',
  'Collection',
  'Purchase Together',
  'Category Page',
  'Search History',
  'FavouriteList',
  'Nutritionist',
  'Nutritionist List',
  'Nutritionist Banner',
  'Home Page',
  'List',
  'Search',
  'My Orders',
  'Popular Products',
  'Quiz',
  'Unlock Free Delivery',
] as const;
export type OriginSource = (typeof ORIGIN_SOURCES)[number];

export interface CartOrigin {
  source: OriginSource;
  id?: string | number;
  position?: number;
}

export interface CartSku {
  id: number;
  name: string;
  price: SkuPrice;
  buy_limit: number | null;
  in_stock: boolean;
}

export interface CartProduct {
  id: number;
  slug: string;
  name: string;
  brand: { id: number; name: string };
  image?: ImageRef;
}

export interface CartEntry {
  count: number;
  sku: CartSku;
  product: CartProduct;
  origin: CartOrigin;
  suggestionId?: string;
  outOfStock?: boolean;
  /** While set, storage changes from other tabs are ignored (a flush is under way). */
  flushAfter?: number;
  /** The language of the names above (the page's, when added or last synced); unknown in older carts. */
  lang?: Lang;
}

/** The page's language, for the names of what is added now (none outside a browser). */
function pageLang(): Lang | undefined {
  if (typeof document === 'undefined') return undefined;
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
}): AddResult {
  const key = String(item.sku.id);
  const existing = cart.items[key];
  const limit = maxCount(item.sku);
  if (existing) {
    if (existing.count >= limit) return 'limit';
    existing.count += 1;
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
    ...(lang ? { lang } : {}),
  };
  toast.success('item_added_to_cart');
  return 'added';
}

export function decrementCart(skuId: number): void {
  const key = String(skuId);
  const entry = cart.items[key];
  if (!entry) return;
  if (entry.count > 1) entry.count -= 1;
  else removeFromCart(skuId);
}

export function removeFromCart(skuId: number): void {
  if (!cart.items[String(skuId)]) return;
  delete cart.items[String(skuId)];
  toast.success('item_removed_from_cart');
}

/** Reorder: adds a past order's items, summing with what is in the cart, within limits. */
export function addManyToCart(
  items: Array<{ sku: CartSku; product: CartProduct; count: number; origin: CartOrigin }>,
): void {
  for (const item of items) {
    const key = String(item.sku.id);
    const limit = maxCount(item.sku);
    const next = Math.min(limit, (cart.items[key]?.count ?? 0) + item.count);
    if (next < 1) continue;
    const lang = pageLang();
    cart.items[key] = cart.items[key]
      ? { ...cart.items[key], count: next }
      : { count: next, sku: item.sku, product: item.product, origin: item.origin, ...(lang ? { lang } : {}) };
  }
  toast.success('items_added_to_cart');
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

/** A SKU as the cart sync call (POST /product/sku) returns it. */
export interface SyncedSku {
  id: number;
  name: string;
  price: SkuPrice;
  buy_limit: number | null;
  in_stock: boolean;
  /** The product's and brand's names, in the language of the call. */
  product?: { name: string; brand: { name: string } };
}

export type CartChange =
  | { sku_id: number; name: string; kind: 'limit'; from: number; to: number }
  | { sku_id: number; name: string; kind: 'price'; from: number; to: number }
  | { sku_id: number; name: string; kind: 'unavailable' };

/**
 * Applies fresh SKU data (spec §4 cart sync): a count above the buy limit comes down to it and is
 * reported as {from, to}; a SKU the server no longer returns, or one out of stock, is marked and
 * cannot be checked out; a changed price is taken and reported.
 */
export function applySkuSync(fresh: SyncedSku[], lang?: Lang): CartChange[] {
  if (lang)
    applyNames(
      fresh,
      lang,
      Object.values(cart.items).map((e) => e.sku.id),
    );
  const byId = new Map(fresh.map((s) => [s.id, s]));
  const changes: CartChange[] = [];
  for (const [key, entry] of Object.entries(cart.items)) {
    const s = byId.get(entry.sku.id);
    const name = entry.product.name;
    if (!s?.in_stock) {
      if (!entry.outOfStock) changes.push({ sku_id: entry.sku.id, name, kind: 'unavailable' });
      cart.items[key] = {
        ...entry,
        ...(s ? { sku: { id: s.id, name: s.name, price: s.price, buy_limit: s.buy_limit, in_stock: false } } : {}),
        outOfStock: true,
      };
      continue;
    }
    const next: CartEntry = {
      ...entry,
      sku: { id: s.id, name: s.name, price: s.price, buy_limit: s.buy_limit, in_stock: s.in_stock },
    };
    delete next.outOfStock;
    if (s.price.price !== entry.sku.price.price)
      changes.push({ sku_id: s.id, name, kind: 'price', from: entry.sku.price.price, to: s.price.price });
    const limit = maxCount(next.sku);
    if (next.count > limit) {
      changes.push({ sku_id: s.id, name, kind: 'limit', from: next.count, to: limit });
      next.count = limit;
    }
    cart.items[key] = next;
  }
  return changes;
}

/**
 * Names follow the page's language (a product added on an Arabic page reads in English on an English
 * one): the cart sync's names, which come in the language of the call, replace the stored ones.
 */
export function applyNames(fresh: SyncedSku[], lang: Lang, asked: readonly number[] = fresh.map((s) => s.id)): void {
  const byId = new Map(fresh.map((s) => [s.id, s]));
  for (const [key, entry] of Object.entries(cart.items)) {
    if (!asked.includes(entry.sku.id)) continue;
    const s = byId.get(entry.sku.id);
    // A SKU no longer sold keeps its names; asking again on every page would not change them.
    if (!s?.product) {
      cart.items[key] = { ...entry, lang };
      continue;
    }
    cart.items[key] = {
      ...entry,
      sku: { ...entry.sku, name: s.name },
      product: {
        ...entry.product,
        name: s.product.name,
        brand: { ...entry.product.brand, name: s.product.brand.name },
      },
      lang,
    };
  }
}

/** SKU ids of the entries whose names are not (known to be) in this language. */
export function namesNotIn(items: Record<string, CartEntry>, lang: Lang): number[] {
  return Object.values(items)
    .filter((e) => e.lang !== lang)
    .map((e) => e.sku.id)
    .sort((a, b) => a - b);
}

/** The entries that can be bought now (not marked unavailable by a sync, in stock). */
export function buyableEntries(items: Record<string, CartEntry>): CartEntry[] {
  return Object.values(items).filter((e) => !e.outOfStock && e.sku.in_stock);
}

/** Cart price in base fils (spec §4: without exchange rate), of the items that can be bought. */
export function cartPrice(items: Record<string, CartEntry>): number {
  return buyableEntries(items).reduce((sum, e) => sum + e.sku.price.price * e.count, 0);
}
