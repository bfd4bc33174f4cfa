// Wishlists and their share links (spec §2, §3 Wishlist, §5, §7 /list calls, §8 toasts).
// Signed-in routes answer 404 for a list that is not the shopper's (never 403: another shopper's ids
// say nothing), 401 for a guest; the /shared/{token} routes are for anyone with the link. After the
// session lookup each route is one D1 batch, whose statements check the ownership themselves.
import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import {
  WISHLIST_LIMITS,
  firstName,
  type SharedWishlistView,
  type WishlistScopeView,
  type WishlistSummary,
  wishlistNameSchema,
  wishlistScopeParams,
  wishlistScopeQuery,
  wishlistIdParams,
  wishlistAddItemSchema,
  wishlistRemoveItemsSchema,
  wishlistItemFlagSchema,
  wishlistShareSchema,
  shareTokenParams,
} from '#shared/api/wishlist-schemas';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { clientIp } from '../lib/client-ip';
import { enforce, LIMITS, limit } from '../lib/limits';
import { contract } from '../contract/validate';
import { currentUser, requireUser } from '../middleware/user';
import {
  itemsStatement,
  listColumns,
  newShareToken,
  scopeStatement,
  toItem,
  toSharedItem,
  toSummary,
  type ItemRow,
  type ListRow,
} from '../wishlists/queries';
import {
  sharedWishlistViewSchema,
  wishlistItemSchema,
  wishlistScopeViewSchema,
  wishlistSummarySchema,
} from '#shared/api/wishlist-answer-schemas';
import { z } from '#shared/zod';

/** What removing a list answers: its id. */
const removedList = z.object({ id: z.int() });
/** Following or dropping a shared list answers whether the shopper now follows it. */
const following = z.object({ following: z.boolean() });

export const wishlistRoutes = new Hono<AppEnv>();

const OWNED = 'l.id = ? AND l.user_id = ?';

function ownedListStatement(c: Context<AppEnv>, id: number, userId: number): D1PreparedStatement {
  return c.env.DB.prepare(
    `SELECT ${listColumns(c.var.lang, c.var.country)} FROM wishlists l JOIN users u ON u.id = l.user_id WHERE ${OWNED}`,
  ).bind(id, userId);
}

wishlistRoutes.post(
  '/new',
  contract({
    tag: 'wishlists',
    summary: 'Create a wishlist (name required, at most 60 characters; at most 50 lists per shopper)',
    body: wishlistNameSchema,
    user: true,
    response: z.object({ item: wishlistSummarySchema }),
    messages: ['wishlist_item_edited_success_message', 'wishlist_limit_reached'],
  }),
  async (c) => {
    const user = await requireUser(c);
    const { name } = c.req.valid('json');
    const now = Date.now();
    const row = await c.env.DB.prepare(
      `INSERT INTO wishlists (user_id, name, created_at, updated_at)
     SELECT ?1, ?2, ?3, ?3 WHERE (SELECT count(*) FROM wishlists WHERE user_id = ?1) < ?4 RETURNING id`,
    )
      .bind(user.id, name, now, WISHLIST_LIMITS.listsPerUser)
      .first<{ id: number }>();
    if (!row) throw new ApiError(422, 'wishlist_limit_reached');
    const item: WishlistSummary = {
      id: row.id,
      name,
      image: null,
      publisher: { name: user.name },
      items_count: 0,
      mine: true,
      shared: false,
      share_token: null,
      price_alerts: 0,
      updated_at: now,
    };
    return c.json(ok({ item }, 'wishlist_item_edited_success_message'));
  },
);

