-- The twin of api/migrations/0080_return_refund_once.sql (issue 73): a return's refund names its return
-- (the return lives in the core), and a return has at most one refund that has not failed.
ALTER TABLE refunds ADD COLUMN return_id INTEGER;
CREATE UNIQUE INDEX refunds_return_once ON refunds (return_id) WHERE return_id IS NOT NULL AND status <> 'failed';
