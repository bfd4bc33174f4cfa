-- Web push (spec §3 device registration and push-subscription tags, §4 push registration).
-- One row per browser push subscription (its endpoint is unique: the push service's URL for that
-- browser), kept per device and, once the shopper signs in, per user: sign-in links the device's rows,
-- sign-out unlinks them, account removal deletes them (accounts/remove.ts). The push service answering
-- 404/410 for an endpoint deletes its row.
CREATE TABLE push_subscriptions (
  id INTEGER PRIMARY KEY,
  endpoint TEXT NOT NULL UNIQUE,
  -- The browser's ECDH public key and auth secret (base64url), which every payload is encrypted for.
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  -- NULL: a guest device.
  user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
  -- The device token's id (lib/device-token.ts): only that device, or its signed-in owner, changes the row.
  device_id TEXT NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ar')),
  country TEXT NOT NULL,
  -- Spec §3 push-subscription tags: {"country", "name", "userId"} (name and userId while signed in).
  tags TEXT NOT NULL DEFAULT '{}',
  -- A short summary of the browser (platform and browser family) for support, never the full user agent.
  platform TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  last_sent_at INTEGER
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX push_subscriptions_device ON push_subscriptions (device_id);

-- What the shopper wants pushed. No row: on (every topic is on once push is enabled); a row records a choice.
CREATE TABLE push_preferences (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  topic TEXT NOT NULL CHECK (topic IN ('back_in_stock', 'price_drop', 'order_status', 'results_ready')),
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, topic)
) WITHOUT ROWID;

-- Local mode (PUSH_MODE=outbox, or a subscription with a local: endpoint): the pushes the shop "sent",
-- listed by /dev/pushbox, as mail_outbox is by /dev/mailbox. Never written in production.
CREATE TABLE push_outbox (
  id INTEGER PRIMARY KEY,
  subscription_id INTEGER,
  user_id INTEGER,
  topic TEXT NOT NULL,
  lang TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  url TEXT NOT NULL,
  tag TEXT,
  -- The JSON the browser would have received.
  payload TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX push_outbox_recent ON push_outbox (created_at);
