-- Subscribe and save, and refill reminders (decision 45). A subscription delivers one SKU to one saved
-- address every 1, 2 or 3 months or every N days (a period the product's dosage gives); the scheduled
-- job places its order a few days before each delivery date, with the shop's discount, paid by the
-- card saved at the first checkout (a gateway token, never the card) or by the wallet.

-- How much a pack holds and how much of it a day's dose takes (capsules, tablets, softgels, scoops):
-- "60 capsules, 2 a day" lasts 30 days. Unknown (NULL) for packs that are not counted.
ALTER TABLE skus ADD COLUMN pack_units INTEGER CHECK (pack_units IS NULL OR pack_units > 0);
ALTER TABLE skus ADD COLUMN daily_units INTEGER CHECK (daily_units IS NULL OR daily_units > 0);

-- The product's own subscription discount in percent; NULL takes the shop's (shop_settings), 0 none.
ALTER TABLE products ADD COLUMN subscription_discount INTEGER
  CHECK (subscription_discount IS NULL OR subscription_discount BETWEEN 0 AND 50);
INSERT INTO shop_settings (key, value) VALUES ('subscriptions.discount', '10');

-- A card the gateway keeps for merchant-initiated charges: its ids there, and what the shopper reads.
CREATE TABLE saved_cards (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  provider TEXT NOT NULL,
  customer_ref TEXT NOT NULL,
  card_ref TEXT NOT NULL,
  agreement_ref TEXT,
  brand TEXT NOT NULL DEFAULT '',
  last4 TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  UNIQUE (user_id, provider, card_ref)
);

-- Whether the charge asks the gateway to keep the card (a checkout that starts a subscription).
ALTER TABLE payments ADD COLUMN save_card INTEGER NOT NULL DEFAULT 0;

CREATE TABLE subscriptions (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ar')),
  sku_id INTEGER NOT NULL REFERENCES skus (id),
  product_id INTEGER NOT NULL REFERENCES products (id),
  count INTEGER NOT NULL CHECK (count BETWEEN 1 AND 20),
  -- '1m', '2m', '3m' (calendar months) or '<days>d' (14–180).
  every TEXT NOT NULL CHECK (every GLOB '[123]m' OR every GLOB '[1-9][0-9]d' OR every GLOB '1[0-9][0-9]d'),
  address_id INTEGER NOT NULL REFERENCES addresses (id),
  pay_by TEXT NOT NULL CHECK (pay_by IN ('card', 'wallet')),
  card_id INTEGER REFERENCES saved_cards (id),
  -- 'pending' until the first order is paid (its card saved); 'ended' when that payment failed.
  status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'paused', 'cancelled', 'ended')),
  -- The next delivery date, Gulf calendar, YYYY-MM-DD; the order is placed lead days before it.
  next_date TEXT NOT NULL,
  -- The date the shopper's latest reminder was for (one reminder per delivery date).
  reminded_for TEXT,
  first_order_id INTEGER REFERENCES orders (id),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX subscriptions_user ON subscriptions (user_id, status);
CREATE INDEX subscriptions_due ON subscriptions (status, next_date);
CREATE INDEX subscriptions_first_order ON subscriptions (first_order_id);

-- One run per subscription and delivery date: the scheduled job claims the row before it places an
-- order, so a job that runs twice (or two at once) places one order and charges once.
CREATE TABLE subscription_runs (
  subscription_id INTEGER NOT NULL REFERENCES subscriptions (id),
  due_date TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('claimed', 'placed', 'skipped', 'failed')),
  -- Why it failed: out_of_stock, unavailable, card_declined, no_card, wallet_insufficient, address_gone.
  failure TEXT,
  order_id INTEGER REFERENCES orders (id),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (subscription_id, due_date)
) WITHOUT ROWID;
CREATE INDEX subscription_runs_failed ON subscription_runs (status, updated_at);

-- A refill reminder for a line bought once, when its supply should be running out: one per line.
CREATE TABLE refill_reminders (
  order_id INTEGER NOT NULL REFERENCES orders (id),
  sku_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (order_id, sku_id)
) WITHOUT ROWID;
-- Orders delivered before this migration are not reminded about.
INSERT INTO refill_reminders (order_id, sku_id, created_at)
  SELECT i.order_id, i.sku_id, 0 FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.delivered_at IS NOT NULL;

-- The push topic of subscription reminders and refills: push_preferences' CHECK names every topic, so the
-- table is rebuilt with the new one (it is a leaf: nothing references it).
CREATE TABLE push_preferences_new (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  topic TEXT NOT NULL CHECK (topic IN ('back_in_stock', 'price_drop', 'order_status', 'results_ready', 'refills')),
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, topic)
) WITHOUT ROWID;
INSERT INTO push_preferences_new SELECT user_id, topic, enabled, updated_at FROM push_preferences;
DROP TABLE push_preferences;
ALTER TABLE push_preferences_new RENAME TO push_preferences;
