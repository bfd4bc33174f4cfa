-- Signing in with a code sent to a phone (SMS or WhatsApp), and the outbox of those messages.
--
-- An account may now be a phone's alone: its email is '' until the shopper adds one, and its
-- password_hash is '' (no password signs it in). Both columns keep NOT NULL (rebuilding users would run
-- the ON DELETE CASCADE of the tables that reference it); the email index skips the empty ones.
DROP INDEX users_email;
CREATE UNIQUE INDEX users_email ON users (email) WHERE deleted_at IS NULL AND email <> '';

-- A phone proven by a code is the account's sign-in identity: one account each. users.phone without
-- phone_verified_at stays a contact number typed in the profile.
ALTER TABLE users ADD COLUMN phone_verified_at INTEGER;
CREATE UNIQUE INDEX users_verified_phone ON users (phone) WHERE phone_verified_at IS NOT NULL AND deleted_at IS NULL;

-- One row per code sent: only its HMAC is kept (keyed by the API's pepper), it works for five minutes,
-- five tries, once; a newer code for the same phone and purpose ends the older ones.
CREATE TABLE phone_codes (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('sign_in', 'verify')),
  -- The account adding this phone ('verify'); null for signing in.
  user_id INTEGER REFERENCES users (id),
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'whatsapp')),
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts <= 5),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX phone_codes_phone ON phone_codes (phone, purpose, created_at);

-- Texts to phones (codes now; order updates on WhatsApp next), queued in the batch of the change that
-- causes them and delivered after the request or by the cron, like mail (decision 14). A code's text
-- is blanked once delivered in production; local mode keeps it for /dev/messages.
CREATE TABLE message_outbox (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'whatsapp')),
  to_phone TEXT NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ar')),
  kind TEXT NOT NULL,
  -- WhatsApp: the approved template's name and its body parameters (JSON array of strings).
  template TEXT,
  params TEXT NOT NULL DEFAULT '[]',
  -- The text as the shopper reads it: the SMS itself, or the template filled in.
  body_text TEXT NOT NULL,
  dedupe_key TEXT NOT NULL UNIQUE,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER,
  delivered_at INTEGER,
  failed_at INTEGER,
  last_error TEXT,
  provider_ref TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX message_outbox_due ON message_outbox (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
