// Wishlists' SQL: the statements the /list routes batch, and their rows as the shared
// shapes (shared/api/wishlist-schemas.ts). Every statement about a list names its owner or its share
// token in its WHERE, so a batch is the ownership check too: another shopper's id matches no row.
import { pricingOf } from '#shared/countries';
import type { CountryCode, Lang } from '#shared/locale';
import {
  firstName,
  type SharedWishlistItem,
  type WishlistItem,
  type WishlistScope,
  type WishlistSummary,
} from '#shared/api/wishlist-schemas';
import { cardColumns, imageRefs, toCard, type CardRow } from '../catalogue/cards';
import { skusIn } from '../db/country-prices';
import { col } from '../lib/lang';

/** The items' FROM: a list's SKUs (from `skus`, a source of them) with their product, brand and category, as the card's columns name them. */
const itemsFrom = (skus: string) => `wishlist_items w
  JOIN ${skus} s ON s.id = w.sku_id
  JOIN products p ON p.id = s.product_id
  JOIN brands b ON b.id = p.brand_id
  JOIN categories c ON c.id = p.category_id`;

/** Newest first: the order of the list's page and of "the first item" whose image stands for the list. */
const ITEMS_ORDER = 'w.added_at DESC, w.sku_id';

export interface ItemRow extends CardRow {
  price_at_add: number;
  price_alert: number;
  added_at: number;
  bought: number;
}

/**
 * A list's items (of active products) as cards of the kept SKU in the viewer's country's prices, those it
 * sells (country-prices.ts); `listId` is an SQL expression binding its own values. The price at add is
 * the KWD price the shop kept (the price-drop alerts' reference): in an own-priced country, whose price
 * is not a conversion of it, the item shows its price now instead, so no drop is claimed.
 */
export function itemsStatement(
  db: D1Database,
  lang: Lang,
  country: CountryCode,
  listWhere: string,
  binds: unknown[],
): D1PreparedStatement {
  const atAdd = pricingOf(country) === 'own' ? 's.price' : 'w.price_at_add';
  return db
    .prepare(
      `SELECT ${cardColumns(lang)}, ${atAdd} AS price_at_add, w.price_alert, w.added_at, w.bought_at IS NOT NULL AS bought
       FROM ${itemsFrom(skusIn(country))}
       WHERE w.list_id = (SELECT l.id FROM wishlists l WHERE ${listWhere}) AND p.is_active = 1
       ORDER BY ${ITEMS_ORDER}`,
    )
    .bind(...binds);
}

export function toItem(row: ItemRow): WishlistItem {
  return { ...toCard(row), price_at_add: row.price_at_add, price_alert: row.price_alert === 1, added_at: row.added_at };
}

/** A visitor's item: no alert settings; bought only when the viewer is not the owner. */
export function toSharedItem(row: ItemRow, isOwner: boolean): SharedWishlistItem {
  return { ...toCard(row), bought: !isOwner && row.bought === 1 };
}

export interface ListRow {
  id: number;
  name: string;
  user_id: number;
  share_token: string | null;
  publisher: string;
  items_count: number;
  price_alerts: number;
  image: string | null;
  updated_at: number;
  contains?: number | null;
}

/**
 * The columns of a list (alias `l`, owner `u`) for the scopes and the list's own page: its counts and
 * picture are of the items the viewer's country sells, as the list's page shows them.
 */
export function listColumns(lang: Lang, country: CountryCode): string {
  const items = itemsFrom(skusIn(country));
  return `l.id, l.name, l.user_id, l.share_token, l.updated_at, u.name AS publisher,
    (SELECT count(*) FROM ${items} WHERE w.list_id = l.id AND p.is_active = 1) AS items_count,
    (SELECT count(*) FROM ${items} WHERE w.list_id = l.id AND p.is_active = 1 AND w.price_alert = 1) AS price_alerts,
    (SELECT json_object('key', i.r2_key, 'alt', i.${col('alt', lang)}, 'w', i.width, 'h', i.height)
       FROM ${items} JOIN product_images i ON i.product_id = p.id
       WHERE w.list_id = l.id AND p.is_active = 1 ORDER BY ${ITEMS_ORDER}, i.sort_order LIMIT 1) AS image`;
}

/** The lists of a scope: the shopper's own, those they follow (while still shared with the same token), or both. */
export function scopeStatement(
  db: D1Database,
  lang: Lang,
  country: CountryCode,
  userId: number,
  scope: WishlistScope,
  sku: number | null,
): D1PreparedStatement {
  const own = 'l.user_id = ?1';
  const followed =
    'EXISTS (SELECT 1 FROM wishlist_follows f WHERE f.user_id = ?1 AND f.list_id = l.id AND f.share_token = l.share_token)';
  const where = scope === 'personal' ? own : scope === 'shared' ? followed : `(${own} OR ${followed})`;
  return db
    .prepare(
      `SELECT ${listColumns(lang, country)},
         CASE WHEN ?2 IS NULL THEN NULL ELSE EXISTS (SELECT 1 FROM wishlist_items x WHERE x.list_id = l.id AND x.sku_id = ?2) END AS contains
       FROM wishlists l JOIN users u ON u.id = l.user_id
       WHERE ${where} ORDER BY l.user_id = ?1 DESC, l.updated_at DESC, l.id DESC`,
    )
    .bind(userId, sku);
}

/**
 * One list as its owner or a follower sees it in their scopes. A follower gets the token they followed
 * (the scope only lists a followed list while its token is still that one).
 */
export function toSummary(row: ListRow, userId: number, follower = false): WishlistSummary {
  const mine = row.user_id === userId;
  return {
    id: row.id,
    name: row.name,
    image: imageRefs(row.image)[0] ?? null,
    publisher: { name: mine ? row.publisher : firstName(row.publisher) },
    items_count: row.items_count,
    mine,
    shared: row.share_token !== null,
    share_token: mine || follower ? row.share_token : null,
    price_alerts: mine ? row.price_alerts : 0,
    updated_at: row.updated_at,
    ...(row.contains === null || row.contains === undefined ? {} : { contains: row.contains === 1 }),
  };
}

/** 128 random bits in base64url without padding: an unguessable share token (22 characters). */
export function newShareToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
