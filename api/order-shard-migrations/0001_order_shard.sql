-- An order shard's schema (decision 61): the order domain as api/migrations leave it after 0064, for a
-- D1 database that holds whole shoppers' orders, lines, events, payments, refunds, wallet, points and
-- idempotency keys. Shard 0 is the core database itself (binding DB, api/migrations); every other shard
-- is created with `node scripts/db-shards.mjs add` and migrated from this directory.
--
-- What differs from the core schema, and why:
-- - No foreign keys to core tables (users, skus, coupons, promotions, staff, blood-test orders,
--   consultations, reviews, referrals): they live in another database, and D1 checks foreign keys.
--   Keys inside the order domain stay.
-- - order_events, refunds, wallet_ledger and points_ledger are AUTOINCREMENT: `db-shards.mjs add` sets
--   their sqlite_sequence to the shard's id_base (order_shards), so its own ids never meet the ids of
--   rows moved in from a lower shard. Moves go to a higher shard only (move-shopper.ts refuses others).
-- - moved_ids: shard 0 gives a rowid again once its highest row is deleted (a move deletes), so a row
--   moved in may find its id taken by an earlier shopper's; it then takes a new id here, remembered per
--   shopper, table and old id, so a run again and the rows that name it (a refund) find it.
-- - The points ledger's delete guard is lifted by shard_departures alone (the move's deletes); a
--   shard's erasure path is recorded as remaining work in decision 61.
--
-- A later migration of an order-domain table in api/migrations gets its twin here, numbered on.

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  user_id INTEGER,
  guest_email TEXT,
  guest_phone TEXT,
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  currency TEXT NOT NULL,
  lang TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('placed', 'pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'payment_failed')),
  payment_method TEXT NOT NULL CHECK (payment_method IN ('cod', 'wallet', 'card')),
  card_method TEXT,
  -- The address as it was when ordering (JSON), so later edits or deletions do not change the order.
  address TEXT NOT NULL,
  subtotal INTEGER NOT NULL,
  before_discount INTEGER NOT NULL,
  discount INTEGER NOT NULL,
  delivery INTEGER NOT NULL,
  vat INTEGER NOT NULL,
  total INTEGER NOT NULL,
  wallet_used INTEGER NOT NULL DEFAULT 0,
  coupon_id INTEGER,
  coupon_code TEXT,
  -- Stock and coupon are held (1) until a failed or cancelled payment gives them back (0).
  holds_stock INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
, vat_basis_points INTEGER NOT NULL DEFAULT 0 CHECK (vat_basis_points BETWEEN 0 AND 10000), confirmed_at INTEGER, packed_at INTEGER, shipped_at INTEGER, delivered_at INTEGER, cancelled_at INTEGER, carrier TEXT, tracking_number TEXT, tracking_url TEXT, whatsapp_to TEXT, out_for_delivery_at INTEGER, review_request_at INTEGER, points_used INTEGER NOT NULL DEFAULT 0 CHECK (points_used >= 0), points_discount INTEGER NOT NULL DEFAULT 0 CHECK (points_discount >= 0), referral_discount INTEGER NOT NULL DEFAULT 0 CHECK (referral_discount >= 0), archived_at INTEGER, archive_key TEXT, archive_wrapped_key TEXT, archive_iv TEXT, archive_key_version INTEGER, archived_products TEXT);
CREATE INDEX orders_archive_stale ON orders (id) WHERE archived_at IS NULL AND archive_key IS NOT NULL;
CREATE INDEX orders_country_created ON orders (country, created_at DESC);
CREATE INDEX orders_created ON orders (created_at DESC, id DESC);
CREATE INDEX orders_guest_email ON orders (lower(guest_email)) WHERE user_id IS NULL;
CREATE INDEX orders_hot_created ON orders (created_at, id) WHERE archived_at IS NULL;
CREATE INDEX orders_archive_version ON orders (archive_key_version) WHERE archived_at IS NOT NULL;
CREATE INDEX orders_pending ON orders (status, created_at) WHERE status = 'pending_payment';
CREATE INDEX orders_review_request_due ON orders (delivered_at) WHERE review_request_at IS NULL AND delivered_at IS NOT NULL;
CREATE INDEX orders_user ON orders (user_id, created_at DESC);
CREATE INDEX orders_whatsapp_to ON orders (whatsapp_to) WHERE whatsapp_to IS NOT NULL;
CREATE TABLE order_items (
  order_id INTEGER NOT NULL REFERENCES orders (id),
  sku_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  product_slug TEXT NOT NULL,
  name TEXT NOT NULL,
  sku_name TEXT NOT NULL,
  image_key TEXT,
  unit_price INTEGER NOT NULL,
  old_unit_price INTEGER,
  count INTEGER NOT NULL CHECK (count > 0),
  PRIMARY KEY (order_id, sku_id)
) WITHOUT ROWID;
CREATE TABLE order_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  kind TEXT NOT NULL CONSTRAINT order_event_allowed CHECK (kind IN ('confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered', 'cancelled', 'refunded', 'note')),
  staff_id INTEGER,
  note TEXT,
  at INTEGER NOT NULL,
  refund_id INTEGER REFERENCES refunds (id)
);
CREATE UNIQUE INDEX order_events_one_step ON order_events (order_id, kind)
  WHERE kind IN ('confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered', 'cancelled');
