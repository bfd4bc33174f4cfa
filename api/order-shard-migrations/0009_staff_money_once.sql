-- The twin of api/migrations/0098_staff_money_once.sql: a staff refund's and a wallet adjustment's form
-- key, stored with the row that moves the money, at most one row per key.
ALTER TABLE refunds ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX refunds_idempotency_key ON refunds (idempotency_key) WHERE idempotency_key IS NOT NULL;
ALTER TABLE wallet_ledger ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX wallet_ledger_idempotency_key ON wallet_ledger (idempotency_key)
  WHERE idempotency_key IS NOT NULL;
