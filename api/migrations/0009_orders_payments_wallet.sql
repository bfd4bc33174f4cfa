-- Buying: delivery settings per country, coupons, orders, idempotency keys, payments and the wallet.
-- Money columns are integer minor units of the order's (or wallet's) currency unless named *_fils
-- (base KWD fils, the unit prices are kept in). Guarantees live in constraints, so that one D1 batch
-- either does all of an order (stock, coupon, wallet, rows) or nothing:
--   skus.stock >= 0 (0002), coupons.used <= max_uses, one redemption per shopper for single-use
--   coupons, wallet balance >= 0, one order per idempotency key, one outcome per payment.

CREATE TABLE country_settings (
  country TEXT PRIMARY KEY CHECK (country IN ('KW', 'SA')),
  -- Spec §4 compares the cart price without exchange rate: the threshold is in base fils.
  free_shipping_fils INTEGER NOT NULL CHECK (free_shipping_fils > 0),
  delivery_fee INTEGER NOT NULL CHECK (delivery_fee >= 0),
  -- 1500 = 15 %.
  vat_basis_points INTEGER NOT NULL CHECK (vat_basis_points BETWEEN 0 AND 10000)
) WITHOUT ROWID;
INSERT INTO country_settings (country, free_shipping_fils, delivery_fee, vat_basis_points) VALUES ('KW', 15000, 1000, 0), ('SA', 16000, 2500, 1500);

CREATE TABLE coupons (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL COLLATE NOCASE UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
  -- percent: basis points (1000 = 10 %); fixed: base fils.
  value INTEGER NOT NULL CHECK (value > 0),
  min_subtotal_fils INTEGER NOT NULL DEFAULT 0,
  max_uses INTEGER,
  used INTEGER NOT NULL DEFAULT 0,
  once_per_shopper INTEGER NOT NULL DEFAULT 0,
  starts_at INTEGER,
  ends_at INTEGER,
  is_active INTEGER NOT NULL DEFAULT 1,
  CONSTRAINT coupon_uses_left CHECK (max_uses IS NULL OR used <= max_uses),
  CONSTRAINT coupon_used_not_negative CHECK (used >= 0)
);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users (id),
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
  coupon_id INTEGER REFERENCES coupons (id),
  coupon_code TEXT,
  -- Stock and coupon are held (1) until a failed or cancelled payment gives them back (0).
  holds_stock INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX orders_user ON orders (user_id, created_at DESC);
CREATE INDEX orders_pending ON orders (status, created_at) WHERE status = 'pending_payment';

CREATE TABLE order_items (
  order_id INTEGER NOT NULL REFERENCES orders (id),
  sku_id INTEGER NOT NULL REFERENCES skus (id),
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

CREATE TABLE coupon_redemptions (
  order_id INTEGER PRIMARY KEY REFERENCES orders (id),
  coupon_id INTEGER NOT NULL REFERENCES coupons (id),
  -- "coupon:user" or "coupon:email" for single-use coupons, NULL otherwise (NULLs never collide).
  once_key TEXT UNIQUE
);

-- One order per key and owner (user or device); the body's hash tells a retry from a different order.
CREATE TABLE idempotency_keys (
  owner TEXT NOT NULL,
  key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  order_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (owner, key)
) WITHOUT ROWID;

CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('order', 'wallet')),
  order_id INTEGER REFERENCES orders (id),
  user_id INTEGER REFERENCES users (id),
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
) WITHOUT ROWID;
CREATE INDEX payments_order ON payments (order_id);
-- One open charge per order at a time: pay-again cannot race itself into two.
CREATE UNIQUE INDEX payments_one_open_per_order ON payments (order_id) WHERE status = 'initiated' AND order_id IS NOT NULL;

-- Each payment's outcome is applied once, however often the gateway calls.
CREATE TABLE payment_events (
  payment_id TEXT PRIMARY KEY REFERENCES payments (id),
  outcome TEXT NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;

-- The wallet: one row per movement; the balance row is the ledger's sum, kept in the same batch,
-- and its constraint keeps it from going below zero whatever runs at the same time.
CREATE TABLE wallet_accounts (
  user_id INTEGER NOT NULL REFERENCES users (id),
  currency TEXT NOT NULL,
  balance INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT wallet_not_negative CHECK (balance >= 0),
  PRIMARY KEY (user_id, currency)
) WITHOUT ROWID;

CREATE TABLE wallet_ledger (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount <> 0),
  kind TEXT NOT NULL CHECK (kind IN ('top_up', 'order_payment', 'refund')),
  order_id INTEGER REFERENCES orders (id),
  payment_id TEXT REFERENCES payments (id),
  created_at INTEGER NOT NULL
);
CREATE INDEX wallet_ledger_user ON wallet_ledger (user_id, currency, id DESC);
