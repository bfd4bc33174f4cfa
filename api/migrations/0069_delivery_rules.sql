-- Issue 62, decision 65: the delivery promise's rules, set per country by the owner. Weekdays are
-- written as digits, 0 Sunday … 6 Saturday; minutes count from Gulf midnight (UTC+3 in both countries).
-- A speed's zones are 'all' or the comma-separated ids of Kuwait areas (areas.id) or Saudi cities
-- (dhl_cities.id); its fee is in the country's minor units (decision 52), NULL for the country's
-- delivery fee (country_settings.delivery_fee), which the free-delivery threshold waives.
CREATE TABLE delivery_rules (
  country TEXT PRIMARY KEY CHECK (country IN ('KW', 'SA')),
  dispatch_days TEXT NOT NULL CHECK (dispatch_days <> '' AND dispatch_days NOT GLOB '*[^0-6]*'),
  delivery_days TEXT NOT NULL CHECK (delivery_days <> '' AND delivery_days NOT GLOB '*[^0-6]*'),
  cutoff_minute INTEGER NOT NULL CHECK (cutoff_minute BETWEEN 0 AND 1439),
  ramadan_cutoff_minute INTEGER NOT NULL CHECK (ramadan_cutoff_minute BETWEEN 0 AND 1439),
  updated_at INTEGER NOT NULL
);

CREATE TABLE delivery_speeds (
  country TEXT NOT NULL REFERENCES delivery_rules (country),
  speed TEXT NOT NULL CHECK (speed IN ('same_day', 'next_day', 'standard')),
  zones TEXT NOT NULL DEFAULT 'all' CHECK (zones = 'all' OR (zones <> '' AND zones NOT GLOB '*[^0-9,]*')),
  transit_days INTEGER NOT NULL CHECK (transit_days BETWEEN 0 AND 30),
  cutoff_minute INTEGER CHECK (cutoff_minute BETWEEN 0 AND 1439),
  ramadan_cutoff_minute INTEGER CHECK (ramadan_cutoff_minute BETWEEN 0 AND 1439),
  fee_minor INTEGER CHECK (fee_minor >= 0),
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  PRIMARY KEY (country, speed)
) WITHOUT ROWID;

-- The owner's corrections to the default holidays (shared/delivery/holidays.ts): closed = 1 adds a day
-- the shop neither ships nor delivers on (Eid moved by the sighting, a day the government announced),
-- closed = 0 takes a default day away.
CREATE TABLE delivery_holidays (
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  holiday TEXT NOT NULL,
  closed INTEGER NOT NULL CHECK (closed IN (0, 1)),
  PRIMARY KEY (country, date)
) WITHOUT ROWID;

-- Kuwait: the shop's own drivers, Saturday to Thursday, the same day in every area before 2 pm (noon in
-- Ramadan), as the delivery page says. Saudi Arabia: the warehouse hands over Sunday to Thursday before
-- 1 pm (11 am in Ramadan); the courier delivers Saturday to Thursday, the next day in Riyadh, Jeddah and
-- Dammam, 2 to 4 working days elsewhere (3 promised).
INSERT INTO delivery_rules (country, dispatch_days, delivery_days, cutoff_minute, ramadan_cutoff_minute, updated_at) VALUES
  ('KW', '601234', '601234', 840, 720, 0),
  ('SA', '01234', '601234', 780, 660, 0);
INSERT INTO delivery_speeds (country, speed, zones, transit_days, fee_minor) VALUES
  ('KW', 'same_day', 'all', 0, NULL),
  ('SA', 'next_day', '1,2,5', 1, 3500),
  ('SA', 'standard', 'all', 3, NULL);