wishlistRoutes.get(
  '/:scope{[a-z]+}',
  contract({
    tag: 'wishlists',
    summary:
      "The shopper's wishlists by scope: personal (their own), shared (followed share links) or all; with `sku`, whether each holds it; with the items of one own list (`open`, else the newest)",
    params: wishlistScopeParams,
    query: wishlistScopeQuery,
    user: true,
    response: wishlistScopeViewSchema,
    messages: [],
  }),
  async (c) => {
    const user = await requireUser(c);
    const { scope } = c.req.valid('param');
    const { sku, open } = c.req.valid('query');
    const db = c.env.DB;
    // The items of one own list come in the same batch: the page shows the lists and the open one's
    // items after one call. Without `open`, the newest own list (when the scope shows own lists).
    const openWhere =
      open !== undefined
        ? 'l.id = ? AND l.user_id = ?'
        : 'l.id = (SELECT k.id FROM wishlists k WHERE k.user_id = ? AND ? = 1 ORDER BY k.updated_at DESC, k.id DESC LIMIT 1)';
    const openBinds = open !== undefined ? [open, user.id] : [user.id, scope === 'shared' ? 0 : 1];
    const [lists, items] = await db.batch([
      scopeStatement(db, c.var.lang, c.var.country, user.id, scope, sku ?? null),
      itemsStatement(db, c.var.lang, c.var.country, openWhere, openBinds),
    ]);
    const rows = lists!.results as unknown as ListRow[];
    const summaries = rows.map((r) => toSummary(r, user.id, r.user_id !== user.id));
    const itemRows = items!.results as unknown as ItemRow[];
    const openId =
      open !== undefined
        ? rows.some((r) => r.id === open && r.user_id === user.id)
          ? open
          : null
        : (summaries.find((l) => l.mine)?.id ?? null);
    const view: WishlistScopeView = {
      items: summaries,
      open: openId === null ? null : { id: openId, items: itemRows.map(toItem) },
    };
    return c.json(ok(view));
  },
);

wishlistRoutes.post(
  '/:id{[0-9]+}/edit',
  contract({
    tag: 'wishlists',
    summary: 'Rename a wishlist',
    body: wishlistNameSchema,
    params: wishlistIdParams,
    user: true,
    response: z.object({ item: wishlistSummarySchema }),
    messages: ['wishlist_item_edited_success_message'],
  }),
  async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid('param');
    const { name } = c.req.valid('json');
    const db = c.env.DB;
    const [, read] = await db.batch([
      db
        .prepare(`UPDATE wishlists AS l SET name = ?, updated_at = ? WHERE ${OWNED}`)
        .bind(name, Date.now(), id, user.id),
      ownedListStatement(c, id, user.id),
    ]);
    const row = read!.results[0] as ListRow | undefined;
    if (!row) throw new ApiError(404, 'not_found');
    return c.json(ok({ item: toSummary(row, user.id) }, 'wishlist_item_edited_success_message'));
  },
);

async function removeList(c: Context<AppEnv>, id: number) {
  const user = await requireUser(c);
  const db = c.env.DB;
  const owned = `list_id = (SELECT l.id FROM wishlists l WHERE ${OWNED})`;
  // Children first (whatever the foreign-key setting), each conditioned on the owner; then the list.
  const [, , gone] = await db.batch([
    db.prepare(`DELETE FROM wishlist_items WHERE ${owned}`).bind(id, user.id),
    db.prepare(`DELETE FROM wishlist_follows WHERE ${owned}`).bind(id, user.id),
    db.prepare('DELETE FROM wishlists WHERE id = ? AND user_id = ? RETURNING id').bind(id, user.id),
  ]);
  if (!gone!.results.length) throw new ApiError(404, 'not_found');
  return c.json(ok({ id }, 'wishlist_item_removed_success_message'));
}

// Spec §7 lists it as a GET; every API call is signed by the storefront, so a GET cannot be forged
// cross-site. POST is accepted too.
wishlistRoutes.get(
  '/:id{[0-9]+}/remove',
  contract({
    tag: 'wishlists',
    summary: 'Remove a wishlist (spec §7: a GET)',
    params: wishlistIdParams,
    user: true,
    response: removedList,
    messages: ['wishlist_item_removed_success_message'],
  }),
  (c) => removeList(c, c.req.valid('param').id),
);
wishlistRoutes.post(
  '/:id{[0-9]+}/remove',
  contract({
    tag: 'wishlists',
    summary: 'Remove a wishlist',
    params: wishlistIdParams,
    user: true,
    response: removedList,
    messages: ['wishlist_item_removed_success_message'],
  }),
  (c) => removeList(c, c.req.valid('param').id),
);

wishlistRoutes.get(
  '/:id{[0-9]+}/items/all',
  contract({
    tag: 'wishlists',
    summary:
      'A wishlist and its items as product cards of the kept SKU, with the price when added and the alert choice',
    params: wishlistIdParams,
    user: true,
    response: z.object({ list: wishlistSummarySchema, items: z.array(wishlistItemSchema) }),
    messages: [],
  }),
  async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid('param');
    const db = c.env.DB;
    const [list, items] = await db.batch([
      ownedListStatement(c, id, user.id),
      itemsStatement(db, c.var.lang, c.var.country, OWNED, [id, user.id]),
    ]);
    const row = list!.results[0] as ListRow | undefined;
    if (!row) throw new ApiError(404, 'not_found');
    return c.json(ok({ list: toSummary(row, user.id), items: (items!.results as unknown as ItemRow[]).map(toItem) }));
  },
);

