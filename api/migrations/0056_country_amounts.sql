-- Amounts a shop owner sets, per country in that country's own currency (decision 52, issue 44): each
-- in integer minor units of the country's currency, VAT included, as the shopper pays. Before, the
-- free-delivery threshold was base KWD fils converted for Saudi Arabia (KWD 16 net → "SAR 224.48"), and
-- the price filter's 'Under KD 25', the unlock modal's "+ 2" and the wallet's largest top-up were
-- Kuwaiti constants converted in code. Defaults: shared/country-amounts.ts (DEFAULT_COUNTRY_AMOUNTS).
ALTER TABLE country_settings ADD COLUMN free_delivery_minor INTEGER NOT NULL DEFAULT 15000
  CHECK (free_delivery_minor > 0);
ALTER TABLE country_settings ADD COLUMN price_quick_max_minor INTEGER NOT NULL DEFAULT 25000
  CHECK (price_quick_max_minor > 0);
ALTER TABLE country_settings ADD COLUMN price_range_max_minor INTEGER NOT NULL DEFAULT 1000000
  CHECK (price_range_max_minor > 0);
ALTER TABLE country_settings ADD COLUMN unlock_margin_minor INTEGER NOT NULL DEFAULT 2000
  CHECK (unlock_margin_minor > 0);
ALTER TABLE country_settings ADD COLUMN wallet_top_up_max_minor INTEGER NOT NULL DEFAULT 500000
  CHECK (wallet_top_up_max_minor > 0);

-- Kuwait: KWD is the base currency and has no VAT, so its threshold in fils is already KWD as paid.
UPDATE country_settings SET free_delivery_minor = free_shipping_fils WHERE country = 'KW';
-- Saudi Arabia: round riyal amounts (SAR 200 free delivery, 'Under SAR 250', a range to SAR 10,000,
-- SAR 25 over what is missing, top-ups up to SAR 5,000), not the Kuwaiti ones converted.
UPDATE country_settings SET
  free_delivery_minor = 20000,
  price_quick_max_minor = 25000,
  price_range_max_minor = 1000000,
  unlock_margin_minor = 2500,
  wallet_top_up_max_minor = 500000
WHERE country = 'SA';

-- The base-fils threshold is no longer read, but stays until a release after this one drops it: the
-- API deployed when this migration runs still reads it (decision 47: expand, then contract).
