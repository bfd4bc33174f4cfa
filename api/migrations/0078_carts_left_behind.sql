-- Carts left behind (issue 64). The browser keeps the cart (spec §4); the shop keeps a copy of the last
-- cart of a signed-in shopper, or of a guest who gave her e-mail at checkout, so that a cart left is
-- reminded by the channels she agreed to, at the steps the owner set, and one link brings it back on
-- any device. One open cart a shopper: her next cart replaces it.
CREATE TABLE saved_carts (
  -- Never reused (AUTOINCREMENT): a reminder's link and its mail's dedupe key name the id.
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER REFERENCES users (id),
  -- A guest's e-mail as she typed it, and its identity (lib/email-identity.ts) the one-cart rule keys on.
  guest_email TEXT,
  guest_identity TEXT,
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ar')),
  -- JSON [{"sku_id": 12, "count": 2}], at most 50 lines.
  items TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'ordered', 'emptied')),
  updated_at INTEGER NOT NULL,
  -- Reminder steps sent so far (0, 1, 2) and when the next is due (NULL: none is).
  steps_sent INTEGER NOT NULL DEFAULT 0,
  next_due_at INTEGER,
  -- The link was opened; the cart became an order (its id and total, counted as recovered when a
  -- reminder had gone before it).
  opened_at INTEGER,
  ordered_at INTEGER,
  order_id INTEGER,
  recovered_minor INTEGER,
  currency TEXT,
  CHECK ((user_id IS NULL) <> (guest_identity IS NULL))
);
CREATE UNIQUE INDEX saved_carts_user ON saved_carts (user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX saved_carts_guest ON saved_carts (guest_identity) WHERE guest_identity IS NOT NULL;
CREATE INDEX saved_carts_due ON saved_carts (next_due_at) WHERE status = 'open' AND next_due_at IS NOT NULL;
CREATE INDEX saved_carts_updated ON saved_carts (updated_at);

-- What each step sent, by channel, and what came of it: the link opened, the cart ordered (its total,
-- in the cart's currency). The back office's weekly figures read these rows alone, so a shopper's next
-- cart (which takes her saved_carts row over) leaves the earlier reminders' outcomes as they were.
CREATE TABLE cart_reminders (
  id INTEGER PRIMARY KEY,
  cart_id INTEGER NOT NULL REFERENCES saved_carts (id) ON DELETE CASCADE,
  step INTEGER NOT NULL CHECK (step IN (1, 2)),
  channel TEXT NOT NULL CHECK (channel IN ('mail', 'whatsapp', 'push')),
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  sent_at INTEGER NOT NULL,
  opened_at INTEGER,
  recovered_minor INTEGER,
  currency TEXT,
  UNIQUE (cart_id, step, channel)
);
CREATE INDEX cart_reminders_sent ON cart_reminders (sent_at);

-- An e-mail address that asked for no more cart reminders (the link in each reminder mail). WhatsApp
-- has its own stop (whatsapp_optouts), web push its topic choice (push_preferences, topic 'cart').
CREATE TABLE cart_reminder_optouts (
  email_identity TEXT PRIMARY KEY,
  at INTEGER NOT NULL
) WITHOUT ROWID;

-- The second reminder's incentive: a one-use code only its holder may use (the shopper's part of a
-- redemption key: 'e' and her e-mail's identity, or 'u' and her account id), so a forwarded code reads as
-- not valid; NULL for every other coupon.
ALTER TABLE coupons ADD COLUMN holder TEXT;

-- The owner's settings are shop_settings rows 'cart_reminders.steps' (minutes after the last change,
-- e.g. [60, 1440]), 'cart_reminders.quiet' ({"from": 21, "to": 9}, Gulf hours) and
-- 'cart_reminders.enabled', and 'cart_reminders.incentive' ({"KW": 1000, "SA": 1000}: basis points off
-- the second reminder's cart, per country; absent or 0: none); without a row the default holds
-- (api/src/carts/settings.ts).

-- Web push's topic for them: push_preferences' CHECK names every topic, so the table is rebuilt with the
-- new one (a leaf: nothing references it), as migration 0052 did.
CREATE TABLE push_preferences_new (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  topic TEXT NOT NULL CHECK (topic IN ('back_in_stock', 'price_drop', 'order_status', 'results_ready', 'refills', 'cart')),
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, topic)
) WITHOUT ROWID;
INSERT INTO push_preferences_new SELECT user_id, topic, enabled, updated_at FROM push_preferences;
DROP TABLE push_preferences;
ALTER TABLE push_preferences_new RENAME TO push_preferences;
