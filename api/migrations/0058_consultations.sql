-- Nutritionist consultations (issue 46, decision 55): what each nutritionist offers and when, the
-- booked times with their payment, the shopper's intake, the call's chat, the nutritionist's notes and
-- recommendations. Times are ms since the epoch (UTC); Kuwait and Riyadh are UTC+3 all year, and a
-- weekly availability is kept in Gulf minutes after midnight. Money is integer minor units, set per
-- country (decision 52). Every text a shopper or a nutritionist writes about her health is sealed
-- (AES-256-GCM, a data key per consultation wrapped by HEALTH_KEK, like uploaded results: decision 55).

-- What a shopper chooses a nutritionist by.
ALTER TABLE nutritionists ADD COLUMN gender TEXT NOT NULL DEFAULT 'female' CHECK (gender IN ('female', 'male'));
-- The languages spoken, comma-separated ISO 639-1 codes ('ar,en').
ALTER TABLE nutritionists ADD COLUMN languages TEXT NOT NULL DEFAULT 'ar,en';
ALTER TABLE nutritionists ADD COLUMN qualifications_en TEXT NOT NULL DEFAULT '';
ALTER TABLE nutritionists ADD COLUMN qualifications_ar TEXT NOT NULL DEFAULT '';
-- The back-office account (role 'nutritionist') that practises as this nutritionist; NULL: takes no bookings.
ALTER TABLE nutritionists ADD COLUMN staff_id INTEGER REFERENCES staff (id);
-- The shop's part of each session's price, in basis points (the earnings report).
ALTER TABLE nutritionists ADD COLUMN shop_share_bp INTEGER NOT NULL DEFAULT 3000 CHECK (shop_share_bp BETWEEN 0 AND 10000);
CREATE UNIQUE INDEX nutritionists_staff ON nutritionists (staff_id) WHERE staff_id IS NOT NULL;

