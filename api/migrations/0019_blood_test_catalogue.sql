-- Blood tests: individual tests and panels, the biomarkers each measures (with the LOINC
-- code and unit results are reported in), the lab that runs it, and prices per country. A panel is
-- a blood test of kind 'panel' whose members are other tests; its biomarkers are listed on the panel
-- too, so a detail page reads one list. Prices are per country in that country's minor units (KWD
-- fils, SAR halalas), VAT included where the country charges it (Saudi Arabia), as shoppers see them:
-- labs price each market separately, so no exchange-rate conversion as for products.

CREATE TABLE labs (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  -- The countries the lab collects in, e.g. 'KW' or 'KW,SA'.
  countries TEXT NOT NULL,
  accreditation_en TEXT NOT NULL DEFAULT '',
  accreditation_ar TEXT NOT NULL DEFAULT ''
);

CREATE TABLE blood_test_categories (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  color TEXT NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE blood_tests (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('test', 'panel')),
  category_id INTEGER NOT NULL REFERENCES blood_test_categories (id),
  lab_id INTEGER NOT NULL REFERENCES labs (id),
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  -- One line for cards and search results.
  summary_en TEXT NOT NULL,
  summary_ar TEXT NOT NULL,
  -- "What it's for": who should take it and what it tells them.
  purpose_en TEXT NOT NULL,
  purpose_ar TEXT NOT NULL,
  sample_type TEXT NOT NULL CHECK (sample_type IN ('venous_blood', 'finger_prick', 'urine', 'saliva')),
  -- 0 when no fasting is needed; a fasting test is drawn in a morning window, not before the next morning.
  fasting_hours INTEGER NOT NULL DEFAULT 0 CHECK (fasting_hours BETWEEN 0 AND 16),
  -- Hormone tests are drawn in the morning even without fasting.
  morning_draw INTEGER NOT NULL DEFAULT 0,
  -- Stop biotin supplements this many hours before (immunoassays such as TSH, ferritin, hormones).
  stop_biotin_hours INTEGER NOT NULL DEFAULT 0,
  -- Other preparation, one instruction per line.
  preparation_en TEXT NOT NULL DEFAULT '',
  preparation_ar TEXT NOT NULL DEFAULT '',
  turnaround_hours INTEGER NOT NULL CHECK (turnaround_hours > 0),
  min_age INTEGER NOT NULL DEFAULT 18 CHECK (min_age BETWEEN 0 AND 120),
  -- 'any', or the sex the test is meant for (e.g. a PSA test, a women's hormone panel).
  sex TEXT NOT NULL DEFAULT 'any' CHECK (sex IN ('any', 'female', 'male')),
  default_sku_id INTEGER,
  popularity INTEGER NOT NULL DEFAULT 0,
  is_active INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL
);
CREATE INDEX blood_tests_category ON blood_tests (category_id, popularity DESC);
CREATE INDEX blood_tests_popularity ON blood_tests (popularity DESC);

-- Each test has one SKU today (the blood-test cart is keyed by the default SKU id, spec §3); a lab
-- could later offer variants (e.g. with a doctor's consultation) as more SKUs.
CREATE TABLE blood_test_skus (
  id INTEGER PRIMARY KEY,
  blood_test_id INTEGER NOT NULL REFERENCES blood_tests (id),
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX blood_test_skus_test ON blood_test_skus (blood_test_id, sort_order);

CREATE TABLE blood_test_prices (
  sku_id INTEGER NOT NULL REFERENCES blood_test_skus (id),
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  price INTEGER NOT NULL CHECK (price >= 0),
  old_price INTEGER CHECK (old_price IS NULL OR old_price > price),
  PRIMARY KEY (sku_id, country)
) WITHOUT ROWID;

CREATE TABLE biomarkers (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  loinc TEXT NOT NULL,
  unit TEXT NOT NULL,
  -- Results are grouped by body system (heart, metabolic, thyroid, …), as Function Health does.
  body_system TEXT NOT NULL,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  explanation_en TEXT NOT NULL,
  explanation_ar TEXT NOT NULL
);

CREATE TABLE blood_test_biomarkers (
  blood_test_id INTEGER NOT NULL REFERENCES blood_tests (id),
  biomarker_id INTEGER NOT NULL REFERENCES biomarkers (id),
  sort_order INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (blood_test_id, biomarker_id)
) WITHOUT ROWID;
CREATE INDEX blood_test_biomarkers_biomarker ON blood_test_biomarkers (biomarker_id);

CREATE TABLE blood_test_panel_members (
  panel_id INTEGER NOT NULL REFERENCES blood_tests (id),
  test_id INTEGER NOT NULL REFERENCES blood_tests (id),
  sort_order INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (panel_id, test_id)
) WITHOUT ROWID;

-- Supplements a test's page suggests (e.g. vitamin D3 beside the vitamin D test).
CREATE TABLE blood_test_related_products (
  blood_test_id INTEGER NOT NULL REFERENCES blood_tests (id),
  product_id INTEGER NOT NULL REFERENCES products (id),
  sort_order INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (blood_test_id, product_id)
) WITHOUT ROWID;
