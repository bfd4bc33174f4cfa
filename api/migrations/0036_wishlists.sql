-- Wishlists (spec §2 wishlist modals, §3 Wishlist, §7 /list calls). A signed-in shopper keeps
-- named lists of SKUs. A list is private until its owner shares it: sharing gives it an unguessable token
-- (the {listId} of /shared-list/{listId}); stopping sharing clears the token, so old links answer 404, and
-- sharing again makes a new one. Account removal deletes the shopper's lists (accounts/remove.ts).
CREATE TABLE wishlists (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  -- 128 random bits, base64url; NULL while the list is private.
  share_token TEXT UNIQUE,
  shared_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX wishlists_user ON wishlists (user_id, updated_at);

CREATE TABLE wishlist_items (
  list_id INTEGER NOT NULL REFERENCES wishlists (id) ON DELETE CASCADE,
  sku_id INTEGER NOT NULL REFERENCES skus (id) ON DELETE CASCADE,
  added_at INTEGER NOT NULL,
  -- The SKU's price (base currency minor units, as skus.price) when it was added: a price-drop alert
  -- fires when the price falls below it.
  price_at_add INTEGER NOT NULL,
  -- The owner opted in to a price-drop alert for this item (mail and push).
  price_alert INTEGER NOT NULL DEFAULT 0,
  -- The price the last price-drop alert announced: no second alert until it falls below that.
  price_alerted_price INTEGER,
  price_alerted_at INTEGER,
  -- "Mark as bought" by someone the list was shared with (gift-registry use); never shown to the owner.
  bought_at INTEGER,
  PRIMARY KEY (list_id, sku_id)
) WITHOUT ROWID;
CREATE INDEX wishlist_items_price_alert ON wishlist_items (sku_id) WHERE price_alert = 1;

-- Lists shared with a shopper: a signed-in visitor of a share link may keep the list among their own
-- (scope "shared"). Following ends when the owner stops sharing (the token no longer matches).
CREATE TABLE wishlist_follows (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  list_id INTEGER NOT NULL REFERENCES wishlists (id) ON DELETE CASCADE,
  -- The token the list had when it was followed: a later re-share with a new token does not re-open it.
  share_token TEXT NOT NULL,
  followed_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, list_id)
) WITHOUT ROWID;
CREATE INDEX wishlist_follows_list ON wishlist_follows (list_id);