wishlistRoutes.post(
  '/:id{[0-9]+}/items/add',
  contract({
    tag: 'wishlists',
    summary: 'Add a SKU to a wishlist (again: no change but the alert choice); remembers its price; at most 200 items',
    body: wishlistAddItemSchema,
    params: wishlistIdParams,
    user: true,
    response: z.object({ list_id: z.int(), sku: z.int(), price_at_add: z.int(), price_alert: z.boolean() }),
    messages: ['wishlit_item_added_successfuly', 'wishlist_items_limit_reached'],
  }),
  async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid('param');
    const { sku, price_alert } = c.req.valid('json');
    const db = c.env.DB;
    const now = Date.now();
    const alert = price_alert === undefined ? null : price_alert ? 1 : 0;
    // Adding again keeps the first price and only changes an alert choice given. The price she sees now is
    // her alert's reference (price_seen) when she adds, and again when this turns the alert on.
    const [, , state] = await db.batch([
      db
        .prepare(
          `INSERT INTO wishlist_items (list_id, sku_id, added_at, price_at_add, price_alert, price_seen)
         SELECT l.id, s.id, ?1, s.price, coalesce(?2, 0), s.price
         FROM wishlists l, skus s JOIN products p ON p.id = s.product_id
         WHERE l.id = ?3 AND l.user_id = ?4 AND s.id = ?5 AND p.is_active = 1
           AND (SELECT count(*) FROM wishlist_items x WHERE x.list_id = l.id) < ?6
         ON CONFLICT (list_id, sku_id) DO UPDATE SET price_alert = coalesce(?2, price_alert),
           price_seen = CASE WHEN ?2 = 1 AND price_alert = 0 THEN excluded.price_seen ELSE price_seen END`,
        )
        .bind(now, alert, id, user.id, sku, WISHLIST_LIMITS.itemsPerList),
      db.prepare(`UPDATE wishlists AS l SET updated_at = ? WHERE ${OWNED}`).bind(now, id, user.id),
      db
        .prepare(
          `SELECT (SELECT 1 FROM wishlists l WHERE ${OWNED}) AS list_ok,
           (SELECT 1 FROM skus s JOIN products p ON p.id = s.product_id WHERE s.id = ? AND p.is_active = 1) AS sku_ok,
           w.price_at_add, w.price_alert
         FROM (SELECT 1) LEFT JOIN wishlist_items w ON w.list_id = ? AND w.sku_id = ?
           AND w.list_id IN (SELECT l.id FROM wishlists l WHERE ${OWNED})`,
        )
        .bind(id, user.id, sku, id, sku, id, user.id),
    ]);
    const s = state!.results[0] as {
      list_ok: number | null;
      sku_ok: number | null;
      price_at_add: number | null;
      price_alert: number | null;
    };
    if (!s.list_ok || !s.sku_ok) throw new ApiError(404, 'not_found');
    if (s.price_at_add === null) throw new ApiError(422, 'wishlist_items_limit_reached');
    return c.json(
      ok(
        { list_id: id, sku, price_at_add: s.price_at_add, price_alert: s.price_alert === 1 },
        'wishlit_item_added_successfuly',
      ),
    );
  },
);

wishlistRoutes.post(
  '/:id{[0-9]+}/items/remove',
  contract({
    tag: 'wishlists',
    summary: 'Remove SKUs from a wishlist',
    body: wishlistRemoveItemsSchema,
    params: wishlistIdParams,
    user: true,
    response: z.object({ list_id: z.int(), skus: z.array(z.int()) }),
    messages: ['wishlist_item_removed_success_message'],
  }),
  async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid('param');
    const { skus } = c.req.valid('json');
    const db = c.env.DB;
    const marks = skus.map(() => '?').join(', ');
    const [removed, , owner] = await db.batch([
      db
        .prepare(
          `DELETE FROM wishlist_items WHERE list_id = (SELECT l.id FROM wishlists l WHERE ${OWNED}) AND sku_id IN (${marks}) RETURNING sku_id`,
        )
        .bind(id, user.id, ...skus),
      db.prepare(`UPDATE wishlists AS l SET updated_at = ? WHERE ${OWNED}`).bind(Date.now(), id, user.id),
      db.prepare(`SELECT 1 AS ok FROM wishlists l WHERE ${OWNED}`).bind(id, user.id),
    ]);
    if (!owner!.results.length) throw new ApiError(404, 'not_found');
    const gone = (removed!.results as Array<{ sku_id: number }>).map((r) => r.sku_id);
    return c.json(ok({ list_id: id, skus: gone }, 'wishlist_item_removed_success_message'));
  },
);

