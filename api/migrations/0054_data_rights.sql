-- Data rights (Saudi PDPL, Kuwait's data-privacy regulation; decision 0049).
--
-- A shopper's requests to the shop about her data: an export (an archive prepared in the background,
-- kept 24 hours in the private UPLOADS bucket under exports/, encrypted like uploaded files) or an
-- erasure (carried out at once; the row is the record that it was asked and done). The back office
-- lists them. Erased accounts keep their rows here: the request is the shop's proof it acted.
CREATE TABLE data_requests (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  kind TEXT NOT NULL CHECK (kind IN ('export', 'erasure')),
  -- export: requested → ready → expired (or failed); erasure: done.
  status TEXT NOT NULL CHECK (status IN ('requested', 'ready', 'expired', 'failed', 'done')),
  -- Who asked: the shopper herself, or staff on her behalf (staff_id then names them).
  source TEXT NOT NULL CHECK (source IN ('shopper', 'staff')),
  staff_id INTEGER REFERENCES staff (id),
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ar')),
  -- The archive: its R2 key (random), its size and its data key wrapped like an uploaded file's.
  r2_key TEXT UNIQUE,
  size INTEGER,
  key_version INTEGER,
  wrapped_key TEXT,
  iv TEXT,
  created_at INTEGER NOT NULL,
  ready_at INTEGER,
  expires_at INTEGER,
  done_at INTEGER
);
CREATE INDEX data_requests_user ON data_requests (user_id, created_at DESC);
-- One export in preparation or on offer per shopper, even when two requests race.
CREATE UNIQUE INDEX data_requests_one_open_export ON data_requests (user_id) WHERE kind = 'export' AND status IN ('requested', 'ready');
-- The cron's work: exports to prepare, archives to delete.
CREATE INDEX data_requests_open ON data_requests (status, created_at) WHERE status IN ('requested', 'ready');

-- Consent given to process health data, kept after the account is erased as the proof that it was
-- given: which text (its version), for what, and when. Not who: an erased person's rows lose the link.
CREATE TABLE consent_records (
  id INTEGER PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('blood_test_booking', 'blood_test_upload')),
  consent_version TEXT NOT NULL,
  consent_at INTEGER NOT NULL,
  erased_at INTEGER NOT NULL
);

-- Retention of uploaded result files: the owner's last opening (download) of each file, and when
-- the notice that it will be deleted went (once). A file never opened counts from its upload.
ALTER TABLE blood_test_upload_files ADD COLUMN last_opened_at INTEGER;
ALTER TABLE blood_test_upload_files ADD COLUMN retention_notice_at INTEGER;
CREATE INDEX blood_test_upload_files_retention ON blood_test_upload_files (coalesce(last_opened_at, created_at)) WHERE result_id IS NOT NULL;
