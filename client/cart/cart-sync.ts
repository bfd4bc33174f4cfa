// What changes the cart in bulk or reads it for buying (spec §4), kept out of cart-store.ts and so out of
// every page's first JavaScript: the server's cart sync (limits, prices, availability, and names in the
// page's language), the reorder of a past order, and the lines that can be bought with their price. The
// cart page, the checkout, the orders page and the deferred name sync load it.
import type { CartSync } from '#shared/catalogue/product-responses';
import type { Lang } from '#shared/locale';
import {
  type CartEntry,
  type CartOrigin,
  type CartProduct,
  type CartSku,
  cart,
  maxCount,
  pageLang,
} from './cart-store';

/** Cart lines from the cart sync's SKUs (a reorder, a reminder's cart brought back): today's data, these counts. */
export function linesFromSync(
  skus: CartSync['items'],
  counts: ReadonlyMap<number, number>,
  origin: CartOrigin,
): Array<{ sku: CartSku; product: CartProduct; count: number; origin: CartOrigin }> {
  return skus.map((s) => ({
    sku: { id: s.id, name: s.name, price: s.price, buy_limit: s.buy_limit, in_stock: s.in_stock },
    product: {
      id: s.product.id,
      slug: s.product.slug,
      name: s.product.name,
      brand: { id: s.product.brand.id, name: s.product.brand.name },
      ...(s.product.images[0] ? { image: s.product.images[0] } : {}),
    },
    count: counts.get(s.id) ?? 1,
    origin,
  }));
}

/**
 * Reorder: adds a past order's items, summing with what is in the cart, within limits. Says nothing:
 * the caller does (toastAdded, or a reminder link's notice). Answers how many products' counts went up
 * (one already at its limit adds nothing).
 */
export function addManyToCart(
  items: Array<{ sku: CartSku; product: CartProduct; count: number; origin: CartOrigin }>,
): number {
  let added = 0;
  for (const item of items) {
    const key = String(item.sku.id);
    const limit = maxCount(item.sku);
    const next = Math.min(limit, (cart.items[key]?.count ?? 0) + item.count);
    if (next < 1) continue;
    if (next > (cart.items[key]?.count ?? 0)) added += 1;
    const lang = pageLang();
    cart.items[key] = cart.items[key]
      ? { ...cart.items[key], count: next }
      : { count: next, sku: item.sku, product: item.product, origin: item.origin, ...(lang ? { lang } : {}) };
  }
  return added;
}

/**
 * What the cart reads of a SKU of the cart sync (POST /product/sku answers CartSync): the fields it
 * checks, and the product's and brand's names in the language of the call.
 */
export type SyncedSku = Pick<CartSync['items'][number], 'id' | 'name' | 'price' | 'buy_limit' | 'in_stock'> & {
  product?: { name: string; brand: { name: string } };
};

export type CartChange =
  | { sku_id: number; name: string; kind: 'limit'; from: number; to: number }
  | { sku_id: number; name: string; kind: 'price'; from: number; to: number }
  | { sku_id: number; name: string; kind: 'unavailable' }
  /** Not sold in the shopper's country (issue 77: a cart moved between countries): removed from the cart. */
  | { sku_id: number; name: string; kind: 'not_sold' };

/**
 * Applies fresh SKU data (spec §4 cart sync): a count above the buy limit comes down to it and is
 * reported as {from, to}; a SKU the server no longer returns, or one out of stock, is marked and
 * cannot be checked out; a changed price is taken and reported. A SKU the server names as not sold in
 * her country (`notSold`, issue 77) leaves the cart, reported with that reason.
 */
export function applySkuSync(fresh: SyncedSku[], lang?: Lang, notSold: readonly number[] = []): CartChange[] {
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
    if (notSold.includes(entry.sku.id)) {
      changes.push({ sku_id: entry.sku.id, name, kind: 'not_sold' });
      delete cart.items[key];
      continue;
    }
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