-- A service a nutritionist offers (a first call, a full consultation, a follow-up).
CREATE TABLE consultation_services (
  id INTEGER PRIMARY KEY,
  nutritionist_id INTEGER NOT NULL REFERENCES nutritionists (id),
  kind TEXT NOT NULL CHECK (kind IN ('first_call', 'full', 'follow_up')),
  minutes INTEGER NOT NULL CHECK (minutes BETWEEN 10 AND 120),
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  description_en TEXT NOT NULL DEFAULT '',
  description_ar TEXT NOT NULL DEFAULT '',
  active INTEGER NOT NULL DEFAULT 1,
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX consultation_services_nutritionist ON consultation_services (nutritionist_id, active, sort_order);

-- A service's price in each country where it is offered (VAT included where the country has VAT).
CREATE TABLE consultation_service_prices (
  service_id INTEGER NOT NULL REFERENCES consultation_services (id),
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  price INTEGER NOT NULL CHECK (price > 0),
  PRIMARY KEY (service_id, country)
) WITHOUT ROWID;

-- Prepaid packages: N sessions of one service at a price per country.
CREATE TABLE consultation_packages (
  id INTEGER PRIMARY KEY,
  service_id INTEGER NOT NULL REFERENCES consultation_services (id),
  sessions INTEGER NOT NULL CHECK (sessions BETWEEN 2 AND 20),
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE consultation_package_prices (
  package_id INTEGER NOT NULL REFERENCES consultation_packages (id),
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  price INTEGER NOT NULL CHECK (price > 0),
  PRIMARY KEY (package_id, country)
) WITHOUT ROWID;

-- A package a shopper bought: its sessions left. Paid like a booking (payments.consultation_package_id).
CREATE TABLE consultation_credits (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  package_id INTEGER NOT NULL REFERENCES consultation_packages (id),
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  currency TEXT NOT NULL,
  price INTEGER NOT NULL,
  sessions_total INTEGER NOT NULL,
  sessions_left INTEGER NOT NULL CHECK (sessions_left >= 0),
  payment_state TEXT NOT NULL CHECK (payment_state IN ('pending', 'paid', 'failed', 'refunded')),
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX consultation_credits_user ON consultation_credits (user_id, payment_state);

-- When a nutritionist works, each week, in Gulf time: minutes after midnight, the end exclusive.
-- service_id NULL: every service of theirs.
CREATE TABLE nutritionist_availability (
  id INTEGER PRIMARY KEY,
  nutritionist_id INTEGER NOT NULL REFERENCES nutritionists (id),
  service_id INTEGER REFERENCES consultation_services (id),
  weekday INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  start_minute INTEGER NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
  end_minute INTEGER NOT NULL CHECK (end_minute BETWEEN 1 AND 1440),
  CHECK (end_minute > start_minute)
);
CREATE INDEX nutritionist_availability_owner ON nutritionist_availability (nutritionist_id, weekday);

-- Days off (a Gulf date, YYYY-MM-DD).
CREATE TABLE nutritionist_days_off (
  nutritionist_id INTEGER NOT NULL REFERENCES nutritionists (id),
  date TEXT NOT NULL,
  PRIMARY KEY (nutritionist_id, date)
) WITHOUT ROWID;

CREATE TABLE consultations (
  -- 10 digits, random (api/src/orders/order-id.ts), like orders.
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  nutritionist_id INTEGER NOT NULL REFERENCES nutritionists (id),
  service_id INTEGER NOT NULL REFERENCES consultation_services (id),
  idempotency_key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  currency TEXT NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ar')),
  status TEXT NOT NULL CHECK (status IN ('pending_payment', 'booked', 'completed', 'cancelled', 'no_show', 'payment_failed')),
  -- Video with a chat beside it, or chat alone (her choice; she may change it until the call).
  mode TEXT NOT NULL DEFAULT 'video' CHECK (mode IN ('video', 'chat')),
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  -- Set from the shopper's live hold in the statement that books the time: 0 aborts the batch.
  slot_held INTEGER NOT NULL CONSTRAINT consultation_slot_held CHECK (slot_held = 1),
  payment_method TEXT NOT NULL CHECK (payment_method IN ('card', 'wallet', 'package', 'pay_later')),
  -- The card method (knet, mada, visa_master, apple_pay, stc_pay, tabby, tamara) when payment_method is card or pay_later.
  card_method TEXT,
  payment_state TEXT NOT NULL CHECK (payment_state IN ('pending', 'paid', 'failed', 'refunded', 'partly_refunded', 'package')),
  credit_id INTEGER REFERENCES consultation_credits (id),
  price INTEGER NOT NULL,
  vat INTEGER NOT NULL,
  vat_basis_points INTEGER NOT NULL,
  total INTEGER NOT NULL,
  wallet_used INTEGER NOT NULL DEFAULT 0,
  refunded INTEGER NOT NULL DEFAULT 0,
  follow_up_of INTEGER REFERENCES consultations (id),
  -- What happened at the time (marked by the nutritionist or the shop): the refund rules follow it.
  outcome TEXT CHECK (outcome IN ('held', 'shopper_late', 'shopper_no_show', 'nutritionist_no_show', 'call_failed')),
  rescheduled_count INTEGER NOT NULL DEFAULT 0,
  booked_at INTEGER,
  joined_at INTEGER,
  completed_at INTEGER,
  cancelled_at INTEGER,
  -- The reminders sent (once each): a day before and an hour before.
  reminded_day_at INTEGER,
  reminded_hour_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX consultations_user ON consultations (user_id, starts_at DESC);
CREATE INDEX consultations_day ON consultations (nutritionist_id, starts_at);
CREATE INDEX consultations_reminders ON consultations (starts_at) WHERE status = 'booked';

-- A nutritionist's time in 5-minute cells: a hold (consultation_id NULL, expires_at set) or a booking
-- (consultation_id set). The primary key is what makes two shoppers never get the same time: the second
-- INSERT of a cell fails, in the same D1 batch that would have booked it. An expired hold's cells are
-- taken over by an upsert whose WHERE reads the expiry.
CREATE TABLE consultation_cells (
  nutritionist_id INTEGER NOT NULL REFERENCES nutritionists (id),
  -- starts_at of the cell, ms since the epoch, a multiple of 300000.
  cell INTEGER NOT NULL,
  hold_id TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users (id),
  expires_at INTEGER,
  consultation_id INTEGER REFERENCES consultations (id),
  PRIMARY KEY (nutritionist_id, cell)
) WITHOUT ROWID;
CREATE INDEX consultation_cells_hold ON consultation_cells (hold_id);
CREATE INDEX consultation_cells_consultation ON consultation_cells (consultation_id) WHERE consultation_id IS NOT NULL;

-- Sealed health text: one data key per consultation, wrapped by HEALTH_KEK (AES-KW), its version kept.
CREATE TABLE consultation_keys (
  consultation_id INTEGER PRIMARY KEY REFERENCES consultations (id),
  wrapped_key TEXT NOT NULL,
  key_version INTEGER NOT NULL
);

-- The intake form (goal, conditions, medicines, pregnancy or breastfeeding, allergies) as sealed JSON,
-- and which of her results she chose to share (JSON: upload ids and blood-test order ids).
CREATE TABLE consultation_intakes (
  consultation_id INTEGER PRIMARY KEY REFERENCES consultations (id),
  sealed TEXT NOT NULL,
  iv TEXT NOT NULL,
  shared_results TEXT NOT NULL DEFAULT '[]',
  -- Pregnant or breastfeeding: the safety rules read it without opening the sealed form.
  pregnancy TEXT NOT NULL DEFAULT 'none' CHECK (pregnancy IN ('none', 'pregnant', 'breastfeeding')),
  -- Her consent to the nutritionist reading the form and the shared results (Saudi PDPL), its text version.
  consent_version TEXT NOT NULL,
  consent_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- The call's chat, in the room's order (seq), each message sealed.
CREATE TABLE consultation_messages (
  consultation_id INTEGER NOT NULL REFERENCES consultations (id),
  seq INTEGER NOT NULL,
  sender TEXT NOT NULL CHECK (sender IN ('shopper', 'nutritionist', 'system')),
  -- The sender's own id for the message: a resend after a reconnect is stored once.
  client_id TEXT NOT NULL,
  sealed TEXT NOT NULL,
  iv TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (consultation_id, seq),
  UNIQUE (consultation_id, sender, client_id)
) WITHOUT ROWID;

-- The nutritionist's private notes and the summary written for the shopper (her language), sealed.
CREATE TABLE consultation_notes (
  consultation_id INTEGER PRIMARY KEY REFERENCES consultations (id),
  notes_sealed TEXT,
  notes_iv TEXT,
  summary_sealed TEXT,
  summary_iv TEXT,
  -- When the summary and the list were sent to the shopper; before that she sees neither.
  shared_at INTEGER,
  updated_at INTEGER NOT NULL
);

-- The recommended products with dose and reason (the reason sealed), and any safety warning the
-- nutritionist acknowledged with a reason (also written to the audit log).
CREATE TABLE consultation_recommendations (
  consultation_id INTEGER NOT NULL REFERENCES consultations (id),
  product_id INTEGER NOT NULL REFERENCES products (id),
  sku_id INTEGER NOT NULL,
  quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 10),
  -- The daily dose in the product's serving units, and how it is written for her.
  servings_per_day INTEGER NOT NULL DEFAULT 1 CHECK (servings_per_day BETWEEN 1 AND 10),
  dose_sealed TEXT NOT NULL,
  reason_sealed TEXT NOT NULL,
  iv TEXT NOT NULL,
  -- JSON: the warnings shown (rule ids) and acknowledged; '[]' when none.
  warnings TEXT NOT NULL DEFAULT '[]',
  acknowledged_reason_sealed TEXT,
  sort_order INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (consultation_id, product_id)
) WITHOUT ROWID;

-- Card payments and wallet movements of consultations and packages.
ALTER TABLE payments ADD COLUMN consultation_id INTEGER REFERENCES consultations (id);
ALTER TABLE payments ADD COLUMN consultation_credit_id INTEGER REFERENCES consultation_credits (id);
CREATE UNIQUE INDEX payments_one_open_per_consultation ON payments (consultation_id) WHERE status = 'initiated' AND consultation_id IS NOT NULL;
ALTER TABLE wallet_ledger ADD COLUMN consultation_id INTEGER REFERENCES consultations (id);

-- The shopper's rating of a consultation: its own row (a review names a product), held and decided in
-- the back office's review queue by the same rules as a product review.
CREATE TABLE consultation_ratings (
  consultation_id INTEGER PRIMARY KEY REFERENCES consultations (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  nutritionist_id INTEGER NOT NULL REFERENCES nutritionists (id),
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body TEXT NOT NULL DEFAULT '',
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ar')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  held_for TEXT NOT NULL DEFAULT '[]',
  reject_reason TEXT,
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  decided_by INTEGER REFERENCES staff (id)
);
CREATE INDEX consultation_ratings_shown ON consultation_ratings (nutritionist_id, created_at DESC) WHERE status = 'approved';
CREATE INDEX consultation_ratings_queue ON consultation_ratings (status, created_at) WHERE status = 'pending';
