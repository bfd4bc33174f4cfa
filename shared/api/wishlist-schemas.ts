// Wishlists (spec §2 wishlist modals, §3 Wishlist, §5 list name, §7 /list calls): the
// contract between the API's /list routes and the storefront's wishlist pages. A list belongs to one
// shopper; sharing gives it an unguessable token ({origin}/shared-list/{token}) that anyone with the
// link can read, and a signed-in visitor can follow (scope "shared"). Prices are base minor units, as
// on every product card (the client converts them for the shopper's country).
import { z } from '../zod';
import type {
  sharedWishlistItemSchema,
  sharedWishlistViewSchema,
  wishlistItemSchema,
  wishlistScopeViewSchema,
  wishlistSummarySchema,
} from './wishlist-answer-schemas';
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

export type WishlistSummary = z.infer<typeof wishlistSummarySchema>;
export type WishlistItem = z.infer<typeof wishlistItemSchema>;
export type SharedWishlistItem = z.infer<typeof sharedWishlistItemSchema>;
export type WishlistScopeView = z.infer<typeof wishlistScopeViewSchema>;
export type SharedWishlistView = z.infer<typeof sharedWishlistViewSchema>;
