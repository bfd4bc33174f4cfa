-- Consent kept as proof after erasure (decision 49) covers consultations too: the intake's consent to
-- the nutritionist reading the form and the results she shared (Saudi PDPL) was erased with the intake,
-- because consent_records accepted only the blood-test purposes. SQLite cannot change a CHECK, so the
-- table is rebuilt with the same rows (nothing refers to it).
CREATE TABLE consent_records_0062 (
  id INTEGER PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('blood_test_booking', 'blood_test_upload', 'consultation_intake')),
  consent_version TEXT NOT NULL,
  consent_at INTEGER NOT NULL,
  erased_at INTEGER NOT NULL
);
INSERT INTO consent_records_0062 (id, purpose, consent_version, consent_at, erased_at)
  SELECT id, purpose, consent_version, consent_at, erased_at FROM consent_records;
DROP TABLE consent_records;
ALTER TABLE consent_records_0062 RENAME TO consent_records;
