// The zod schemas of what the /list routes answer (decision 68: the routes' `response`); the types in
// ./wishlist-schemas.ts are inferred from them. Kept apart from the request schemas, which the
// storefront's wishlist forms load, so those forms do not also load the answers' schemas.
import { imageRefSchema, productCardSchema } from '../catalogue/schemas';
import { z } from '../zod';

/** A list as the scopes show it (spec §3 Wishlist: id, name, image.url, publisher.name, items). */
export const wishlistSummarySchema = z.object({
  id: z.int(),
  name: z.string(),
  /** The first item's image (the list's newest product), or null for an empty list. */
  image: imageRefSchema.nullable(),
  publisher: z.object({ name: z.string() }),
  items_count: z.int(),
  /** The shopper's own list (scope personal) or one shared with them (scope shared). */
  mine: z.boolean(),
  /** Shared by its owner right now. */
  shared: z.boolean(),
  /** The share token while shared (the owner's, or the one a follower followed); null when private. */
  share_token: z.string().nullable(),
  /** With `?sku=`: whether the list holds that SKU. */
  contains: z.boolean().optional(),
  /** Items with a price-drop alert (the owner's; 0 for others' lists). */
  price_alerts: z.int(),
  updated_at: z.int(),
});

/** A product card showing the SKU kept in the list, with what the list remembers about it. */
export const wishlistItemSchema = productCardSchema.extend({
  /** The SKU's price when it was added (base minor units). */
  price_at_add: z.int(),
  price_alert: z.boolean(),
  added_at: z.int(),
});

/** An item of a shared list as a visitor sees it: no alert settings; whether someone marked it bought. */
export const sharedWishlistItemSchema = productCardSchema.extend({
  /** Marked bought by someone with the link; always false for the owner (a gift stays a surprise). */
  bought: z.boolean(),
});

/** GET /list/{scope}: the lists, and the items of one own list (`?open=`, else the newest own list). */
export const wishlistScopeViewSchema = z.object({
  items: z.array(wishlistSummarySchema),
  open: z.object({ id: z.int(), items: z.array(wishlistItemSchema) }).nullable(),
});

/** GET /list/shared/{token}: public, so nothing about the owner but a first name. */
export const sharedWishlistViewSchema = z.object({
  list: z.object({
    token: z.string(),
    name: z.string(),
    image: imageRefSchema.nullable(),
    publisher: z.object({ name: z.string() }),
    items_count: z.int(),
  }),
  items: z.array(sharedWishlistItemSchema),
  /** Who looks: the owner (no bought marks, no "mark as bought"), and whether they follow it. */
  viewer: z.object({ signed_in: z.boolean(), is_owner: z.boolean(), following: z.boolean() }),
});
