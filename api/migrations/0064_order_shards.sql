-- Room past one database (issue 48, decision 61): which database holds a shopper's orders, wallet and
-- points. The core database (this one) keeps the routing; every order database (an "order shard") holds
-- whole shoppers. Shard 0 is this database under its own binding (DB): with no routing rows every shopper
-- is in shard 0, so nothing changes until the owner adds a shard and moves shoppers (api/src/db/).

-- The order databases the Worker may be bound to. `binding` names the Worker's D1 binding; a shopper
-- routed to a shard whose binding the Worker lacks is an error, never a silent read of another database.
-- open: takes shoppers moved in; full: keeps its shoppers, takes no more; retired: holds no one.
CREATE TABLE order_shards (
  id INTEGER PRIMARY KEY CHECK (id >= 0),
  binding TEXT NOT NULL UNIQUE CHECK (binding GLOB '[A-Z]*' AND binding NOT GLOB '*[^A-Z0-9_]*'),
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'full', 'retired')),
  -- The first id its own ledgers, events and refunds take (sqlite_sequence is set to it when the shard
  -- is added), so rows moved between shards keep their ids without meeting another's.
  id_base INTEGER NOT NULL UNIQUE CHECK (id_base >= 0),
  created_at INTEGER NOT NULL
);
INSERT INTO order_shards (id, binding, state, id_base, created_at) VALUES (0, 'DB', 'open', 0, 0);

-- A shopper who is not in shard 0: 'user:<id>' for an account, 'email:<e-mail identity>' for a guest's
-- orders (orders/email-identity.ts). No row: shard 0.
CREATE TABLE shopper_shards (
  owner_key TEXT PRIMARY KEY,
  shard_id INTEGER NOT NULL REFERENCES order_shards (id),
  moved_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX shopper_shards_shard ON shopper_shards (shard_id);

-- A shopper's move between shards (api/src/db/move-shopper.ts), one at a time per shopper; the row is
-- also her write lock while `state` is 'locked' (her writes answer 503 shopper_moving and are retried).
-- copying → locked → flipped → done; a run killed at any step is run again from the step it reached.
CREATE TABLE shopper_moves (
  owner_key TEXT PRIMARY KEY,
  from_shard INTEGER NOT NULL REFERENCES order_shards (id),
  to_shard INTEGER NOT NULL REFERENCES order_shards (id),
  state TEXT NOT NULL CHECK (state IN ('copying', 'locked', 'flipped', 'done')),
  -- Rows copied and deleted so far (the last run's tally, for the owner's report).
  rows_copied INTEGER NOT NULL DEFAULT 0,
  rows_deleted INTEGER NOT NULL DEFAULT 0,
  locked_at INTEGER,
  started_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  finished_at INTEGER,
  CHECK (from_shard <> to_shard)
) WITHOUT ROWID;
CREATE INDEX shopper_moves_open ON shopper_moves (updated_at) WHERE state <> 'done';

-- In every order database: shoppers whose rows are being deleted here after a verified move. Only they
-- lift the points ledger's append-only guard (migration 0060), and only while the row exists.
CREATE TABLE shard_departures (
  owner_key TEXT PRIMARY KEY,
  user_id INTEGER,
  started_at INTEGER NOT NULL
) WITHOUT ROWID;

DROP TRIGGER points_ledger_no_delete;
CREATE TRIGGER points_ledger_no_delete BEFORE DELETE ON points_ledger
WHEN NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id AND deleted_at IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM shard_departures WHERE user_id = OLD.user_id)
BEGIN
  SELECT RAISE(ABORT, 'points_ledger_append_only');
END;

-- The move finds an order's idempotency key by the order (a guest's key is her device's, not her e-mail's).
CREATE INDEX idempotency_keys_order ON idempotency_keys (order_id);

-- Core tables that name an order keep its id without a foreign key: the order may live in another
-- database (a shard), and D1 checks foreign keys, so a shopper's move out of shard 0 could not delete
-- her orders here while a coupon redemption, referral, refill reminder or subscription pointed at them.
-- Rebuilt column for column (SQLite cannot drop a constraint); the foreign keys' checks are deferred to
-- the end of the migration, so the points ledger's reference to referrals holds across the swap.
PRAGMA defer_foreign_keys = on;

CREATE TABLE coupon_redemptions_new (
  -- The order, in whichever database holds it (decision 61).
  order_id INTEGER PRIMARY KEY,
  coupon_id INTEGER NOT NULL REFERENCES coupons (id),
  -- "coupon:user" or "coupon:email" for single-use coupons, NULL otherwise (NULLs never collide).
  once_key TEXT UNIQUE
);
INSERT INTO coupon_redemptions_new (order_id, coupon_id, once_key) SELECT order_id, coupon_id, once_key FROM coupon_redemptions;
DROP TABLE coupon_redemptions;
ALTER TABLE coupon_redemptions_new RENAME TO coupon_redemptions;

