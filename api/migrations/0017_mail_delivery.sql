-- Durable mail (decision 0014): every mail is a mail_outbox row written in the same batch as
-- the change that causes it, then delivered outside the request (right after it, and by the cron
-- sweep) with exponential backoff and a maximum number of attempts.
ALTER TABLE mail_outbox ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
-- order_confirmation | payment_confirmation | password_reset | email_verification | other
ALTER TABLE mail_outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'other';
-- One mail per cause (e.g. 'order:<id>:confirmation'): a replayed submit or webhook adds no second copy.
ALTER TABLE mail_outbox ADD COLUMN dedupe_key TEXT;
ALTER TABLE mail_outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
-- When the next delivery attempt is due; NULL once delivered or given up.
ALTER TABLE mail_outbox ADD COLUMN next_attempt_at INTEGER;
ALTER TABLE mail_outbox ADD COLUMN delivered_at INTEGER;
-- Set when the attempts ran out: the back office lists these.
ALTER TABLE mail_outbox ADD COLUMN failed_at INTEGER;
ALTER TABLE mail_outbox ADD COLUMN last_error TEXT;

-- Rows from before were written by the local sender at the moment they were "sent".
UPDATE mail_outbox SET delivered_at = created_at;

CREATE UNIQUE INDEX mail_outbox_dedupe ON mail_outbox (dedupe_key);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX mail_outbox_failed ON mail_outbox (failed_at) WHERE failed_at IS NOT NULL;
