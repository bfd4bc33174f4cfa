-- The twin of api/migrations/0067_orders_anonymised.sql (decision 64): orders past their tax period
-- lose the shopper's personal fields; `anonymised_at` records when, and the partial index is the walk.
ALTER TABLE orders ADD COLUMN anonymised_at INTEGER;
CREATE INDEX orders_personal_due ON orders (created_at, id) WHERE anonymised_at IS NULL;