CREATE INDEX order_events_order ON order_events (order_id, at);
CREATE TABLE order_links (
  token_hash TEXT PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX order_links_order ON order_links (order_id);
CREATE TABLE order_promotions (
  order_id INTEGER NOT NULL REFERENCES orders (id),
  promotion_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  -- Why it applied: a message key and its parameters (JSON), shown in the order's language.
  reason_key TEXT NOT NULL,
  reason_params TEXT NOT NULL DEFAULT '{}',
  -- buy_x_get_y: the money off (minor units of the order's currency, VAT included).
  discount INTEGER NOT NULL DEFAULT 0,
  gift_sku_id INTEGER,
  gift_count INTEGER NOT NULL DEFAULT 0 CHECK (gift_count >= 0),
  product_id INTEGER,
  product_slug TEXT,
  gift_name TEXT,
  gift_sku_name TEXT,
  image_key TEXT,
  PRIMARY KEY (order_id, promotion_id)
) WITHOUT ROWID;
CREATE INDEX order_promotions_promotion ON order_promotions (promotion_id);
CREATE TABLE order_gifts (
  order_id INTEGER PRIMARY KEY REFERENCES orders (id),
  recipient TEXT NOT NULL,
  phone TEXT NOT NULL,
  message TEXT CHECK (message IS NULL OR length(message) <= 250),
  message_lang TEXT CHECK (message_lang IS NULL OR message_lang IN ('ar', 'en')),
  delivery_date TEXT CHECK (delivery_date IS NULL OR delivery_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  created_at INTEGER NOT NULL
);
CREATE INDEX order_gifts_delivery_date ON order_gifts (delivery_date) WHERE delivery_date IS NOT NULL;
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('order', 'wallet')),
  order_id INTEGER REFERENCES orders (id),
  user_id INTEGER,
  amount INTEGER NOT NULL CHECK (amount > 0),
  currency TEXT NOT NULL,
  method TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('initiated', 'succeeded', 'failed', 'cancelled')),
  provider_ref TEXT,
  -- The gateway's hosted payment page for this charge.
  redirect_url TEXT,
  -- Where the shopper's browser returns after the hosted payment page.
  return_path TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
, blood_test_order_id INTEGER, payer_phone TEXT, save_card INTEGER NOT NULL DEFAULT 0, consultation_id INTEGER, consultation_credit_id INTEGER) WITHOUT ROWID;
CREATE UNIQUE INDEX payments_one_open_per_blood_test_order ON payments (blood_test_order_id) WHERE status = 'initiated' AND blood_test_order_id IS NOT NULL;
CREATE UNIQUE INDEX payments_one_open_per_consultation ON payments (consultation_id) WHERE status = 'initiated' AND consultation_id IS NOT NULL;
CREATE UNIQUE INDEX payments_one_open_per_order ON payments (order_id) WHERE status = 'initiated' AND order_id IS NOT NULL;
CREATE INDEX payments_order ON payments (order_id);
CREATE TABLE payment_events (
  payment_id TEXT PRIMARY KEY REFERENCES payments (id),
  outcome TEXT NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE refunds (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER REFERENCES orders (id),
  amount INTEGER NOT NULL CONSTRAINT refund_within_paid CHECK (amount > 0),
  currency TEXT NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('wallet', 'gateway')),
  reason TEXT NOT NULL CHECK (reason IN ('damaged', 'missing_item', 'late_delivery', 'goodwill', 'cancelled', 'other')),
  note TEXT,
  -- Gateway refunds start 'pending' (they count as refunded until they fail); wallet ones succeed at once.
  status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  payment_id TEXT REFERENCES payments (id),
  provider_ref TEXT,
  staff_id INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  consultation_id INTEGER,
  CONSTRAINT refund_of_one CHECK ((order_id IS NULL) <> (consultation_id IS NULL))
);
CREATE INDEX refunds_consultation ON refunds (consultation_id) WHERE consultation_id IS NOT NULL;
CREATE INDEX refunds_order ON refunds (order_id);
CREATE INDEX refunds_pending ON refunds (updated_at) WHERE status = 'pending';
CREATE INDEX refunds_payment ON refunds (payment_id) WHERE payment_id IS NOT NULL;
CREATE TABLE refund_events (
  refund_id INTEGER PRIMARY KEY REFERENCES refunds (id),
  outcome TEXT NOT NULL CHECK (outcome IN ('succeeded', 'failed')),
  -- Who told: the gateway's webhook, the sweep asking the gateway, or a tester settling a sandbox refund.
  source TEXT NOT NULL CHECK (source IN ('webhook', 'sweep', 'sandbox')),
  created_at INTEGER NOT NULL
);
CREATE TABLE wallet_accounts (
  user_id INTEGER NOT NULL,
  currency TEXT NOT NULL,
  balance INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT wallet_not_negative CHECK (balance >= 0),
  PRIMARY KEY (user_id, currency)
) WITHOUT ROWID;
CREATE TABLE wallet_ledger (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount <> 0),
  kind TEXT NOT NULL CHECK (kind IN ('top_up', 'order_payment', 'refund', 'adjustment')),
  order_id INTEGER REFERENCES orders (id),
  payment_id TEXT REFERENCES payments (id),
  created_at INTEGER NOT NULL,
  -- A blood-test booking's wallet movement (migration 0021); order_id is then null.
  blood_test_order_id INTEGER,
  -- Adjustments only: the staff member, the reason code (shared/api/people-schemas.ts) and their note.
  staff_id INTEGER,
  reason_code TEXT,
  note TEXT, refund_id INTEGER REFERENCES refunds (id), consultation_id INTEGER,
  CONSTRAINT wallet_adjustment_reason CHECK ((kind = 'adjustment') = (staff_id IS NOT NULL AND reason_code IS NOT NULL))
);
CREATE INDEX wallet_ledger_refund ON wallet_ledger (refund_id) WHERE refund_id IS NOT NULL;
CREATE TRIGGER wallet_ledger_refund_link AFTER INSERT ON wallet_ledger
WHEN NEW.kind = 'refund' AND NEW.order_id IS NOT NULL
BEGIN
  UPDATE wallet_ledger SET refund_id = (
    SELECT r.id FROM refunds r
    WHERE r.order_id = NEW.order_id AND r.method = 'wallet' AND r.amount = NEW.amount
      AND NOT EXISTS (SELECT 1 FROM wallet_ledger l WHERE l.refund_id = r.id)
    ORDER BY r.id DESC LIMIT 1
  ) WHERE id = NEW.id;
