-- A consultation's refund to the card is a refunds row like an order's (issue 46): stored pending
-- before the gateway is asked, settled by its webhook or the sweep (payments/refunds.ts), and when
-- the gateway fails it the money goes to the shopper's wallet. So order_id becomes optional and
-- consultation_id names the consultation: exactly one of them is set.
--
-- SQLite cannot change a column's NOT NULL in place: the table is rebuilt under the same name
-- (refund_events, order_events and wallet_ledger refer to it by name and keep their rows' ids), with
-- its indexes, and the wallet's link trigger, whose body reads refunds, is dropped for the rebuild and
-- made again as it was.
PRAGMA defer_foreign_keys = on;

DROP TRIGGER wallet_ledger_refund_link;

CREATE TABLE refunds_new (
  id INTEGER PRIMARY KEY,
  order_id INTEGER REFERENCES orders (id),
  amount INTEGER NOT NULL CONSTRAINT refund_within_paid CHECK (amount > 0),
  currency TEXT NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('wallet', 'gateway')),
  reason TEXT NOT NULL CHECK (reason IN ('damaged', 'missing_item', 'late_delivery', 'goodwill', 'cancelled', 'other')),
  note TEXT,
  -- Gateway refunds start 'pending' (they count as refunded until they fail); wallet ones succeed at once.
  status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  payment_id TEXT REFERENCES payments (id),
  provider_ref TEXT,
  staff_id INTEGER REFERENCES staff (id),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  consultation_id INTEGER REFERENCES consultations (id),
  CONSTRAINT refund_of_one CHECK ((order_id IS NULL) <> (consultation_id IS NULL))
);
INSERT INTO refunds_new (id, order_id, amount, currency, method, reason, note, status, payment_id, provider_ref, staff_id, created_at, updated_at)
  SELECT id, order_id, amount, currency, method, reason, note, status, payment_id, provider_ref, staff_id, created_at, updated_at FROM refunds;
DROP TABLE refunds;
ALTER TABLE refunds_new RENAME TO refunds;
CREATE INDEX refunds_order ON refunds (order_id);
CREATE INDEX refunds_consultation ON refunds (consultation_id) WHERE consultation_id IS NOT NULL;
CREATE INDEX refunds_pending ON refunds (updated_at) WHERE status = 'pending';

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
