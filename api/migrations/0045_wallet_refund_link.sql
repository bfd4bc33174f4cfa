-- A wallet refund's ledger row names its refund, so the wallet history can say why money came back
-- and who gave it (the refund's reason and staff member). The refund and its ledger row are written
-- in one batch, the refund first: the ledger row takes the newest wallet refund of its order with the
-- same amount that no ledger row claims yet. A trigger, so every path that refunds to the wallet links
-- its row without passing the new id through the batch.
ALTER TABLE wallet_ledger ADD COLUMN refund_id INTEGER REFERENCES refunds (id);
CREATE INDEX wallet_ledger_refund ON wallet_ledger (refund_id) WHERE refund_id IS NOT NULL;

CREATE TRIGGER wallet_ledger_refund_link AFTER INSERT ON wallet_ledger
WHEN NEW.kind = 'refund' AND NEW.order_id IS NOT NULL
BEGIN
  UPDATE wallet_ledger SET refund_id = (
    SELECT r.id FROM refunds r
    WHERE r.order_id = NEW.order_id AND r.method = 'wallet' AND r.amount = NEW.amount
      AND NOT EXISTS (SELECT 1 FROM wallet_ledger l WHERE l.refund_id = r.id)
    ORDER BY r.id DESC LIMIT 1
  ) WHERE id = NEW.id;
END;

-- Rows written before: the same rule, oldest first.
UPDATE wallet_ledger SET refund_id = (
  SELECT r.id FROM refunds r
  WHERE r.order_id = wallet_ledger.order_id AND r.method = 'wallet' AND r.amount = wallet_ledger.amount
  ORDER BY abs(r.created_at - wallet_ledger.created_at), r.id LIMIT 1
) WHERE kind = 'refund' AND order_id IS NOT NULL;
