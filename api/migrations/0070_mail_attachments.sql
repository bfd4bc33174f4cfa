-- Issue 61: a consultation moved to another time is told by a mail that carries the new calendar
-- file (same UID, a higher SEQUENCE), so her calendar moves the event. A queued mail's files are kept
-- with it as JSON ([{"filename", "content_type", "content"}], text content), delivered with it, and
-- emptied with its body by the retention run (retention/windows.ts) and removed with the row on erasure.
ALTER TABLE mail_outbox ADD COLUMN attachments TEXT;
