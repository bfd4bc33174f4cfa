-- The back office's catalogue: a SKU whose stock is raised from 0 records an event here, in
-- the same batch as the change, for the back-in-stock alerts to process (processed_at set when done).
CREATE TABLE back_in_stock_events (
  id INTEGER PRIMARY KEY,
  sku_id INTEGER NOT NULL REFERENCES skus (id),
  at INTEGER NOT NULL,
  processed_at INTEGER
);
CREATE INDEX back_in_stock_events_pending ON back_in_stock_events (processed_at, at);
