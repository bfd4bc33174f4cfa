// Wishlists and their share links: the /list routes, merged into CONTRACTS (registry.ts).
import {
  shareTokenParams,
  wishlistAddItemSchema,
  wishlistIdParams,
  wishlistItemFlagSchema,
  wishlistNameSchema,
  wishlistRemoveItemsSchema,
  wishlistScopeParams,
  wishlistScopeQuery,
  wishlistShareSchema,
} from '#shared/api/wishlist-schemas';
import type { RouteContract } from './route-contract';

const own = { params: wishlistIdParams, user: true } as const;
const link = { params: shareTokenParams } as const;

export const WISHLIST_CONTRACTS = {
  'POST /list/new': {
    tag: 'wishlists',
    summary: 'Create a wishlist (name required, at most 60 characters; at most 50 lists per shopper)',
    body: wishlistNameSchema,
    user: true,
  },
  'GET /list/:scope{[a-z]+}': {
    tag: 'wishlists',
    summary:
      "The shopper's wishlists by scope: personal (their own), shared (followed share links) or all; with `sku`, whether each holds it; with the items of one own list (`open`, else the newest)",
    params: wishlistScopeParams,
    query: wishlistScopeQuery,
    user: true,
  },
  'POST /list/:id{[0-9]+}/edit': { tag: 'wishlists', summary: 'Rename a wishlist', body: wishlistNameSchema, ...own },
  'GET /list/:id{[0-9]+}/remove': { tag: 'wishlists', summary: 'Remove a wishlist (spec §7: a GET)', ...own },
  'POST /list/:id{[0-9]+}/remove': { tag: 'wishlists', summary: 'Remove a wishlist', ...own },
  'GET /list/:id{[0-9]+}/items/all': {
    tag: 'wishlists',
    summary:
      'A wishlist and its items as product cards of the kept SKU, with the price when added and the alert choice',
    ...own,
  },
  'POST /list/:id{[0-9]+}/items/add': {
    tag: 'wishlists',
    summary: 'Add a SKU to a wishlist (again: no change but the alert choice); remembers its price; at most 200 items',
    body: wishlistAddItemSchema,
    ...own,
  },
  'POST /list/:id{[0-9]+}/items/remove': {
    tag: 'wishlists',
    summary: 'Remove SKUs from a wishlist',
    body: wishlistRemoveItemsSchema,
    ...own,
  },
  'POST /list/:id{[0-9]+}/items/price-alert': {
    tag: 'wishlists',
    summary: "Turn an item's price-drop alert on or off",
    body: wishlistItemFlagSchema,
    ...own,
  },
  'POST /list/:id{[0-9]+}/share': {
    tag: 'wishlists',
    summary: 'Share a wishlist (an unguessable token) or stop sharing it (old links and followers lose it)',
    body: wishlistShareSchema,
    ...own,
  },
  'GET /list/shared/:token': {
    tag: 'wishlists',
    summary: "A shared wishlist for anyone with its link: name, owner's first name, items; 404 when not shared",
    ...link,
  },
  'POST /list/shared/:token/follow': {
    tag: 'wishlists',
    summary: "Keep a shared wishlist among the shopper's lists (scope shared)",
    ...link,
    user: true,
  },
  'POST /list/shared/:token/unfollow': {
    tag: 'wishlists',
    summary: "Drop a shared wishlist from the shopper's lists",
    ...link,
    user: true,
  },
  'POST /list/shared/:token/bought': {
    tag: 'wishlists',
    summary: 'Mark an item of a shared wishlist as bought, or not (anyone with the link; never shown to the owner)',
    body: wishlistItemFlagSchema,
    ...link,
  },
} as const satisfies Record<string, RouteContract>;
