-- The back office (decision 27): staff accounts apart from shoppers, their roles (each for
-- every country or one), their sessions, and one audit log of every change and every view of health data.
CREATE TABLE staff (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL COLLATE NOCASE,
  name TEXT NOT NULL,
  -- "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>", as for shoppers, with the same pepper.
  password_hash TEXT NOT NULL,
  -- The TOTP secret sealed with AES-GCM under a key derived from TOKEN_SECRET (api/src/staff/secret-box.ts).
  totp_secret TEXT NOT NULL,
  -- The last TOTP time step accepted: a code is good once (RFC 6238 §5.2).
  totp_last_step INTEGER NOT NULL DEFAULT 0,
  lang TEXT NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'ar')),
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at INTEGER NOT NULL,
  created_by INTEGER REFERENCES staff (id)
);
CREATE UNIQUE INDEX staff_email ON staff (email);

CREATE TABLE staff_roles (
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  role TEXT NOT NULL CHECK (role IN ('owner', 'catalogue_manager', 'fulfilment', 'lab_coordinator', 'support', 'nutritionist')),
  -- NULL: every country; else the grant holds in that country only.
  country TEXT CHECK (country IN ('KW', 'SA'))
);
CREATE UNIQUE INDEX staff_roles_unique ON staff_roles (staff_id, role, IFNULL(country, '*'));

CREATE TABLE staff_sessions (
  id INTEGER PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  -- A staff session lasts a working day at most, and ends after an hour without use.
  expires_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- Password step passed, TOTP step pending: a single-use ticket of five minutes.
CREATE TABLE staff_sign_in_tickets (
  token_hash TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  staff_id INTEGER REFERENCES staff (id),
  -- What happened, as '<resource>.<verb>': 'order.ship', 'wallet.adjust', 'result.view' …
  action TEXT NOT NULL,
  resource TEXT NOT NULL,
  resource_id TEXT,
  country TEXT,
  -- JSON of the fields that changed, before and after; NULL for views.
  before_json TEXT,
  after_json TEXT,
  reason TEXT,
  request_id TEXT,
  at INTEGER NOT NULL
);
CREATE INDEX audit_log_at ON audit_log (at DESC);
CREATE INDEX audit_log_resource ON audit_log (resource, resource_id, at DESC);
CREATE INDEX audit_log_staff ON audit_log (staff_id, at DESC);
