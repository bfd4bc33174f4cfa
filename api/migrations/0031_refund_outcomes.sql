-- Gateway refunds settle later: Tap answers a refund PENDING and posts the refund
-- object to the refund's post.url when it is REFUNDED or FAILED; a sweep asks Tap about refunds still
-- pending after some hours. Each refund settles once: this row is the first statement of the batch
-- that settles it, so a webhook delivered twice, or the webhook and the sweep racing, change nothing
-- the second time (as payment_events does for charges).
CREATE TABLE refund_events (
  refund_id INTEGER PRIMARY KEY REFERENCES refunds (id),
  outcome TEXT NOT NULL CHECK (outcome IN ('succeeded', 'failed')),
  -- Who told: the gateway's webhook, the sweep asking the gateway, or a tester settling a sandbox refund.
  source TEXT NOT NULL CHECK (source IN ('webhook', 'sweep', 'sandbox')),
  created_at INTEGER NOT NULL
);

-- The sweep's question: which gateway refunds are still pending, oldest check first.
CREATE INDEX refunds_pending ON refunds (updated_at) WHERE status = 'pending';
