-- Tax records without the shopper (issue 60, decision 64): an order past its tax period (six years after
-- the end of the year of the sale) keeps what the tax invoice needs and loses the shopper's address,
-- contact and delivery details. `anonymised_at` records when; the retention run walks the orders not yet
-- anonymised, oldest first, through the partial index (an anonymised order leaves it).
ALTER TABLE orders ADD COLUMN anonymised_at INTEGER;
CREATE INDEX orders_personal_due ON orders (created_at, id) WHERE anonymised_at IS NULL;
