-- Blood-test booking: the patients a shopper books for, collection slots held and booked
-- per zone (a Kuwait area or a Saudi city), and blood-test orders with their tests. Decision 0025.

-- The shopper or a family member. The national id is health-adjacent data: only its owner reads it.
CREATE TABLE blood_test_patients (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  name TEXT NOT NULL,
  sex TEXT NOT NULL CHECK (sex IN ('female', 'male')),
  date_of_birth TEXT NOT NULL,
  relation TEXT NOT NULL CHECK (relation IN ('self', 'spouse', 'child', 'parent', 'sibling', 'other')),
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  national_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  deleted_at INTEGER
);
CREATE INDEX blood_test_patients_user ON blood_test_patients (user_id, deleted_at);

-- Places per window where the default (BOOKING_RULES.defaultCapacity) does not fit a zone.
CREATE TABLE blood_test_slot_capacity (
  zone TEXT NOT NULL,
  slot_window TEXT NOT NULL,
  capacity INTEGER NOT NULL CHECK (capacity >= 0),
  PRIMARY KEY (zone, slot_window)
) WITHOUT ROWID;

-- Days without collections besides Fridays: national holidays, per country.
CREATE TABLE blood_test_blackout_days (
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  date TEXT NOT NULL,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  PRIMARY KEY (country, date)
) WITHOUT ROWID;
INSERT INTO blood_test_blackout_days (country, date, name_en, name_ar) VALUES
  ('KW', '2027-01-01', 'New Year''s Day', 'رأس السنة الميلادية'),
  ('KW', '2027-02-25', 'National Day', 'العيد الوطني'),
  ('KW', '2027-02-26', 'Liberation Day', 'عيد التحرير'),
  ('SA', '2027-02-22', 'Founding Day', 'يوم التأسيس'),
  ('SA', '2027-09-23', 'National Day', 'اليوم الوطني');

CREATE TABLE blood_test_orders (
  -- 10 digits, random (api/src/orders/order-id.ts), like product orders.
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  idempotency_key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  currency TEXT NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ar')),
  status TEXT NOT NULL CHECK (status IN ('pending_payment', 'booked', 'sample_collected', 'at_lab', 'results_ready', 'cancelled', 'payment_failed')),
  patient_id INTEGER NOT NULL REFERENCES blood_test_patients (id),
  address_id INTEGER NOT NULL REFERENCES addresses (id),
  -- The address as it was when booked (JSON), for the visit and the reminder.
  address TEXT NOT NULL,
  zone TEXT NOT NULL,
  slot_date TEXT NOT NULL,
  slot_window TEXT NOT NULL,
  -- The window's start, ms since the epoch (UTC): cut-off, reminder and .ics read it.
  visit_at INTEGER NOT NULL,
  -- Set from the shopper's live hold in the statement that writes the slot: 0 (expired, taken) aborts the batch.
  slot_held INTEGER NOT NULL CONSTRAINT blood_test_slot_held CHECK (slot_held = 1),
  consent_version TEXT NOT NULL,
  consent_at INTEGER NOT NULL,
  payment_method TEXT NOT NULL CHECK (payment_method IN ('card', 'wallet', 'pay_at_visit')),
  card_method TEXT,
  payment_state TEXT NOT NULL CHECK (payment_state IN ('paid', 'pending', 'failed', 'pay_at_visit', 'refunded')),
  subtotal INTEGER NOT NULL,
  discount INTEGER NOT NULL,
  vat INTEGER NOT NULL,
  vat_basis_points INTEGER NOT NULL,
  total INTEGER NOT NULL,
  wallet_used INTEGER NOT NULL,
  coupon_id INTEGER REFERENCES coupons (id),
  coupon_code TEXT,
  booked_at INTEGER,
  sample_collected_at INTEGER,
  at_lab_at INTEGER,
  results_ready_at INTEGER,
  cancelled_at INTEGER,
  -- The preparation reminder's mail was queued (once).
  reminded_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX blood_test_orders_user ON blood_test_orders (user_id, created_at DESC);
CREATE INDEX blood_test_orders_reminder ON blood_test_orders (visit_at) WHERE reminded_at IS NULL AND status = 'booked';

CREATE TABLE blood_test_order_items (
  order_id INTEGER NOT NULL REFERENCES blood_test_orders (id),
  sku_id INTEGER NOT NULL,
  blood_test_id INTEGER NOT NULL,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  price INTEGER NOT NULL,
  fasting_hours INTEGER NOT NULL,
  morning_draw INTEGER NOT NULL,
  stop_biotin_hours INTEGER NOT NULL,
  preparation_en TEXT NOT NULL,
  preparation_ar TEXT NOT NULL,
  sample_type TEXT NOT NULL,
  PRIMARY KEY (order_id, sku_id)
) WITHOUT ROWID;

-- A place in a window: held for 10 minutes during checkout (order_id NULL, expires_at set), then
-- booked by an order (order_id set, expires_at NULL). A place counts while booked or held and not
-- expired, so an expired hold frees its place without any sweep. Cancelling deletes the row.
CREATE TABLE blood_test_slot_bookings (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  zone TEXT NOT NULL,
  slot_date TEXT NOT NULL,
  slot_window TEXT NOT NULL,
  -- The SKUs the hold was taken for (comma-separated): submit checks the same tests' rules.
  sku_ids TEXT NOT NULL,
  expires_at INTEGER,
  order_id INTEGER UNIQUE REFERENCES blood_test_orders (id),
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX blood_test_slot_bookings_slot ON blood_test_slot_bookings (zone, slot_date, slot_window);
-- One live hold per shopper: a new hold replaces the previous one.
CREATE UNIQUE INDEX blood_test_slot_bookings_one_hold ON blood_test_slot_bookings (user_id) WHERE order_id IS NULL;

-- Card payments and wallet movements of blood-test orders (payments.order_id and wallet_ledger.order_id
-- name product orders).
ALTER TABLE payments ADD COLUMN blood_test_order_id INTEGER REFERENCES blood_test_orders (id);
CREATE UNIQUE INDEX payments_one_open_per_blood_test_order ON payments (blood_test_order_id) WHERE status = 'initiated' AND blood_test_order_id IS NOT NULL;
ALTER TABLE wallet_ledger ADD COLUMN blood_test_order_id INTEGER REFERENCES blood_test_orders (id);
