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
-- The products an archived order held (a JSON array of ids): a review of one still counts as bought.
ALTER TABLE orders ADD COLUMN archived_products TEXT;
-- The archive run walks the oldest orders still hot; an archived row leaves this index.
CREATE INDEX orders_hot_created ON orders (created_at, id) WHERE archived_at IS NULL;
-- A file whose order came back (a refund, an erasure) and is still to be deleted from the bucket.
CREATE INDEX orders_archive_stale ON orders (id) WHERE archived_at IS NULL AND archive_key IS NOT NULL;

-- Every SKU that archived orders sold (lines and promotion gifts) and in how many of them: the
-- catalogue still refuses to delete what was sold once its orders moved, and says in how many orders.
CREATE TABLE archived_sales (
  sku_id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL,
  orders INTEGER NOT NULL DEFAULT 0 CHECK (orders >= 0)
) WITHOUT ROWID;
CREATE INDEX archived_sales_product ON archived_sales (product_id);
-- After a rotation of UPLOAD_KEK, the cron rewraps the data keys of archived orders still on an old version.
CREATE INDEX orders_archive_version ON orders (archive_key_version) WHERE archived_at IS NOT NULL;
-- Moving a payment deletes its row: SQLite checks the rows that point at it (and the run asks whether
-- any does) by these columns; without an index each such check reads the whole ledger and refunds.
-- Partial: most rows name no payment, and `payment_id = ?` implies the condition, so the planner and
-- the foreign-key checks both use them.
CREATE INDEX wallet_ledger_payment ON wallet_ledger (payment_id) WHERE payment_id IS NOT NULL;
CREATE INDEX refunds_payment ON refunds (payment_id) WHERE payment_id IS NOT NULL;
