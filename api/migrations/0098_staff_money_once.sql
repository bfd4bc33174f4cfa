-- A staff member's money form is acted on once however often it is sent (a double click, a reload, two
-- tabs): the refund form and the wallet adjustment carry a key minted when the form was shown, stored
-- with the refund row or the adjustment's ledger row in the same batch that moves the money. A repeat
-- with the key finds the row and answers as the first did, moving nothing; two at once cannot both
-- store it (the unique indexes). Older rows, the shop's own refunds (cancel, returns, consultations)
-- and every other wallet movement keep NULL. The points adjustment has done this since migration 0060
-- (points_ledger.event_key `adjust:<uuid>`).
ALTER TABLE refunds ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX refunds_idempotency_key ON refunds (idempotency_key) WHERE idempotency_key IS NOT NULL;
ALTER TABLE wallet_ledger ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX wallet_ledger_idempotency_key ON wallet_ledger (idempotency_key)
  WHERE idempotency_key IS NOT NULL;