wishlistRoutes.post(
  '/:id{[0-9]+}/items/price-alert',
  contract({
    tag: 'wishlists',
    summary: "Turn an item's price-drop alert on or off",
    body: wishlistItemFlagSchema,
    params: wishlistIdParams,
    user: true,
    response: z.object({ list_id: z.int(), sku: z.int(), price_alert: z.boolean(), price_at_add: z.int() }),
    messages: ['wishlist_item_edited_success_message'],
  }),
  async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid('param');
    const { sku, value } = c.req.valid('json');
    // Turning the alert on starts from the price she sees now: the next drop below it is announced.
    const row = await c.env.DB.prepare(
      `UPDATE wishlist_items SET price_alert = ?1,
         price_seen = CASE WHEN ?1 = 1 AND price_alert = 0
           THEN (SELECT price FROM skus WHERE id = wishlist_items.sku_id) ELSE price_seen END
       WHERE list_id = (SELECT l.id FROM wishlists l WHERE l.id = ?2 AND l.user_id = ?3) AND sku_id = ?4
       RETURNING price_at_add`,
    )
      .bind(value ? 1 : 0, id, user.id, sku)
      .first<{ price_at_add: number }>();
    if (!row) throw new ApiError(404, 'not_found');
    return c.json(
      ok(
        { list_id: id, sku, price_alert: value, price_at_add: row.price_at_add },
        'wishlist_item_edited_success_message',
      ),
    );
  },
);

wishlistRoutes.post(
  '/:id{[0-9]+}/share',
  contract({
    tag: 'wishlists',
    summary: 'Share a wishlist (an unguessable token) or stop sharing it (old links and followers lose it)',
    body: wishlistShareSchema,
    params: wishlistIdParams,
    user: true,
    response: z.object({ id: z.int(), share_token: z.string().nullable() }),
    messages: ['wishlist_sharing_on', 'wishlist_sharing_off'],
  }),
  async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid('param');
    const { value } = c.req.valid('json');
    const db = c.env.DB;
    const now = Date.now();
    // On: the list keeps its token while shared (asking twice gives the same link). Off: the token goes,
    // so the old link answers 404 and followers lose the list; sharing again makes a new token.
    const [list] = await db.batch([
      value
        ? db
            .prepare(
              `UPDATE wishlists AS l SET share_token = coalesce(share_token, ?), shared_at = coalesce(shared_at, ?), updated_at = ?
             WHERE ${OWNED} RETURNING share_token`,
            )
            .bind(newShareToken(), now, now, id, user.id)
        : db
            .prepare(
              `UPDATE wishlists AS l SET share_token = NULL, shared_at = NULL, updated_at = ? WHERE ${OWNED} RETURNING share_token`,
            )
            .bind(now, id, user.id),
      db
        .prepare(
          `DELETE FROM wishlist_follows WHERE ?1 = 0 AND list_id = (SELECT l.id FROM wishlists l WHERE l.id = ?2 AND l.user_id = ?3)`,
        )
        .bind(value ? 1 : 0, id, user.id),
    ]);
    const row = list!.results[0] as { share_token: string | null } | undefined;
    if (!row) throw new ApiError(404, 'not_found');
    return c.json(ok({ id, share_token: row.share_token }, value ? 'wishlist_sharing_on' : 'wishlist_sharing_off'));
  },
);

