-- Money going back to a shopper recorded with the change that gives it (the shop's standard: a kill at any
-- point leaves nothing half-done), in two parts.
--
-- 1. A consultation's card refund is stored pending in the batch that cancels or marks the consultation
-- (consultations/refund.ts), before the gateway is asked. When the gateway refuses it there and then (its
-- call throws, or answers failed), the refund is settled failed at once as one the gateway fails later
-- is (payments/refunds.ts): its refund_events row first, so a webhook or the sweep settling it as well
-- changes nothing, and the amount goes to her wallet in that batch. This source names that settlement:
-- the gateway's own answer to the refund call.
--
-- SQLite cannot change a CHECK in place: the table is rebuilt under the same name (nothing refers to it;
-- it keeps its rows). An order shard's refund_events keeps its three sources: only a consultation's
-- refund, the core's alone, is settled this way.
PRAGMA defer_foreign_keys = on;

CREATE TABLE refund_events_new (
  refund_id INTEGER PRIMARY KEY REFERENCES refunds (id),
  outcome TEXT NOT NULL CHECK (outcome IN ('succeeded', 'failed')),
  -- Who told: the gateway's webhook, the sweep asking the gateway, a tester settling a sandbox refund, or
  -- the gateway refusing the refund when asked.
  source TEXT NOT NULL CHECK (source IN ('webhook', 'sweep', 'sandbox', 'gateway')),
  created_at INTEGER NOT NULL
);
INSERT INTO refund_events_new (refund_id, outcome, source, created_at)
  SELECT refund_id, outcome, source, created_at FROM refund_events;
DROP TABLE refund_events;
ALTER TABLE refund_events_new RENAME TO refund_events;

-- 2. A booking's wallet give-back owed in the shopper's order shard (decision 61): a consultation or blood
-- test is the core's, her wallet hers, so the money back for a failed payment, a cancel, an outcome or
-- a card refund the gateway failed cannot be written in the core's batch that records why. That batch
-- writes this row instead, so the give-back commits with its reason; the request then writes it into
-- her shard and deletes the row, and the minute cron does both for a row a dying request left
-- (orders/give-backs.ts). Her shard's ledger row carries `note` as its key: written once, whoever
-- writes it and however often.
CREATE TABLE wallet_give_backs (
  -- The ledger row's note in her shard, unique by its reason ("consultation 12: payment pay_… failed").
  note TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL,
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  consultation_id INTEGER,
  blood_test_order_id INTEGER,
  created_at INTEGER NOT NULL,
  CONSTRAINT give_back_of_one CHECK ((consultation_id IS NULL) <> (blood_test_order_id IS NULL))
);
CREATE INDEX wallet_give_backs_created ON wallet_give_backs (created_at);