CREATE TABLE referrals_new (
  id INTEGER PRIMARY KEY,
  referrer_id INTEGER NOT NULL REFERENCES users (id),
  friend_id INTEGER NOT NULL UNIQUE REFERENCES users (id),
  -- The friend's first order, in whichever database holds it (decision 61).
  order_id INTEGER NOT NULL UNIQUE,
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  -- The friend's discount on that order (minor units of its currency).
  discount INTEGER NOT NULL CHECK (discount >= 0),
  -- pending: the order is not delivered yet; rewarded: the referrer got her points; void: the order
  -- was cancelled, failed or fully refunded before delivery, or the month's cap was reached.
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'rewarded', 'void')),
  -- The Gulf month ('YYYY-MM') the referral counts in against the referrer's monthly cap.
  month TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  rewarded_at INTEGER,
  CONSTRAINT referral_not_self CHECK (referrer_id <> friend_id)
);
INSERT INTO referrals_new (id, referrer_id, friend_id, order_id, country, discount, status, month, created_at, rewarded_at)
  SELECT id, referrer_id, friend_id, order_id, country, discount, status, month, created_at, rewarded_at FROM referrals;
-- The points ledger's referral rewards name their referral: dropping the old table would break those
-- references for good (a deferred check does not see the new table take the name), so they are set
-- aside in a temporary table and written back once the new referrals table has the name. The
-- ledger's append-only guard steps aside for this one statement pair and comes back as it was.
CREATE TABLE points_referral_links_0064 (id INTEGER PRIMARY KEY, referral_id INTEGER NOT NULL);
INSERT INTO points_referral_links_0064 (id, referral_id) SELECT id, referral_id FROM points_ledger WHERE referral_id IS NOT NULL;
DROP TRIGGER points_ledger_no_update;
UPDATE points_ledger SET referral_id = NULL WHERE referral_id IS NOT NULL;
DROP TABLE referrals;
ALTER TABLE referrals_new RENAME TO referrals;
UPDATE points_ledger SET referral_id = (SELECT l.referral_id FROM points_referral_links_0064 l WHERE l.id = points_ledger.id)
  WHERE id IN (SELECT id FROM points_referral_links_0064);
DROP TABLE points_referral_links_0064;
CREATE TRIGGER points_ledger_no_update BEFORE UPDATE ON points_ledger
BEGIN
  SELECT RAISE(ABORT, 'points_ledger_append_only');
END;
CREATE INDEX referrals_referrer_month ON referrals (referrer_id, month);

CREATE TABLE refill_reminders_new (
  -- The order, in whichever database holds it (decision 61).
  order_id INTEGER NOT NULL,
  sku_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (order_id, sku_id)
) WITHOUT ROWID;
INSERT INTO refill_reminders_new (order_id, sku_id, created_at) SELECT order_id, sku_id, created_at FROM refill_reminders;
DROP TABLE refill_reminders;
ALTER TABLE refill_reminders_new RENAME TO refill_reminders;

CREATE TABLE subscriptions_new (
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
  -- The first order, in whichever database holds it (decision 61).
  first_order_id INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
INSERT INTO subscriptions_new (id, user_id, country, lang, sku_id, product_id, count, every, address_id, pay_by, card_id,
    status, next_date, reminded_for, first_order_id, created_at, updated_at)
  SELECT id, user_id, country, lang, sku_id, product_id, count, every, address_id, pay_by, card_id,
    status, next_date, reminded_for, first_order_id, created_at, updated_at FROM subscriptions;

-- Its runs point at the new table by its new name, which the rename below carries over to "subscriptions".
CREATE TABLE subscription_runs_new (
  subscription_id INTEGER NOT NULL REFERENCES subscriptions_new (id),
  due_date TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('claimed', 'placed', 'skipped', 'failed')),
  -- Why it failed: out_of_stock, unavailable, card_declined, no_card, wallet_insufficient, address_gone.
  failure TEXT,
  -- The order placed, in whichever database holds it (decision 61).
  order_id INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (subscription_id, due_date)
) WITHOUT ROWID;
INSERT INTO subscription_runs_new (subscription_id, due_date, status, failure, order_id, created_at, updated_at)
  SELECT subscription_id, due_date, status, failure, order_id, created_at, updated_at FROM subscription_runs;
DROP TABLE subscription_runs;
DROP TABLE subscriptions;
ALTER TABLE subscriptions_new RENAME TO subscriptions;
ALTER TABLE subscription_runs_new RENAME TO subscription_runs;
CREATE INDEX subscriptions_user ON subscriptions (user_id, status);
CREATE INDEX subscriptions_due ON subscriptions (status, next_date);
CREATE INDEX subscriptions_first_order ON subscriptions (first_order_id);
CREATE INDEX subscription_runs_failed ON subscription_runs (status, updated_at);
