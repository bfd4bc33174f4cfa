-- Back-in-stock and price-drop alerts (api/src/alerts/). An alert is caused by an event row
-- written in the same batch as the change (back_in_stock_events, migration 0028; price_drop_events
-- below) and delivered by the shop-alerts queue's consumer in waves, never in a shopper's request.

-- The shopper's language and country when they asked (the request's locale): the alert's mail and push
-- are in that language, its prices in that country's currency.
ALTER TABLE notify_requests ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
ALTER TABLE notify_requests ADD COLUMN country TEXT NOT NULL DEFAULT 'KW';
-- The consumer reads a product's waiting shoppers oldest first.
CREATE INDEX notify_requests_waiting ON notify_requests (product_id, created_at) WHERE notified_at IS NULL;

-- The back office lowered a SKU's price: written in the batch of the price change (processed_at NULL
-- until the consumer has run its first wave).
CREATE TABLE price_drop_events (
  id INTEGER PRIMARY KEY,
  sku_id INTEGER NOT NULL REFERENCES skus (id) ON DELETE CASCADE,
  old_price INTEGER NOT NULL,
  new_price INTEGER NOT NULL,
  at INTEGER NOT NULL,
  processed_at INTEGER
);
CREATE INDEX price_drop_events_pending ON price_drop_events (processed_at, at);

-- One row per wave run for an event: a redelivered queue message finds its wave done and sends nobody
-- a second alert; next_at is when the next wave was due (NULL: none), so a lost send of it is redone.
CREATE TABLE alert_waves (
  kind TEXT NOT NULL CHECK (kind IN ('back_in_stock', 'price_drop')),
  event_id INTEGER NOT NULL,
  wave INTEGER NOT NULL,
  sku_id INTEGER NOT NULL REFERENCES skus (id) ON DELETE CASCADE,
  sent INTEGER NOT NULL,
  next_at INTEGER,
  at INTEGER NOT NULL,
  PRIMARY KEY (kind, event_id, wave)
) WITHOUT ROWID;

-- One row per alert sent to a person: the 24-hour limit per person (any alert), the push still to
-- send, and the back office's conversion figures (alert → an order with the SKU within 7 days).
-- dedupe_key is also the mail's outbox dedupe key, so neither can be written twice.
CREATE TABLE alert_deliveries (
  id INTEGER PRIMARY KEY,
  dedupe_key TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('back_in_stock', 'price_drop')),
  user_id INTEGER NOT NULL REFERENCES users (id),
  sku_id INTEGER NOT NULL REFERENCES skus (id) ON DELETE CASCADE,
  event_id INTEGER NOT NULL,
  wave INTEGER NOT NULL,
  lang TEXT NOT NULL,
  country TEXT NOT NULL,
  -- The price announced and (price drops) the price the owner knew, base fils: the push's text.
  price INTEGER NOT NULL,
  was_price INTEGER,
  at INTEGER NOT NULL,
  pushed_at INTEGER
);
CREATE INDEX alert_deliveries_user ON alert_deliveries (user_id, at);
CREATE INDEX alert_deliveries_sku ON alert_deliveries (sku_id, kind, at);
CREATE INDEX alert_deliveries_unpushed ON alert_deliveries (kind, sku_id) WHERE pushed_at IS NULL;

-- Mail headers (JSON object), e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on alerts.
ALTER TABLE mail_outbox ADD COLUMN headers TEXT;
