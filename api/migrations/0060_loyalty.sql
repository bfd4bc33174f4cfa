-- Loyalty points, tiers and referrals (issue 47, decision 58).
--
-- Points are kept per shopper and country, like the wallet per currency: a Kuwaiti point and a Saudi
-- point are worth what each country's rules say, and the shop's liability is reported per country.
-- The ledger is append-only: every movement is a row with the balance after it, and the account row
-- mirrors that balance under a CHECK (never below zero), changed in the same batch. A movement that
-- would take the balance below zero fails its whole batch (concurrent checkouts spending the same
-- points, a refund racing a delivery). Each movement names the event it records (event_key, unique),
-- so an event applied twice (a replayed request, a cron run twice, a webhook and a clerk at once)
-- writes one row. Amounts of money are integer minor units of the country's currency (decision 52).

-- The shop owner's rules, one row per country, edited in the back office (audited).
CREATE TABLE loyalty_rules (
  country TEXT PRIMARY KEY CHECK (country IN ('KW', 'SA')),
  -- Earning: points per whole KWD or SAR paid in money for goods (not wallet, delivery or VAT), before
  -- the tier's multiplier; blood-test orders and consultations at their own rates.
  points_per_unit INTEGER NOT NULL CHECK (points_per_unit BETWEEN 0 AND 1000),
  blood_test_points_per_unit INTEGER NOT NULL CHECK (blood_test_points_per_unit BETWEEN 0 AND 1000),
  consultation_points_per_unit INTEGER NOT NULL CHECK (consultation_points_per_unit BETWEEN 0 AND 1000),
  -- A shopper's first approved review, and her birthday (once a year).
  review_points INTEGER NOT NULL CHECK (review_points >= 0),
  birthday_points INTEGER NOT NULL CHECK (birthday_points >= 0),
  -- Spending: points go in steps of redeem_step_points, each worth redeem_step_value (minor units, VAT
  -- included like every price); what is left to pay never goes below min_payable.
  redeem_step_points INTEGER NOT NULL CHECK (redeem_step_points > 0),
  redeem_step_value INTEGER NOT NULL CHECK (redeem_step_value > 0),
  min_payable INTEGER NOT NULL CHECK (min_payable >= 0),
  -- Points expire this many months after they were credited; a mail warns expiry_notice_days before.
  expiry_months INTEGER NOT NULL CHECK (expiry_months BETWEEN 1 AND 60),
  expiry_notice_days INTEGER NOT NULL DEFAULT 30 CHECK (expiry_notice_days BETWEEN 0 AND 90),
  -- Referrals: the friend's discount on her first order (minor units, from a subtotal of at least
  -- referral_min_subtotal), the referrer's points once that order is delivered, and at most
  -- referral_monthly_cap rewarded friends per referrer and Gulf month.
  referral_discount INTEGER NOT NULL CHECK (referral_discount >= 0),
  referral_min_subtotal INTEGER NOT NULL CHECK (referral_min_subtotal >= 0),
  referrer_points INTEGER NOT NULL CHECK (referrer_points >= 0),
  referral_monthly_cap INTEGER NOT NULL CHECK (referral_monthly_cap >= 0),
  -- 0: nothing is earned or spent in this country (balances stay).
  is_active INTEGER NOT NULL DEFAULT 1,
  updated_at INTEGER
) WITHOUT ROWID;
-- Kuwait: 10 points per KWD; 100 points = KWD 0.200 (2 %). Saudi Arabia: 1 point per SAR; 100 points = SAR 2.00.
INSERT INTO loyalty_rules (country, points_per_unit, blood_test_points_per_unit, consultation_points_per_unit,
  review_points, birthday_points, redeem_step_points, redeem_step_value, min_payable, expiry_months,
  expiry_notice_days, referral_discount, referral_min_subtotal, referrer_points, referral_monthly_cap)
VALUES
  ('KW', 10, 5, 5, 50, 100, 100, 200, 1000, 12, 30, 2000, 10000, 500, 5),
  ('SA', 1, 1, 1, 50, 100, 100, 200, 1000, 12, 30, 2000, 10000, 500, 5);

