-- Blood-test results a shopper uploads: a result (lab, sample date, notes, the consent given
-- for it) and its files. Each file's bytes are in the private UPLOADS bucket under a random key,
-- encrypted with AES-256-GCM under a data key of its own; the data key is stored here wrapped (AES-KW)
-- by the key-encryption key of `key_version` (api/src/uploads/crypto.ts), so rotating the KEK rewraps
-- these rows and never touches R2. A file is pending (result_id NULL) from its upload until the result
-- is submitted; the cron removes pending files after 24 hours.
CREATE TABLE blood_test_uploads (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  lab_name TEXT NOT NULL,
  -- YYYY-MM-DD, as the shopper gave it.
  sample_date TEXT NOT NULL,
  notes TEXT NOT NULL DEFAULT '',
  -- Saudi PDPL: explicit consent to process health data, with the version of the text shown.
  consent_version TEXT NOT NULL,
  consent_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE INDEX blood_test_uploads_user ON blood_test_uploads (user_id, id);

CREATE TABLE blood_test_upload_files (
  -- The public id: 128 random bits, hex.
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  result_id INTEGER REFERENCES blood_test_uploads (id),
  -- The R2 object's key: random too, and not derived from the public id.
  r2_key TEXT NOT NULL UNIQUE,
  -- The shopper's file name, cleaned (shown, and offered again on download).
  name TEXT NOT NULL,
  content_type TEXT NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png', 'image/heic')),
  -- The plaintext's length in bytes.
  size INTEGER NOT NULL,
  key_version INTEGER NOT NULL,
  -- base64 of the AES-KW-wrapped 256-bit data key (40 bytes) and of the 96-bit GCM nonce.
  wrapped_key TEXT NOT NULL,
  iv TEXT NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE INDEX blood_test_upload_files_result ON blood_test_upload_files (result_id);
CREATE INDEX blood_test_upload_files_user ON blood_test_upload_files (user_id, result_id);
-- The cron's sweep of files never submitted, and the rewrap after a KEK rotation.
CREATE INDEX blood_test_upload_files_pending ON blood_test_upload_files (created_at) WHERE result_id IS NULL;
CREATE INDEX blood_test_upload_files_key_version ON blood_test_upload_files (key_version);
