-- Issue 62, decision 66: which carrier takes a parcel. The owner sets rules per country; the first
-- rule (lowest priority number) whose every criterion fits the parcel names the carrier
-- (api/src/shipping/carrier-rules.ts). A parcel no rule fits is not shipped: staff see why.
CREATE TABLE carrier_rules (
  id INTEGER PRIMARY KEY,
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  priority INTEGER NOT NULL CHECK (priority >= 0),
  -- 'all', or the comma-separated ids of Kuwait areas (areas.id) or Saudi cities (dhl_cities.id),
  -- as delivery_speeds.zones.
  zones TEXT NOT NULL DEFAULT 'all',
  speed TEXT NOT NULL DEFAULT 'any' CHECK (speed IN ('any', 'same_day', 'next_day', 'standard')),
  cod TEXT NOT NULL DEFAULT 'any' CHECK (cod IN ('any', 'yes', 'no')),
  -- The heaviest parcel the rule takes (grams); NULL: any weight.
  max_weight_grams INTEGER CHECK (max_weight_grams IS NULL OR max_weight_grams > 0),
  carrier TEXT NOT NULL CHECK (carrier IN ('local', 'aramex', 'smsa', 'dhl', 'own')),
  updated_at INTEGER NOT NULL,
  UNIQUE (country, priority)
);

-- A parcel's weight is the sum of its SKUs' weights: supplements are light, a bottle about 250 g.
ALTER TABLE skus ADD COLUMN weight_grams INTEGER NOT NULL DEFAULT 250 CHECK (weight_grams > 0);

-- Defaults: in Kuwait the shop's own drivers take same-day parcels, Aramex the rest; in Saudi Arabia
-- SMSA takes cash orders and standard parcels, Aramex next-day ones, DHL whatever is left.
INSERT INTO carrier_rules (country, priority, zones, speed, cod, max_weight_grams, carrier, updated_at) VALUES
  ('KW', 10, 'all', 'same_day', 'any', NULL, 'own', 0),
  ('KW', 20, 'all', 'any', 'any', NULL, 'aramex', 0),
  ('SA', 10, 'all', 'any', 'yes', NULL, 'smsa', 0),
  ('SA', 20, 'all', 'standard', 'any', NULL, 'smsa', 0),
  ('SA', 30, 'all', 'next_day', 'any', NULL, 'aramex', 0),
  ('SA', 40, 'all', 'any', 'any', NULL, 'dhl', 0);
