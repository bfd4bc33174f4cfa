// Wishlists (issue 16; spec §2 wishlist modals, §3 Wishlist, §5 list name, §7 /list calls): the
// contract between the API's /list routes and the storefront's wishlist pages. A list belongs to one
// shopper; sharing gives it an unguessable token ({origin}/shared-list/{token}) that anyone with the
// link can read, and a signed-in visitor can follow (scope "shared"). Prices are base minor units, as
// on every product card (the client converts them for the shopper's country).
import { z } from '../zod';
import type { ImageRef, ProductCard } from '../catalogue/types';

export const WISHLIST_LIMITS = {
  /** Characters of a list's name, after trimming. */
  nameMax: 60,
  /** Lists one shopper may keep. */
  listsPerUser: 50,
  /** Products (SKUs) in one list. */
  itemsPerList: 200,
} as const;

export const WISHLIST_SCOPES = ['personal', 'shared', 'all'] as const;
export type WishlistScope = (typeof WISHLIST_SCOPES)[number];

/** A share token: 128 random bits in base64url, no padding (22 characters). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

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
export type WishlistNameInput = z.input<typeof wishlistNameSchema>;

export const wishlistIdParams = z.object({ id: wholeId });
export const wishlistScopeParams = z.object({ scope: z.enum(WISHLIST_SCOPES) });
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

export const WISHLIST_PATHS = {
  create: '/list/new',
  scope: (scope: WishlistScope) => `/list/${scope}`,
  edit: (id: number) => `/list/${id}/edit`,
  remove: (id: number) => `/list/${id}/remove`,
  items: (id: number) => `/list/${id}/items/all`,
  addItem: (id: number) => `/list/${id}/items/add`,
  removeItems: (id: number) => `/list/${id}/items/remove`,
  priceAlert: (id: number) => `/list/${id}/items/price-alert`,
  share: (id: number) => `/list/${id}/share`,
  shared: (token: string) => `/list/shared/${encodeURIComponent(token)}`,
  follow: (token: string) => `/list/shared/${encodeURIComponent(token)}/follow`,
  unfollow: (token: string) => `/list/shared/${encodeURIComponent(token)}/unfollow`,
  bought: (token: string) => `/list/shared/${encodeURIComponent(token)}/bought`,
} as const;

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
  /** The owner's share token while shared; null for others' lists and private ones. */
  share_token: string | null;
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

export interface WishlistItemsView {
  list: WishlistSummary;
  items: WishlistItem[];
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

/** The first word of a name: what a shared list tells strangers about its owner. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/u)[0] ?? '';
}
