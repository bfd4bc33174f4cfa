// What track()'s build functions get as `b` (decision 35), loaded on demand with the runtime:
// the shared GA4 event builders, and the shop's catalogue and cart lines as their items (ItemInput): the
// SKU's id, the product's name and brand, the category's slug (the same in both languages), the size's
// name and the price the shopper pays, in minor units of their currency. None of it is in the entry chunk.
import {
  addPaymentInfo,
  addToCart,
  beginCheckout,
  bloodTestBeginCheckout,
  bloodTestPurchase,
  purchase,
  quizComplete,
  quizStart,
  removeFromCart,
  search,
  selectItem,
  viewItem,
  viewItemList,
} from '#shared/analytics/events';
import type { ItemInput } from '#shared/analytics/events';
import type { ListName, RecommendationList } from '#shared/analytics/params';
import type { ProductCard, SkuSummary } from '#shared/catalogue/types';
import type { CartProduct, CartSku } from '../cart/cart-types';
import type { TrackContext } from './track-context';

function cardItem(card: ProductCard, ctx: TrackContext, index?: number, sku: SkuSummary = card.default_sku): ItemInput {
  return {
    id: sku.id,
    name: card.name,
    brand: card.brand.name,
    category: card.category.slug,
    variant: sku.name,
    priceMinor: ctx.payable(sku.price.price),
    index,
  };
}

/**
 * The suggestion each product was last picked from in this tab (issue 64), so her add to cart and the
 * purchase that follow carry it: how the owner sees which suggestions bring orders.
 */
const PICKED_KEY = 'analytics-picked';

function pickedLists(): Record<string, RecommendationList> {
  try {
    return JSON.parse(sessionStorage.getItem(PICKED_KEY) ?? '{}') as Record<string, RecommendationList>;
  } catch {
    return {};
  }
}

/** A card picked from a suggestion: remembered for the product, and its select_item event. */
function pickedFrom(list: RecommendationList, card: ProductCard, ctx: TrackContext, index: number) {
  try {
    sessionStorage.setItem(PICKED_KEY, JSON.stringify({ ...pickedLists(), [card.id]: list }));
  } catch {
    // Storage refused: the click is still counted, the order that follows is not tied to it.
  }
  return selectItem({ list, currency: ctx.currency.currency, item: cardItem(card, ctx, index) });
}

function cartItem(line: { sku: CartSku; product: CartProduct }, ctx: TrackContext, quantity = 1): ItemInput {
  return {
    id: line.sku.id,
    name: line.product.name,
    brand: line.product.brand.name,
    variant: line.sku.name,
    priceMinor: ctx.payable(line.sku.price.price),
    quantity,
    list: pickedLists()[String(line.product.id)],
  };
}

/**
 * A listing's GA4 list: `search`, one category's (`category-<slug>`), one brand's (`brand-<slug>`) or the
 * catalogue's (`products`, with or without other filters). Slugs, never the search's words.
 */
function listingList(
  selected: { categories: Array<{ slug: string }>; brands: Array<{ slug: string }> } | undefined,
  search: boolean,
): { listId: string; listName: ListName } {
  if (search) return { listId: 'search', listName: 'search results' };
  const categories = selected?.categories ?? [];
  const brands = selected?.brands ?? [];
  if (categories.length === 1 && !brands.length)
    return { listId: `category-${categories[0]!.slug}`, listName: 'category' };
  if (brands.length === 1 && !categories.length) return { listId: `brand-${brands[0]!.slug}`, listName: 'brand' };
  return { listId: 'products', listName: 'products' };
}

/** `b` of track()'s build functions. A plain object (no module namespace: its helper would join the entry). */
export const builders = {
  viewItemList,
  viewItem,
  search,
  addToCart,
  removeFromCart,
  beginCheckout,
  addPaymentInfo,
  purchase,
  bloodTestBeginCheckout,
  bloodTestPurchase,
  quizStart,
  quizComplete,
  cardItem,
  cartItem,
  listingList,
  pickedFrom,
};
