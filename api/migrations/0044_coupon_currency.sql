-- A coupon of one country takes its amounts in that country's currency: a Saudi coupon says "15 SAR
-- off above 150 SAR" and means exactly that, not a Kuwaiti amount converted at today's rate. With a
-- currency, `value` (fixed coupons) and `min_subtotal_fils` are minor units of it, VAT included, as
-- the shopper pays; without one (a coupon of both countries, or one made before this column) they
-- stay base fils, converted for Saudi Arabia as before.
ALTER TABLE coupons ADD COLUMN currency TEXT CHECK (currency IS NULL OR currency IN ('KWD', 'SAR'));
-- Kuwait has no VAT and KWD is the base currency: its coupons' amounts already read as KWD paid.
UPDATE coupons SET currency = 'KWD' WHERE country = 'KW';
-- Saudi coupons made before: their base amounts become the SAR they were worth at today's rate (the
-- amount off converted as the quote did; the minimum, net of VAT in base fils, as paid with VAT), so
-- each coupon keeps what it meant, and its form now shows it in SAR.
UPDATE coupons SET
  currency = 'SAR',
  value = CASE WHEN kind = 'fixed'
    THEN max(1, CAST(round(value * (SELECT exchange_rate_scaled FROM countries WHERE code = 'SA') / 100000.0) AS INTEGER))
    ELSE value END,
  min_subtotal_fils = CAST(round(
    min_subtotal_fils * (SELECT exchange_rate_scaled FROM countries WHERE code = 'SA') / 100000.0
    * (10000 + coalesce((SELECT vat_basis_points FROM country_settings WHERE country = 'SA'), 0)) / 10000.0) AS INTEGER)
WHERE country = 'SA';
