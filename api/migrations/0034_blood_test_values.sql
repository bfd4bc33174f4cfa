-- Blood-test values a shopper confirmed for an uploaded result, and what the results page
-- needs to read any value against the right range.
--
-- Values join the shopper's history only once confirmed: typed by the shopper, or found in the report's
-- PDF text and confirmed one by one (`origin` says which); unconfirmed findings are never stored. A
-- value is decimal text as confirmed (Latin digits, a dot) in one of the biomarker's units (a UCUM code
-- of biomarker_units), so "5.0" stays "5.0" and conversion is exact. One value per marker per result.
CREATE TABLE blood_test_upload_values (
  upload_id INTEGER NOT NULL REFERENCES blood_test_uploads (id),
  biomarker_id INTEGER NOT NULL REFERENCES biomarkers (id),
  value TEXT NOT NULL,
  unit TEXT NOT NULL,
  origin TEXT NOT NULL CHECK (origin IN ('typed', 'pdf')),
  confirmed_at INTEGER NOT NULL,
  PRIMARY KEY (upload_id, biomarker_id)
) WITHOUT ROWID;

CREATE INDEX blood_test_upload_values_biomarker ON blood_test_upload_values (biomarker_id);

-- The account holder's own facts for reading results (ranges depend on sex and age) and the unit they
-- prefer. Uploaded results are the account holder's; results of a shop order are read with the
-- order's patient (blood_test_patients). NULL sex or birth date: not given yet (the page asks).
CREATE TABLE blood_test_profiles (
  user_id INTEGER PRIMARY KEY REFERENCES users (id),
  sex TEXT CHECK (sex IN ('female', 'male')),
  -- YYYY-MM-DD
  date_of_birth TEXT,
  unit_preference TEXT NOT NULL DEFAULT 'conventional' CHECK (unit_preference IN ('si', 'conventional')),
  updated_at INTEGER NOT NULL
);
