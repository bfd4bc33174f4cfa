-- Cold orders (issue 48, decision 60): an order closed for ARCHIVE_AFTER_DAYS moves its lines, events,
-- promotions and payments into one sealed file in the ARCHIVE bucket; the orders row stays
-- (the ledgers, refunds, referrals and subscriptions point at it, and the back office's search, the
-- reports and the tax invoice read its columns). These columns say where the file is and how it opens:
-- AES-256-GCM under a data key wrapped by the archive keyring (api/src/archive/seal.ts).
ALTER TABLE orders ADD COLUMN archived_at INTEGER;
ALTER TABLE orders ADD COLUMN archive_key TEXT;
ALTER TABLE orders ADD COLUMN archive_wrapped_key TEXT;
ALTER TABLE orders ADD COLUMN archive_iv TEXT;
ALTER TABLE orders ADD COLUMN archive_key_version INTEGER;
-- The archive run walks the oldest orders still hot; an archived row leaves this index.
CREATE INDEX orders_hot_created ON orders (created_at, id) WHERE archived_at IS NULL;
-- A file whose order came back (a refund, an erasure) and is still to be deleted from the bucket.
CREATE INDEX orders_archive_stale ON orders (id) WHERE archived_at IS NULL AND archive_key IS NOT NULL;