-- Tiers, per country: reached by the last 12 months' spending (both countries' orders, the other
-- currency at the shop's exchange rate), each with its earning multiplier and perks.
CREATE TABLE loyalty_tiers (
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  tier TEXT NOT NULL CHECK (tier IN ('bronze', 'silver', 'gold')),
  -- Minor units of the country's currency spent in the last 12 months (bronze: 0).
  min_spend INTEGER NOT NULL CHECK (min_spend >= 0),
  -- 10000 = ×1.
  earn_multiplier_bp INTEGER NOT NULL CHECK (earn_multiplier_bp BETWEEN 10000 and 50000),
  -- The tier's own free-delivery threshold (minor units, as paid); NULL: the country's.
  free_delivery_minor INTEGER CHECK (free_delivery_minor IS NULL OR free_delivery_minor > 0),
  -- Promotions open to the tier this many hours before everyone else.
  early_access_hours INTEGER NOT NULL DEFAULT 0 CHECK (early_access_hours BETWEEN 0 AND 336),
  updated_at INTEGER,
  PRIMARY KEY (country, tier)
) WITHOUT ROWID;
INSERT INTO loyalty_tiers (country, tier, min_spend, earn_multiplier_bp, free_delivery_minor, early_access_hours) VALUES
  ('KW', 'bronze', 0, 10000, NULL, 0),
  ('KW', 'silver', 100000, 12500, 10000, 24),
  ('KW', 'gold', 300000, 15000, 5000, 48),
  ('SA', 'bronze', 0, 10000, NULL, 0),
  ('SA', 'silver', 120000, 12500, 15000, 24),
  ('SA', 'gold', 360000, 15000, 10000, 48);

-- The balance of a shopper's points in a country (the sum of her ledger rows there), and her tier
-- there, refreshed when an order earns or loses points and by the nightly job.
CREATE TABLE points_accounts (
  user_id INTEGER NOT NULL REFERENCES users (id),
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  balance INTEGER NOT NULL DEFAULT 0,
  tier TEXT NOT NULL DEFAULT 'bronze' CHECK (tier IN ('bronze', 'silver', 'gold')),
  -- The last 12 months' spending the tier was computed from (minor units of the country's currency).
  spend_12m INTEGER NOT NULL DEFAULT 0,
  tier_updated_at INTEGER,
  CONSTRAINT points_not_negative CHECK (balance >= 0),
  PRIMARY KEY (user_id, country)
) WITHOUT ROWID;

CREATE TABLE points_ledger (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  amount INTEGER NOT NULL CHECK (amount <> 0),
  -- The account's balance after this row (the running balance a history shows).
  balance_after INTEGER NOT NULL CONSTRAINT points_ledger_not_negative CHECK (balance_after >= 0),
  kind TEXT NOT NULL CHECK (kind IN (
    'earn_order', 'earn_blood_test', 'earn_consultation', 'earn_review', 'earn_birthday', 'earn_referral',
    'spend', 'spend_return', 'earn_reversal', 'expiry', 'adjustment')),
  -- Credits only: when they expire (ms). Debits consume the credits that expire first.
  expires_at INTEGER,
  order_id INTEGER REFERENCES orders (id),
  blood_test_order_id INTEGER REFERENCES blood_test_orders (id),
  consultation_id INTEGER REFERENCES consultations (id),
  refund_id INTEGER REFERENCES refunds (id),
  review_id INTEGER REFERENCES reviews (id),
  referral_id INTEGER REFERENCES referrals (id),
  -- Adjustments only: the staff member and the reason they had to give.
  staff_id INTEGER REFERENCES staff (id),
  reason TEXT,
  -- The event this row records, once: 'earn:order:<id>', 'spend:order:<id>', 'return:order:<id>',
  -- 'reverse:refund:<id>', 'review:<user>', 'birthday:<user>:<year>', 'referral:<id>',
  -- 'expiry:<user>:<country>:<Gulf day>', 'adjust:<uuid>' ...
  event_key TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  CONSTRAINT points_credit_expires CHECK ((amount > 0) = (expires_at IS NOT NULL)),
  CONSTRAINT points_adjustment_reason CHECK ((kind = 'adjustment') = (staff_id IS NOT NULL AND reason IS NOT NULL AND reason <> ''))
);
CREATE INDEX points_ledger_user ON points_ledger (user_id, country, id DESC);
CREATE INDEX points_ledger_expiring ON points_ledger (expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX points_ledger_order ON points_ledger (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX points_ledger_month ON points_ledger (country, created_at);

-- Append-only: no row changes, and rows go only with an erased account (its deleted_at set first).
CREATE TRIGGER points_ledger_no_update BEFORE UPDATE ON points_ledger
BEGIN
  SELECT RAISE(ABORT, 'points_ledger_append_only');
END;
CREATE TRIGGER points_ledger_no_delete BEFORE DELETE ON points_ledger
WHEN NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id AND deleted_at IS NOT NULL)
BEGIN
  SELECT RAISE(ABORT, 'points_ledger_append_only');
END;

-- An erased shopper's ledger leaves only its sums here, without the person, so the monthly report of
-- points issued, spent and expired stays true; her balance left is counted as 'forfeited'.
CREATE TABLE points_erased_sums (
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  -- The Gulf month of the rows, 'YYYY-MM'.
  month TEXT NOT NULL,
  kind TEXT NOT NULL,
  points INTEGER NOT NULL,
  PRIMARY KEY (country, month, kind)
) WITHOUT ROWID;

-- The expiry reminder sent for a day's expiring points, once.
CREATE TABLE points_expiry_notices (
  user_id INTEGER NOT NULL REFERENCES users (id),
  country TEXT NOT NULL,
  -- The Gulf day ('YYYY-MM-DD') the points the mail named expire on.
  expires_on TEXT NOT NULL,
  points INTEGER NOT NULL,
  sent_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, country, expires_on)
) WITHOUT ROWID;