// The public view of a shared list: for anyone with the link, signed in or not. It names the owner by
// first name only and never carries ids or e-mail. A signed-in viewer costs the session lookup; the
// view then says whether they own the list (no bought marks for them) or follow it.
wishlistRoutes.get(
  '/shared/:token',
  contract({
    tag: 'wishlists',
    summary: "A shared wishlist for anyone with its link: name, owner's first name, items; 404 when not shared",
    params: shareTokenParams,
    response: sharedWishlistViewSchema,
    messages: [],
  }),
  async (c) => {
    const { token } = c.req.valid('param');
    const viewer = await currentUser(c);
    const db = c.env.DB;
    const lang = c.var.lang;
    const [list, items, follow] = await db.batch([
      db
        .prepare(
          `SELECT ${listColumns(lang, c.var.country)} FROM wishlists l JOIN users u ON u.id = l.user_id WHERE l.share_token = ?`,
        )
        .bind(token),
      itemsStatement(db, lang, c.var.country, 'l.share_token = ?', [token]),
      db
        .prepare(
          `SELECT 1 AS ok FROM wishlist_follows f JOIN wishlists l ON l.id = f.list_id
         WHERE f.user_id = ? AND l.share_token = ? AND f.share_token = l.share_token`,
        )
        .bind(viewer?.id ?? 0, token),
    ]);
    const row = list!.results[0] as ListRow | undefined;
    if (!row) throw new ApiError(404, 'not_found');
    const isOwner = viewer?.id === row.user_id;
    const summary = toSummary(row, -1);
    const view: SharedWishlistView = {
      list: {
        token,
        name: row.name,
        image: summary.image,
        publisher: { name: firstName(row.publisher) },
        items_count: row.items_count,
      },
      items: (items!.results as unknown as ItemRow[]).map((r) => toSharedItem(r, isOwner)),
      viewer: { signed_in: !!viewer, is_owner: isOwner, following: follow!.results.length > 0 },
    };
    return c.json(ok(view));
  },
);

wishlistRoutes.post(
  '/shared/:token/follow',
  contract({
    tag: 'wishlists',
    summary: "Keep a shared wishlist among the shopper's lists (scope shared)",
    params: shareTokenParams,
    user: true,
    response: following,
    messages: ['wishlist_followed'],
  }),
  async (c) => {
    const user = await requireUser(c);
    const { token } = c.req.valid('param');
    const db = c.env.DB;
    // The owner's own list is theirs already: nothing to follow.
    const [, list] = await db.batch([
      db
        .prepare(
          `INSERT INTO wishlist_follows (user_id, list_id, share_token, followed_at)
         SELECT ?1, l.id, l.share_token, ?2 FROM wishlists l WHERE l.share_token = ?3 AND l.user_id != ?1
         ON CONFLICT (user_id, list_id) DO UPDATE SET share_token = excluded.share_token`,
        )
        .bind(user.id, Date.now(), token),
      db.prepare('SELECT user_id = ? AS mine FROM wishlists WHERE share_token = ?').bind(user.id, token),
    ]);
    const row = list!.results[0] as { mine: number } | undefined;
    if (!row) throw new ApiError(404, 'not_found');
    return c.json(ok({ following: row.mine !== 1 }, 'wishlist_followed'));
  },
);

wishlistRoutes.post(
  '/shared/:token/unfollow',
  contract({
    tag: 'wishlists',
    summary: "Drop a shared wishlist from the shopper's lists",
    params: shareTokenParams,
    user: true,
    response: following,
    messages: ['wishlist_unfollowed'],
  }),
  async (c) => {
    const user = await requireUser(c);
    const { token } = c.req.valid('param');
    const db = c.env.DB;
    const [, list] = await db.batch([
      db
        .prepare(
          'DELETE FROM wishlist_follows WHERE user_id = ? AND list_id = (SELECT id FROM wishlists WHERE share_token = ?)',
        )
        .bind(user.id, token),
      db.prepare('SELECT 1 AS ok FROM wishlists WHERE share_token = ?').bind(token),
    ]);
    if (!list!.results.length) throw new ApiError(404, 'not_found');
    return c.json(ok({ following: false }, 'wishlist_unfollowed'));
  },
);

// "Mark as bought" (gift-registry use): anyone with the link, so limited per client address. The
// owner's own views never show the marks.
wishlistRoutes.post(
  '/shared/:token/bought',
  contract({
    tag: 'wishlists',
    summary: 'Mark an item of a shared wishlist as bought, or not (anyone with the link; never shown to the owner)',
    body: wishlistItemFlagSchema,
    params: shareTokenParams,
    response: z.object({ sku: z.int(), bought: z.boolean() }),
    messages: [],
  }),
  async (c) => {
    const { token } = c.req.valid('param');
    const { sku, value } = c.req.valid('json');
    const db = c.env.DB;
    await enforce(db, [limit(LIMITS.wishlistBoughtPerIp, `wishlist-bought:ip:${clientIp(c)}`)]);
    const row = await db
      .prepare(
        `UPDATE wishlist_items SET bought_at = CASE WHEN ?1 = 1 THEN coalesce(bought_at, ?2) END
       WHERE list_id = (SELECT id FROM wishlists WHERE share_token = ?3) AND sku_id = ?4 RETURNING sku_id`,
      )
      .bind(value ? 1 : 0, Date.now(), token, sku)
      .first();
    if (!row) throw new ApiError(404, 'not_found');
    return c.json(ok({ sku, bought: value }));
  },
);
