-- "Out for delivery": the courier has the parcel today, a step between shipped and delivered that the
-- shopper hears about (mail, push, WhatsApp when asked). The order keeps when it happened; the timeline
-- takes the new kind. order_events' CHECK lists its kinds, and SQLite changes a CHECK only by rebuilding
-- the table: nothing references order_events, so its rows are copied as they are.
ALTER TABLE orders ADD COLUMN out_for_delivery_at INTEGER;

CREATE TABLE order_events_next (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  kind TEXT NOT NULL CONSTRAINT order_event_allowed CHECK (kind IN ('confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered', 'cancelled', 'refunded', 'note')),
  staff_id INTEGER REFERENCES staff (id),
  note TEXT,
  at INTEGER NOT NULL,
  refund_id INTEGER REFERENCES refunds (id)
);
INSERT INTO order_events_next (id, order_id, kind, staff_id, note, at, refund_id)
  SELECT id, order_id, kind, staff_id, note, at, refund_id FROM order_events;
DROP TABLE order_events;
ALTER TABLE order_events_next RENAME TO order_events;
CREATE INDEX order_events_order ON order_events (order_id, at);
CREATE UNIQUE INDEX order_events_one_step ON order_events (order_id, kind)
  WHERE kind IN ('confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered', 'cancelled');
