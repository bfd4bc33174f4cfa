// Wishlist rules without zod, for the API's schemas and the storefront's forms alike: the
// limits, the scopes, the share token's form, the API paths and the list-name rule of spec §5.

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

export function isWishlistScope(value: unknown): value is WishlistScope {
  return (WISHLIST_SCOPES as readonly unknown[]).includes(value);
}

/** A share token: 128 random bits in base64url, no padding (22 characters). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const WISHLIST_PATHS = {
  create: '/list/new',
  scope: (scope: WishlistScope, query: { sku?: number; open?: number } = {}) => {
    const q = new URLSearchParams();
    if (query.sku !== undefined) q.set('sku', String(query.sku));
    if (query.open !== undefined) q.set('open', String(query.open));
    const s = q.toString();
    return `/list/${scope}${s ? `?${s}` : ''}`;
  },
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

/** The list-name rule (spec §5): the message key for a name, or null when it is fine. */
export function listNameProblem(name: string): 'validation_mandatory' | 'wishlist_name_too_long' | null {
  const trimmed = name.trim();
  if (!trimmed) return 'validation_mandatory';
  if (trimmed.length > WISHLIST_LIMITS.nameMax) return 'wishlist_name_too_long';
  return null;
}

/** The first word of a name: what a shared list tells strangers about its owner. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/u)[0] ?? '';
}

/** The text the share modal copies: an invitation, then the link on its own line. */
export function shareText(intro: string, link: string): string {
  return `${intro}\n${link}`;
}
