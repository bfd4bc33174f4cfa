-- The back office's orders: fulfilment steps, the order's timeline and refunds. The orders
-- table keeps its status CHECK (SQLite cannot alter one): "confirmed" is status 'processing' with
-- confirmed_at set, "packed" is 'processing' with packed_at set; each step has its time column.
ALTER TABLE orders ADD COLUMN confirmed_at INTEGER;
ALTER TABLE orders ADD COLUMN packed_at INTEGER;
ALTER TABLE orders ADD COLUMN shipped_at INTEGER;
ALTER TABLE orders ADD COLUMN delivered_at INTEGER;
ALTER TABLE orders ADD COLUMN cancelled_at INTEGER;
ALTER TABLE orders ADD COLUMN carrier TEXT;
ALTER TABLE orders ADD COLUMN tracking_number TEXT;
ALTER TABLE orders ADD COLUMN tracking_url TEXT;
CREATE INDEX orders_created ON orders (created_at DESC, id DESC);
CREATE INDEX orders_country_created ON orders (country, created_at DESC);

-- The order's timeline, as staff and the shopper see it. A step's row is written first in the step's
-- batch, with its kind computed from the order's state inside that batch: from a wrong state the kind
-- is 'not_allowed', which the CHECK refuses, so the whole batch (status, stock, mail, audit) aborts.
-- Two clerks confirming at once: the second batch sees 'processing' and aborts. One row per step.
CREATE TABLE order_events (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  kind TEXT NOT NULL CONSTRAINT order_event_allowed CHECK (kind IN ('confirmed', 'packed', 'shipped', 'delivered', 'cancelled', 'refunded', 'note')),
  staff_id INTEGER REFERENCES staff (id),
  note TEXT,
  at INTEGER NOT NULL
);
CREATE INDEX order_events_order ON order_events (order_id, at);
CREATE UNIQUE INDEX order_events_one_step ON order_events (order_id, kind) WHERE kind IN ('confirmed', 'packed', 'shipped', 'delivered', 'cancelled');

-- Money given back on an order: to the shopper's wallet (with its ledger row, in the same batch) or
-- through the gateway that took the card payment. The amount is computed inside the batch against
-- what was paid minus what was already refunded: an over-refund writes 0, which the CHECK refuses.
CREATE TABLE refunds (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  amount INTEGER NOT NULL CONSTRAINT refund_within_paid CHECK (amount > 0),
  currency TEXT NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('wallet', 'gateway')),
  reason TEXT NOT NULL CHECK (reason IN ('damaged', 'missing_item', 'late_delivery', 'goodwill', 'cancelled', 'other')),
  note TEXT,
  -- Gateway refunds start 'pending' (they count as refunded until they fail); wallet ones succeed at once.
  status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  payment_id TEXT REFERENCES payments (id),
  provider_ref TEXT,
  staff_id INTEGER REFERENCES staff (id),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX refunds_order ON refunds (order_id);
