-- Tax records without the shopper (issue 60, decision 64): an order past its tax period (six years after
-- the end of the year of the sale) keeps what the tax invoice needs and loses the shopper's address,
-- contact and delivery details. `anonymised_at` records when; the retention run walks the orders not yet
-- anonymised, oldest first, through the partial index (an anonymised order leaves it).
ALTER TABLE orders ADD COLUMN anonymised_at INTEGER;
CREATE INDEX orders_personal_due ON orders (created_at, id) WHERE anonymised_at IS NULL;
-- A cold order's file rewritten without them leaves its old file to delete: the row names it here from
-- the swap until both buckets deleted it, so a run killed between finds it again (archive/expire.ts).
ALTER TABLE orders ADD COLUMN archive_replaced_key TEXT;
CREATE INDEX orders_archive_replaced ON orders (id) WHERE archive_replaced_key IS NOT NULL;
