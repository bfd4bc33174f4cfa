-- Issue 62, decision 66: parcels. A shipment is one parcel of an order (an order shipped in parts has
-- several) or a return coming back. Shipments live in the core database, whichever order shard holds
-- the order (decision 61): carriers' webhooks name a tracking number, never a shopper, and the back
-- office lists parcels across shoppers. The order's own row keeps its steps (shipped, out for delivery,
-- delivered) as before; tracking events move them through the same steps, each once.
CREATE TABLE shipments (
  id INTEGER PRIMARY KEY,
  -- orders.id in whichever database holds the order (no foreign key: the order may be in a shard).
  order_id INTEGER NOT NULL,
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  direction TEXT NOT NULL DEFAULT 'outbound' CHECK (direction IN ('outbound', 'return')),
  carrier TEXT NOT NULL CHECK (carrier IN ('local', 'aramex', 'smsa', 'dhl', 'own')),
  speed TEXT NOT NULL CHECK (speed IN ('same_day', 'next_day', 'standard')),
  -- queued: waiting for the carrier (the queue retries it); refused: the carrier refused it, with its
  -- reason; created: labelled, waiting for pickup; then the parcel's own steps as the carrier reports them.
  status TEXT NOT NULL CHECK (status IN ('queued', 'refused', 'created', 'picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'delivered', 'returning', 'returned', 'cancelled')),
  -- The shop's own reference sent to the carrier: creating twice with one reference makes one parcel.
  reference TEXT NOT NULL UNIQUE,
  tracking_number TEXT,
  tracking_url TEXT,
  -- The label as the carrier gave it (R2 key, PDF) and its size.
  label_key TEXT,
  label_size TEXT CHECK (label_size IN ('4x6', 'A6', 'A4')),
  weight_grams INTEGER NOT NULL DEFAULT 500 CHECK (weight_grams > 0),
  -- Cash to collect on delivery, in the order's currency's minor units (0: paid already).
  cod_amount INTEGER NOT NULL DEFAULT 0 CHECK (cod_amount >= 0),
  currency TEXT NOT NULL CHECK (currency IN ('KWD', 'SAR')),
  -- Tries to create it at the carrier, the last failure (the carrier's words for a refusal), and when.
  create_tries INTEGER NOT NULL DEFAULT 0,
  carrier_error TEXT,
  -- Delivery attempts the carrier reported as failed; the carrier's last attempt brings the parcel back.
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  pickup_id INTEGER REFERENCES pickups (id),
  driver_id INTEGER,
  -- The rank of the last status applied (decision 66): an event with a lower rank changes nothing.
  status_rank INTEGER NOT NULL DEFAULT 0,
  last_event_at INTEGER,
  staff_id INTEGER REFERENCES staff (id),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX shipments_order ON shipments (order_id);
CREATE UNIQUE INDEX shipments_tracking ON shipments (carrier, tracking_number) WHERE tracking_number IS NOT NULL;
CREATE INDEX shipments_open ON shipments (status, carrier) WHERE status NOT IN ('delivered', 'returned', 'cancelled', 'refused');

-- Which lines (and how many of each) a parcel carries: an order waiting for stock ships in parts.
CREATE TABLE shipment_items (
  shipment_id INTEGER NOT NULL REFERENCES shipments (id),
  sku_id INTEGER NOT NULL,
  count INTEGER NOT NULL CHECK (count > 0),
  PRIMARY KEY (shipment_id, sku_id)
) WITHOUT ROWID;

-- Every tracking event as the carrier sent it. The key is the carrier's event id, or a hash of its
-- tracking number, code and time when it has none: the same event twice is one row.
CREATE TABLE shipment_events (
  id INTEGER PRIMARY KEY,
  shipment_id INTEGER NOT NULL REFERENCES shipments (id),
  event_key TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('created', 'picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'delivered', 'returning', 'returned', 'cancelled')),
  -- The carrier's own code and words (shown to staff), where it happened, and a failed attempt's reason.
  carrier_code TEXT,
  description TEXT,
  location TEXT,
  reason TEXT,
  at INTEGER NOT NULL,
  received_at INTEGER NOT NULL,
  UNIQUE (shipment_id, event_key)
);
CREATE INDEX shipment_events_shipment ON shipment_events (shipment_id, at);

-- A pickup booked with a carrier for a day's parcels.
CREATE TABLE pickups (
  id INTEGER PRIMARY KEY,
  carrier TEXT NOT NULL CHECK (carrier IN ('local', 'aramex', 'smsa', 'dhl', 'own')),
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  -- The Gulf date of the pickup, YYYY-MM-DD, and the carrier's reference for it.
  day TEXT NOT NULL,
  carrier_ref TEXT,
  status TEXT NOT NULL CHECK (status IN ('booked', 'failed', 'cancelled')),
  carrier_error TEXT,
  staff_id INTEGER REFERENCES staff (id),
  created_at INTEGER NOT NULL
);

-- The local carrier (CARRIER_MODE=local): the parcels it holds, which its sandbox page moves along.
CREATE TABLE local_parcels (
  tracking_number TEXT PRIMARY KEY,
  reference TEXT NOT NULL UNIQUE,
  country TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE local_parcel_events (
  id INTEGER PRIMARY KEY,
  tracking_number TEXT NOT NULL REFERENCES local_parcels (tracking_number),
  status TEXT NOT NULL,
  reason TEXT,
  at INTEGER NOT NULL
);
CREATE INDEX local_parcel_events_parcel ON local_parcel_events (tracking_number, id);
