-- Phone codes that strangers cannot spend or block (decision 51).
--
-- A code belongs to the device that asked for it: only that device's guesses count against its five
-- tries, and a newer code ends only that device's older ones. Codes issued before this migration have
-- no requester ('') and simply run out within their five minutes.
ALTER TABLE phone_codes ADD COLUMN requester TEXT NOT NULL DEFAULT '';
DROP INDEX phone_codes_phone;
CREATE INDEX phone_codes_phone ON phone_codes (phone, purpose, requester, created_at);

-- Devices that signed in with a number's code, or proved it for their account: their own requests for
-- a code pass the per-number caps strangers can fill (each device keeps its own caps). Kept 90 days
-- after the last such sign-in (the cron), removed when the number leaves its account or the account
-- is erased.
CREATE TABLE phone_known_devices (
  phone TEXT NOT NULL,
  device_id TEXT NOT NULL,
  proven_at INTEGER NOT NULL,
  PRIMARY KEY (phone, device_id)
) WITHOUT ROWID;
CREATE INDEX phone_known_devices_proven ON phone_known_devices (proven_at);
