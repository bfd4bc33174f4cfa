-- Issue 62, live tracking: after a failed delivery attempt the shopper chooses another delivery day or
-- corrects her address and phone from her order page. The request is kept beside its parcel (core
-- database, like shipments: the order may be in a shard). It goes to the carrier when its adapter can
-- take it (Carrier.requestRedelivery); otherwise staff see it on the order page and call the carrier.
CREATE TABLE redelivery_requests (
  id INTEGER PRIMARY KEY,
  shipment_id INTEGER NOT NULL REFERENCES shipments (id),
  -- orders.id in whichever database holds the order.
  order_id INTEGER NOT NULL,
  -- The failed attempt it answers (shipments.failed_attempts when she asked).
  attempt INTEGER NOT NULL CHECK (attempt > 0),
  -- 'day': another delivery day; 'address': her corrected address and phone (delivered next working day).
  kind TEXT NOT NULL CHECK (kind IN ('day', 'address')),
  -- The Gulf date asked for, YYYY-MM-DD.
  day TEXT NOT NULL,
  -- kind 'address': the corrected address lines (JSON array of strings) and phone (E.164).
  address TEXT,
  phone TEXT,
  -- sent: the carrier took it; manual: its adapter cannot, staff act by phone; failed: the carrier was
  -- unreachable (staff act on it too).
  status TEXT NOT NULL CHECK (status IN ('sent', 'manual', 'failed')),
  carrier_error TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX redelivery_requests_order ON redelivery_requests (order_id, id);
CREATE INDEX redelivery_requests_shipment ON redelivery_requests (shipment_id, id);

-- When the minute cron last asked the carrier about a parcel (polling carriers without webhooks):
-- each open parcel at most every POLL_EVERY_MINUTES (api/src/shipping/poll.ts), the oldest first.
ALTER TABLE shipments ADD COLUMN polled_at INTEGER;
CREATE INDEX shipments_poll ON shipments (polled_at) WHERE status NOT IN ('queued', 'refused', 'delivered', 'returned', 'cancelled');
