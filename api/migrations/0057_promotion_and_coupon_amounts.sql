-- A free gift's cart total per country, in that country's currency (decision 52, issue 44): minor
-- units, VAT included, as the shopper pays. Before, one base-fils amount net of VAT was converted for
-- Saudi Arabia (KWD 20 → "SAR 230.09", KWD 35 → "SAR 440.54"). A gift_threshold promotion applies in a
-- country only with its row here; a promotion of both countries has one for each.
CREATE TABLE promotion_thresholds (
  promotion_id INTEGER NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  min_subtotal_minor INTEGER NOT NULL CHECK (min_subtotal_minor > 0),
  PRIMARY KEY (promotion_id, country)
) WITHOUT ROWID;

-- Kuwait: KWD is the base currency and has no VAT, so the fils amount is already KWD as paid.
INSERT INTO promotion_thresholds (promotion_id, country, min_subtotal_minor)
  SELECT id, 'KW', min_subtotal_fils FROM promotions
  WHERE kind = 'gift_threshold' AND min_subtotal_fils > 0 AND (country IS NULL OR country = 'KW');
-- Saudi Arabia: what the amount was worth as paid (rate and VAT), rounded up to a whole SAR 50
-- (at 12.2: KWD 20 → SAR 300, KWD 35 → SAR 500), so the shopper reads a round figure; staff can change it.
INSERT INTO promotion_thresholds (promotion_id, country, min_subtotal_minor)
  -- Integers only: halalas as paid = fils × rate × (10000 + VAT) / 10^9; up to a multiple of 5000.
  SELECT id, 'SA', (min_subtotal_fils * (SELECT exchange_rate_scaled FROM countries WHERE code = 'SA')
      * (10000 + coalesce((SELECT vat_basis_points FROM country_settings WHERE country = 'SA'), 0))
      + 4999999999999) / 5000000000000 * 5000
  FROM promotions
  WHERE kind = 'gift_threshold' AND min_subtotal_fils > 0 AND (country IS NULL OR country = 'SA');

-- promotions.min_subtotal_fils is no longer read, but stays until a release after this one drops it:
-- the API deployed when this migration runs still reads it (decision 47: expand, then contract).

-- A coupon of both countries takes its fixed amount and its minimum in each country's currency, as the
-- shopper pays (decision 52): "KWD 2 off from KWD 10" and "SAR 25 off from SAR 150", not the KWD ones
-- converted. A coupon of one country keeps its amounts on its row, in its currency (migration 0044).
CREATE TABLE coupon_amounts (
  coupon_id INTEGER NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  -- Fixed coupons: the amount off; 0 for percent coupons (their basis points stay on the coupon).
  value INTEGER NOT NULL CHECK (value >= 0),
  min_subtotal_minor INTEGER NOT NULL DEFAULT 0 CHECK (min_subtotal_minor >= 0),
  PRIMARY KEY (coupon_id, country)
) WITHOUT ROWID;

-- Kuwait: the base amounts are KWD as paid (no VAT).
INSERT INTO coupon_amounts (coupon_id, country, value, min_subtotal_minor)
  SELECT id, 'KW', CASE WHEN kind = 'fixed' THEN value ELSE 0 END, min_subtotal_fils FROM coupons
  WHERE country IS NULL;
-- Saudi Arabia: what the quote converted them to, rounded to whole riyals (the amount off down, so a
-- coupon never gives more than it did; the minimum up): fils × rate / 10^5 halalas, the minimum with VAT.
INSERT INTO coupon_amounts (coupon_id, country, value, min_subtotal_minor)
  SELECT id, 'SA',
    CASE WHEN kind = 'fixed'
      THEN max(100, value * (SELECT exchange_rate_scaled FROM countries WHERE code = 'SA') / 10000000 * 100)
      ELSE 0 END,
    (min_subtotal_fils * (SELECT exchange_rate_scaled FROM countries WHERE code = 'SA')
      * (10000 + coalesce((SELECT vat_basis_points FROM country_settings WHERE country = 'SA'), 0))
      + 99999999999) / 100000000000 * 100
  FROM coupons
  WHERE country IS NULL;