END;
CREATE INDEX wallet_ledger_user ON wallet_ledger (user_id, currency, id DESC);
CREATE INDEX wallet_ledger_payment ON wallet_ledger (payment_id) WHERE payment_id IS NOT NULL;
CREATE TABLE points_accounts (
  user_id INTEGER NOT NULL,
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  balance INTEGER NOT NULL DEFAULT 0,
  tier TEXT NOT NULL DEFAULT 'bronze' CHECK (tier IN ('bronze', 'silver', 'gold')),
  -- The last 12 months' spending the tier was computed from (minor units of the country's currency).
  spend_12m INTEGER NOT NULL DEFAULT 0,
  tier_updated_at INTEGER,
  CONSTRAINT points_not_negative CHECK (balance >= 0),
  PRIMARY KEY (user_id, country)
) WITHOUT ROWID;
CREATE TABLE points_ledger (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  amount INTEGER NOT NULL CHECK (amount <> 0),
  -- The account's balance after this row (the running balance a history shows).
  balance_after INTEGER NOT NULL CONSTRAINT points_ledger_not_negative CHECK (balance_after >= 0),
  kind TEXT NOT NULL CHECK (kind IN (
    'earn_order', 'earn_blood_test', 'earn_consultation', 'earn_review', 'earn_birthday', 'earn_referral',
    'spend', 'spend_return', 'earn_reversal', 'expiry', 'adjustment')),
  -- Credits only: when they expire (ms). Debits consume the credits that expire first.
  expires_at INTEGER,
  order_id INTEGER REFERENCES orders (id),
  blood_test_order_id INTEGER,
  consultation_id INTEGER,
  refund_id INTEGER REFERENCES refunds (id),
  review_id INTEGER,
  referral_id INTEGER,
  -- Adjustments only: the staff member and the reason they had to give.
  staff_id INTEGER,
  reason TEXT,
  -- The event this row records, once: 'earn:order:<id>', 'spend:order:<id>', 'return:order:<id>',
  -- 'reverse:refund:<id>', 'review:<user>', 'birthday:<user>:<year>', 'referral:<id>',
  -- 'expiry:<user>:<country>:<Gulf day>', 'adjust:<uuid>' ...
  event_key TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  CONSTRAINT points_credit_expires CHECK ((amount > 0) = (expires_at IS NOT NULL)),
  CONSTRAINT points_adjustment_reason CHECK ((kind = 'adjustment') = (staff_id IS NOT NULL AND reason IS NOT NULL AND reason <> ''))
);
CREATE INDEX points_ledger_expiring ON points_ledger (expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX points_ledger_month ON points_ledger (country, created_at);
CREATE TRIGGER points_ledger_no_delete BEFORE DELETE ON points_ledger
WHEN NOT EXISTS (SELECT 1 FROM shard_departures WHERE user_id = OLD.user_id)
BEGIN
  SELECT RAISE(ABORT, 'points_ledger_append_only');
END;
CREATE TRIGGER points_ledger_no_update BEFORE UPDATE ON points_ledger
BEGIN
  SELECT RAISE(ABORT, 'points_ledger_append_only');
END;
CREATE INDEX points_ledger_order ON points_ledger (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX points_ledger_user ON points_ledger (user_id, country, id DESC);
CREATE TABLE points_expiry_notices (
  user_id INTEGER NOT NULL,
  country TEXT NOT NULL,
  -- The Gulf day ('YYYY-MM-DD') the points the mail named expire on.
  expires_on TEXT NOT NULL,
  points INTEGER NOT NULL,
  sent_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, country, expires_on)
) WITHOUT ROWID;
CREATE INDEX points_expiry_notices_day ON points_expiry_notices (expires_on);
CREATE TABLE idempotency_keys (
  owner TEXT NOT NULL,
  key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  order_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (owner, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
CREATE TABLE shard_departures (
  owner_key TEXT PRIMARY KEY,
  user_id INTEGER,
  started_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE moved_ids (
  owner_key TEXT NOT NULL,
  table_name TEXT NOT NULL CHECK (table_name IN ('order_events', 'refunds', 'wallet_ledger', 'points_ledger')),
  from_id INTEGER NOT NULL,
  to_id INTEGER NOT NULL,
  PRIMARY KEY (owner_key, table_name, from_id)
) WITHOUT ROWID;
