-- Issue 62: returns. A shopper sends back delivered items within the return window (RETURN_WINDOW_DAYS,
-- from the order's delivered_at); staff receive them, inspect each line (can it be sold again?), and
-- refund by the existing refund rules (the refund row lives with the order, in her shard) or reject.
-- Returns live in the core database like shipments (decision 61/62): the back office's queue lists
-- them across shoppers, and the parcel coming back is a `shipments` row (direction 'return').
CREATE TABLE returns (
  id INTEGER PRIMARY KEY,
  -- orders.id in whichever database holds the order (no foreign key: the order may be in a shard).
  order_id INTEGER NOT NULL,
  -- The account that asked (null: a guest's order, through its order link).
  user_id INTEGER REFERENCES users (id),
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  currency TEXT NOT NULL CHECK (currency IN ('KWD', 'SAR')),
  -- Her language when she asked: the mails of each step are written in it.
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ar')),
  reason TEXT NOT NULL CHECK (reason IN ('damaged', 'wrong_item', 'changed_mind')),
  -- Changed her mind: she confirmed the items are unopened in their original packaging (the policy).
  unopened INTEGER NOT NULL DEFAULT 0 CHECK (unopened IN (0, 1)) CHECK (reason <> 'changed_mind' OR unopened = 1),
  -- Her own words (optional), shown to staff; goes on erasure.
  note TEXT,
  status TEXT NOT NULL CHECK (status IN ('requested', 'pickup_booked', 'label_ready', 'in_transit', 'received', 'inspected', 'refunded', 'rejected')),
  -- The parcel coming back (its carrier's failure, if any, is on the shipment: staff retry from the queue).
  shipment_id INTEGER REFERENCES shipments (id),
  -- The refund (refunds.id in the order's database) and its amount, once refunded.
  refund_id INTEGER,
  refund_amount INTEGER CHECK (refund_amount >= 0),
  -- Whether the order's delivery fee was part of it (damaged or wrong item; once per order).
  delivery_refunded INTEGER NOT NULL DEFAULT 0 CHECK (delivery_refunded IN (0, 1)),
  reject_reason TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX returns_order ON returns (order_id);
CREATE INDEX returns_queue ON returns (status, country, created_at);
CREATE INDEX returns_user ON returns (user_id) WHERE user_id IS NOT NULL;

-- The lines she sends back. `count` is checked in the batch that inserts it against what was delivered
-- less what other returns of the order (not rejected) already take: more writes 0, which the CHECK
-- refuses, so two returns at once cannot both pass. `resellable` is the inspection's verdict.
CREATE TABLE return_items (
  return_id INTEGER NOT NULL REFERENCES returns (id),
  sku_id INTEGER NOT NULL,
  count INTEGER NOT NULL CONSTRAINT return_within_delivered CHECK (count > 0),
  resellable INTEGER CHECK (resellable IN (0, 1)),
  PRIMARY KEY (return_id, sku_id)
) WITHOUT ROWID;

-- Photos of the damage (R2 UPLOADS, `returns/<random>`), uploaded before the return is sent (return_id
-- NULL while pending). Read by their owner and by staff with returns:manage; removed on erasure.
CREATE TABLE return_photos (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  return_id INTEGER REFERENCES returns (id),
  r2_key TEXT NOT NULL,
  content_type TEXT NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/heic')),
  size INTEGER NOT NULL CHECK (size > 0),
  created_at INTEGER NOT NULL
);
CREATE INDEX return_photos_return ON return_photos (return_id);
CREATE INDEX return_photos_user ON return_photos (user_id, return_id);

-- Each step once (UNIQUE): its row is the first statement of the step's batch, and its kind is computed
-- from the return's status as the batch runs, so a step from a wrong state (a second clerk was quicker)
-- writes 'not_allowed', which the CHECK refuses, and nothing of the batch is stored. The shopper's
-- timeline reads these rows.
CREATE TABLE return_events (
  id INTEGER PRIMARY KEY,
  return_id INTEGER NOT NULL REFERENCES returns (id),
  kind TEXT NOT NULL CONSTRAINT return_step_allowed CHECK (kind IN ('requested', 'pickup_booked', 'label_ready', 'received', 'inspected', 'refunded', 'rejected')),
  staff_id INTEGER REFERENCES staff (id),
  note TEXT,
  at INTEGER NOT NULL,
  UNIQUE (return_id, kind)
);
