-- Platform tables: registered devices and the countries the shop sells in.

CREATE TABLE devices (
  id TEXT PRIMARY KEY,
  uid TEXT NOT NULL,
  name TEXT NOT NULL,
  platform TEXT NOT NULL,
  capacity TEXT,
  os_type TEXT NOT NULL,
  os_version TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX devices_uid ON devices (uid);

CREATE TABLE countries (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE CHECK (code IN ('KW', 'SA')),
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  currency TEXT NOT NULL,
  decimals INTEGER NOT NULL,
  -- Rate from KWD as an integer scaled by 10000 (shared/money.ts RATE_SCALE): never a float.
  exchange_rate_scaled INTEGER NOT NULL CHECK (exchange_rate_scaled > 0),
  is_default INTEGER NOT NULL DEFAULT 0,
  sort_order INTEGER NOT NULL DEFAULT 0
);

-- Reference data every environment needs (not demo data): the two countries the shop serves.
INSERT INTO countries (id, code, name_en, name_ar, currency, decimals, exchange_rate_scaled, is_default, sort_order) VALUES
  (1, 'KW', 'Kuwait', 'الكويت', 'KWD', 3, 10000, 1, 1),
  (2, 'SA', 'Saudi Arabia', 'المملكة العربية السعودية', 'SAR', 2, 122000, 0, 2);
