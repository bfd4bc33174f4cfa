-- A subscription run follows its order's payment (decision 45, api/src/subscriptions/run-failed.ts): the
-- order's batch links the claimed run to the order, and the batch recording the order's failed or
-- never-confirmed charge finds the run by its order to fail it, with its mail. That lookup runs for
-- every failed order payment, so it reads an index rather than every run. Orders no run placed, and runs
-- that placed none, are left out of it.
-- subscription_runs.failure gains 'payment_unconfirmed' (the charge was never confirmed and was closed
-- unpaid); the column has no CHECK, so nothing else changes.
CREATE INDEX subscription_runs_order ON subscription_runs (order_id) WHERE order_id IS NOT NULL;
