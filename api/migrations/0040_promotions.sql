-- Promotions as data (decision 33): a free gift from a cart subtotal (gift_threshold), a
-- gift with a product (gift_with_purchase) and buy X get Y free (buy_x_get_y). Evaluated on the
-- server (api/src/orders/promotions.ts) for /order/calculate and /order/submit; the giveaway items of
-- migration 0002 become gift_threshold promotions.

CREATE TABLE promotions (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('gift_threshold', 'gift_with_purchase', 'buy_x_get_y')),
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  -- The one country it holds in; NULL: both.
  country TEXT CHECK (country IS NULL OR country IN ('KW', 'SA')),
  starts_at INTEGER,
  ends_at INTEGER,
  -- gift_threshold: the cart subtotal it needs, base fils net of VAT (compared as the shopper pays it).
  min_subtotal_fils INTEGER NOT NULL DEFAULT 0 CHECK (min_subtotal_fils >= 0),
  -- gift_with_purchase: units of the targets per gift; buy_x_get_y: X (paid units per group).
  buy_count INTEGER NOT NULL DEFAULT 1 CHECK (buy_count BETWEEN 1 AND 25),
  -- buy_x_get_y: Y (free units per group); 0 for the gift kinds.
  free_count INTEGER NOT NULL DEFAULT 0 CHECK (free_count BETWEEN 0 AND 25),
  -- At most this many gifts (or free units) in one order: spec §9's gift limit 25 caps it.
  max_per_order INTEGER NOT NULL DEFAULT 1 CHECK (max_per_order BETWEEN 1 AND 25),
  -- Total orders it may apply to (NULL: no limit); used counts the standing orders that hold it.
  max_uses INTEGER CHECK (max_uses IS NULL OR max_uses > 0),
  used INTEGER NOT NULL DEFAULT 0,
  -- Higher first, then the lower id: the order gifts take stock and free units are counted in.
  priority INTEGER NOT NULL DEFAULT 0,
  is_active INTEGER NOT NULL DEFAULT 1,
  updated_at INTEGER,
  -- A concurrent order for the last use aborts its batch here (promotion_used_up).
  CONSTRAINT promotion_uses_left CHECK (max_uses IS NULL OR used <= max_uses),
  CONSTRAINT promotion_used_not_negative CHECK (used >= 0),
  CONSTRAINT promotion_free_units CHECK (kind <> 'buy_x_get_y' OR free_count > 0)
);
CREATE INDEX promotions_live ON promotions (is_active, priority DESC, id);

-- The gifts a promotion offers (the shopper chooses when there are several), in the offered order.
CREATE TABLE promotion_gifts (
  promotion_id INTEGER NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
  sku_id INTEGER NOT NULL REFERENCES skus (id),
  sort_order INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (promotion_id, sku_id)
) WITHOUT ROWID;
CREATE INDEX promotion_gifts_sku ON promotion_gifts (sku_id);

-- What must be bought (gift_with_purchase, buy_x_get_y): whole products or single SKUs.
CREATE TABLE promotion_targets (
  promotion_id INTEGER NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
  product_id INTEGER REFERENCES products (id),
  sku_id INTEGER REFERENCES skus (id),
  CHECK ((product_id IS NULL) <> (sku_id IS NULL))
);
CREATE INDEX promotion_targets_promotion ON promotion_targets (promotion_id);

-- A promotion an order holds: its use (promotions.used), and its gift line at price 0 (a snapshot
-- like order_items', which keeps one row per paid SKU) or the discount of its free units.
-- Releasing the order (failed payment, cancel) gives the use and the gift's stock back.
CREATE TABLE order_promotions (
  order_id INTEGER NOT NULL REFERENCES orders (id),
  promotion_id INTEGER NOT NULL REFERENCES promotions (id),
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  -- Why it applied: a message key and its parameters (JSON), shown in the order's language.
  reason_key TEXT NOT NULL,
  reason_params TEXT NOT NULL DEFAULT '{}',
  -- buy_x_get_y: the money off (minor units of the order's currency, VAT included).
  discount INTEGER NOT NULL DEFAULT 0,
  gift_sku_id INTEGER REFERENCES skus (id),
  gift_count INTEGER NOT NULL DEFAULT 0 CHECK (gift_count >= 0),
  product_id INTEGER,
  product_slug TEXT,
  gift_name TEXT,
  gift_sku_name TEXT,
  image_key TEXT,
  PRIMARY KEY (order_id, promotion_id)
) WITHOUT ROWID;
CREATE INDEX order_promotions_promotion ON order_promotions (promotion_id);

-- The giveaway items become threshold promotions with one gift each (ids kept).
INSERT INTO promotions (id, kind, name_en, name_ar, min_subtotal_fils, is_active, priority)
  SELECT id, 'gift_threshold', title_en, title_ar, min_subtotal, is_active, 0 FROM giveaway_items;
INSERT INTO promotion_gifts (promotion_id, sku_id, sort_order) SELECT id, sku_id, 0 FROM giveaway_items;
DROP TABLE giveaway_items;
