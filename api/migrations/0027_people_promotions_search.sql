-- The back office's customers, promotions and search areas.

-- Wallet adjustments by staff (a goodwill credit, a correction) are their own kind of movement, with
-- who made them and why. SQLite cannot alter a CHECK, so the ledger is rebuilt with the same rows:
-- no table refers to wallet_ledger, and its own references (users, orders, payments, blood-test
-- orders) hold for every copied row.
PRAGMA defer_foreign_keys = on;
ALTER TABLE wallet_ledger RENAME TO wallet_ledger_0026;
CREATE TABLE wallet_ledger (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount <> 0),
  kind TEXT NOT NULL CHECK (kind IN ('top_up', 'order_payment', 'refund', 'adjustment')),
  order_id INTEGER REFERENCES orders (id),
  payment_id TEXT REFERENCES payments (id),
  created_at INTEGER NOT NULL,
  -- A blood-test booking's wallet movement (migration 0021); order_id is then null.
  blood_test_order_id INTEGER REFERENCES blood_test_orders (id),
  -- Adjustments only: the staff member, the reason code (shared/api/people-schemas.ts) and their note.
  staff_id INTEGER REFERENCES staff (id),
  reason_code TEXT,
  note TEXT,
  CONSTRAINT wallet_adjustment_reason CHECK ((kind = 'adjustment') = (staff_id IS NOT NULL AND reason_code IS NOT NULL))
);
INSERT INTO wallet_ledger (id, user_id, currency, amount, kind, order_id, payment_id, created_at, blood_test_order_id)
  SELECT id, user_id, currency, amount, kind, order_id, payment_id, created_at, blood_test_order_id FROM wallet_ledger_0026;
DROP TABLE wallet_ledger_0026;
CREATE INDEX wallet_ledger_user ON wallet_ledger (user_id, currency, id DESC);

-- Coupons: how often one shopper may use one (NULL: no limit; 1 was once_per_shopper, kept in step
-- for the code that reads it), and the one country a coupon holds in (NULL: both).
ALTER TABLE coupons ADD COLUMN per_person_limit INTEGER CHECK (per_person_limit IS NULL OR per_person_limit > 0);
ALTER TABLE coupons ADD COLUMN country TEXT CHECK (country IS NULL OR country IN ('KW', 'SA'));
ALTER TABLE coupons ADD COLUMN updated_at INTEGER;
UPDATE coupons SET per_person_limit = 1 WHERE once_per_shopper = 1;

-- Staff look shoppers up by phone.
CREATE INDEX users_phone ON users (phone) WHERE phone IS NOT NULL;
