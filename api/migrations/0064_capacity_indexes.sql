-- Indexes the capacity bench's query plans asked for (issue 48, docs/operating/capacity.md).
--
-- The cold-order archive deletes an order's payments (api/src/archive/tables.ts). D1 enforces foreign
-- keys, so each deleted payment is looked up in every table that points at it, and the remove's own
-- NOT EXISTS reads the same columns: without these, each archived payment was two scans of the whole
-- wallet ledger and refunds table, work that grows with the shop (EXPLAIN QUERY PLAN: SCAN
-- wallet_ledger, SCAN refunds). Partial: most rows name no payment, and `payment_id = ?` implies the
-- condition, so the planner and the foreign-key checks both use them.
CREATE INDEX wallet_ledger_payment ON wallet_ledger (payment_id) WHERE payment_id IS NOT NULL;
CREATE INDEX refunds_payment ON refunds (payment_id) WHERE payment_id IS NOT NULL;
