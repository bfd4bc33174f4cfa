// What a cart line holds: the SKU and product as the cart keeps them, and where the shopper added it
// from. Its own module, so the analytics builders read these types without importing the cart store
// (which sends analytics events itself).
import type { ImageRef, SkuPrice } from '#shared/catalogue/types';
import type { Lang } from '#shared/locale';
import type { Frequency } from '#shared/subscriptions/frequency';

/** Where an item was added from (spec §2 product card origin sources). */
const ORIGIN_SOURCES = [
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
  'Blood Test Results',
  // What the shop suggests her (issue 64): her home page's own sections, and below a product or the cart.
  'For You',
  'Recently Viewed',
  'Customers Also Bought',
] as const;
type OriginSource = (typeof ORIGIN_SOURCES)[number];

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
  /** Why it was suggested (a blood-test result), in both languages: shown under the line whatever the page's. */
  reason?: { en: string; ar: string };
  outOfStock?: boolean;
  /** While set, storage changes from other tabs are ignored (a flush is under way). */
  flushAfter?: number;
  /** The language of the names above (the page's, when added or last synced); unknown in older carts. */
  lang?: Lang;
  /** Subscribe and save (decision 45): delivered again at this frequency; absent for one delivery. */
  every?: Frequency;
}