-- Referrals: a shopper's own code (made when she first asks for it), and each friend's first order
-- that used one. A friend is referred once, ever (friend_id unique), on one order.
CREATE TABLE referral_codes (
  user_id INTEGER PRIMARY KEY REFERENCES users (id),
  code TEXT NOT NULL COLLATE NOCASE UNIQUE,
  created_at INTEGER NOT NULL
);
CREATE TABLE referrals (
  id INTEGER PRIMARY KEY,
  referrer_id INTEGER NOT NULL REFERENCES users (id),
  friend_id INTEGER NOT NULL UNIQUE REFERENCES users (id),
  order_id INTEGER NOT NULL UNIQUE REFERENCES orders (id),
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  -- The friend's discount on that order (minor units of its currency).
  discount INTEGER NOT NULL CHECK (discount >= 0),
  -- pending: the order is not delivered yet; rewarded: the referrer got her points; void: the order
  -- was cancelled, failed or fully refunded before delivery, or the month's cap was reached.
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'rewarded', 'void')),
  -- The Gulf month ('YYYY-MM') the referral counts in against the referrer's monthly cap.
  month TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  rewarded_at INTEGER,
  CONSTRAINT referral_not_self CHECK (referrer_id <> friend_id)
);
CREATE INDEX referrals_referrer_month ON referrals (referrer_id, month);

-- Devices a shopper signed in or ordered from: a friend's checkout on one of the referrer's devices is
-- a self-referral. Kept 12 months after last seen; removed with the account.
CREATE TABLE account_devices (
  user_id INTEGER NOT NULL REFERENCES users (id),
  device_id TEXT NOT NULL,
  last_seen_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, device_id)
) WITHOUT ROWID;
CREATE INDEX account_devices_device ON account_devices (device_id);
CREATE INDEX account_devices_seen ON account_devices (last_seen_at);

-- An order's points spent and the discount they gave, and a friend's referral discount: both lower
-- the total (and so the VAT included in it) like a coupon; `discount` keeps coupons and promotions.
ALTER TABLE orders ADD COLUMN points_used INTEGER NOT NULL DEFAULT 0 CHECK (points_used >= 0);
ALTER TABLE orders ADD COLUMN points_discount INTEGER NOT NULL DEFAULT 0 CHECK (points_discount >= 0);
ALTER TABLE orders ADD COLUMN referral_discount INTEGER NOT NULL DEFAULT 0 CHECK (referral_discount >= 0);

-- The shopper's birthday for its yearly points: month and day only ('MM-DD'), no year.
ALTER TABLE users ADD COLUMN birthday TEXT CHECK (birthday IS NULL OR (birthday GLOB '[01][0-9]-[0-3][0-9]' AND substr(birthday, 1, 2) BETWEEN '01' AND '12' AND substr(birthday, 4, 2) BETWEEN '01' AND '31'));
ALTER TABLE users ADD COLUMN birthday_set_at INTEGER;
