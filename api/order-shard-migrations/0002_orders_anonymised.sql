-- The twin of api/migrations/0067_orders_anonymised.sql (decision 64): orders past their tax period
-- lose the shopper's personal fields; `anonymised_at` records when, and the partial index is the walk.
ALTER TABLE orders ADD COLUMN anonymised_at INTEGER;
CREATE INDEX orders_personal_due ON orders (created_at, id) WHERE anonymised_at IS NULL;
-- A cold order's file rewritten without them leaves its old file to delete: the row names it here from
-- the swap until both buckets deleted it, so a run killed between finds it again (archive/expire.ts).
ALTER TABLE orders ADD COLUMN archive_replaced_key TEXT;
CREATE INDEX orders_archive_replaced ON orders (id) WHERE archive_replaced_key IS NOT NULL;
