-- Accounts: users, sessions (tokens stored hashed), password resets (single use, hashed), a mail
-- outbox for the local mail sender, and failed sign-in counters for rate limiting.
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL COLLATE NOCASE,
  phone TEXT,
  -- "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>": parameters travel with each hash.
  password_hash TEXT NOT NULL,
  lang TEXT NOT NULL DEFAULT 'en',
  created_at INTEGER NOT NULL,
  deleted_at INTEGER
);
CREATE UNIQUE INDEX users_email ON users (email) WHERE deleted_at IS NULL;

CREATE TABLE sessions (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX password_resets_user ON password_resets (user_id);

CREATE TABLE mail_outbox (
  id INTEGER PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  body_text TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE failed_logins (
  id INTEGER PRIMARY KEY,
  -- 'email:<address>' or 'ip:<address>'
  key TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX failed_logins_key ON failed_logins (key, at);
