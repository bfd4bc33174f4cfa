-- Notify-me (spec §4): a signed-in shopper waits for a product that cannot be bought now.
CREATE TABLE notify_requests (
  user_id INTEGER NOT NULL REFERENCES users (id),
  product_id INTEGER NOT NULL REFERENCES products (id),
  created_at INTEGER NOT NULL,
  -- Set when the "back in stock" mail is queued, so a shopper is told once per wait.
  notified_at INTEGER,
  PRIMARY KEY (user_id, product_id)
) WITHOUT ROWID;
CREATE INDEX notify_requests_product ON notify_requests (product_id) WHERE notified_at IS NULL;
