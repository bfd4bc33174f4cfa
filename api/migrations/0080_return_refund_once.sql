-- Issue 73: a return's refund is made once and recorded even when the worker dies half-way.
-- The refund row names its return (refunds.return_id, in the order's database): a return has at most one
-- refund that has not failed (the unique index), so an attempt after a killed one, or two clerks at once,
-- cannot pay twice; and the return's claim (returns.refund_claimed_at, in the core) marks a refund started
-- but not yet recorded, which the next attempt or the minute job (api/src/returns/refund-claims.ts)
-- finishes: the return recorded refunded with her message when the refund exists, else the claim released.
ALTER TABLE refunds ADD COLUMN return_id INTEGER;
CREATE UNIQUE INDEX refunds_return_once ON refunds (return_id) WHERE return_id IS NOT NULL AND status <> 'failed';
-- The job finds claims through returns_queue (status 'inspected' first): no index of its own.
ALTER TABLE returns ADD COLUMN refund_claimed_at INTEGER;
