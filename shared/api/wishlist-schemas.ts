// Wishlists (spec §2 wishlist modals, §3 Wishlist, §5 list name, §7 /list calls): the
// contract between the API's /list routes and the storefront's wishlist pages. A list belongs to one
// shopper; sharing gives it an unguessable token ({origin}/shared-list/{token}) that anyone with the
// link can read, and a signed-in visitor can follow (scope "shared"). Prices are base minor units, as
// on every product card (the client converts them for the shopper's country).
import { z } from '../zod';
import type { ImageRef, ProductCard } from '../catalogue/types';
import { SHARE_TOKEN_PATTERN, WISHLIST_LIMITS, WISHLIST_SCOPES } from '../wishlists/rules';

export {
  firstName,
  WISHLIST_LIMITS,
  type WishlistScope,
} from '../wishlists/rules';

const wholeId = z
  .string()
  .regex(/^[0-9]{1,15}$/)
  .transform(Number)
  .pipe(z.number().int().min(1));
const skuId = z.number({ error: 'validation_mandatory' }).int().min(1).max(Number.MAX_SAFE_INTEGER);

/** The list's name (spec §5): required ('validation_mandatory' with the field name), trimmed, at most 60. */
export const wishlistNameSchema = z.object({
  name: z
    .string({ error: 'validation_mandatory' })
    .trim()
    .min(1, { error: 'validation_mandatory', abort: true })
    .max(WISHLIST_LIMITS.nameMax, { error: 'wishlist_name_too_long' }),
});

export const wishlistIdParams = z.object({ id: wholeId });
export const wishlistScopeParams = z.object({ scope: z.enum(WISHLIST_SCOPES) });
/** `sku`: say of each list whether it holds that SKU (the chooser); `open`: the own list whose items to include. */
export const wishlistScopeQuery = z.object({
  sku: wholeId.optional(),
  open: wholeId.optional(),
});
export const shareTokenParams = z.object({ token: z.string().regex(SHARE_TOKEN_PATTERN) });

export const wishlistAddItemSchema = z.object({
  sku: skuId,
  /** Opt in (or out) of a price-drop alert for this item; left out, an existing choice stays. */
  price_alert: z.boolean().optional(),
});
export const wishlistRemoveItemsSchema = z.object({
  skus: z.array(skuId, { error: 'validation_mandatory' }).min(1, { error: 'validation_mandatory' }).max(200),
});
export const wishlistItemFlagSchema = z.object({
  sku: skuId,
  value: z.boolean({ error: 'validation_mandatory' }),
});
export const wishlistShareSchema = z.object({ value: z.boolean({ error: 'validation_mandatory' }) });

/** A list as the scopes show it (spec §3 Wishlist: id, name, image.url, publisher.name, items). */
export interface WishlistSummary {
  id: number;
  name: string;
  /** The first item's image (the list's newest product), or null for an empty list. */
  image: ImageRef | null;
  publisher: { name: string };
  items_count: number;
  /** The shopper's own list (scope personal) or one shared with them (scope shared). */
  mine: boolean;
  /** Shared by its owner right now. */
  shared: boolean;
  /** The share token while shared (the owner's, or the one a follower followed); null when private. */
  share_token: string | null;
  /** With `?sku=`: whether the list holds that SKU. */
  contains?: boolean;
  /** Items with a price-drop alert (the owner's; 0 for others' lists). */
  price_alerts: number;
  updated_at: number;
}

/** A product card showing the SKU kept in the list, with what the list remembers about it. */
export interface WishlistItem extends ProductCard {
  /** The SKU's price when it was added (base minor units). */
  price_at_add: number;
  price_alert: boolean;
  added_at: number;
}

/** An item of a shared list as a visitor sees it: no alert settings; whether someone marked it bought. */
export interface SharedWishlistItem extends ProductCard {
  /** Marked bought by someone with the link; always false for the owner (a gift stays a surprise). */
  bought: boolean;
}

/** GET /list/{scope}: the lists, and the items of one own list (`?open=`, else the newest own list). */
export interface WishlistScopeView {
  items: WishlistSummary[];
  open: { id: number; items: WishlistItem[] } | null;
}

/** GET /list/shared/{token}: public, so nothing about the owner but a first name. */
export interface SharedWishlistView {
  list: {
    token: string;
    name: string;
    image: ImageRef | null;
    publisher: { name: string };
    items_count: number;
  };
  items: SharedWishlistItem[];
  /** Who looks: the owner (no bought marks, no "mark as bought"), and whether they follow it. */
  viewer: { signed_in: boolean; is_owner: boolean; following: boolean };
}
