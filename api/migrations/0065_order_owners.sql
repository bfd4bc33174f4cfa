-- Where every order is (issue 48, decision 62): the core database's index of order numbers. Its primary
-- key keeps an order number unique across every order shard, and its owner key finds the shard that
-- holds the order (shopper_shards; no routing row: shard 0) from the number alone: the payment
-- gateway's webhook, the back office and a guest's order link know the number, not the shopper.
--
-- A row is also placement's reservation in the core while the order is written in another shard:
-- 'held' with what it took (stock, coupon, promotion uses) in `holds`, then 'placed'; a held row whose
-- order never reached its shard is given back by the minute cron (orders/reservations.ts).
CREATE TABLE order_owners (
  order_id INTEGER PRIMARY KEY,
  -- 'user:<id>' or 'email:<SHA-256 of the e-mail identity>' (db/databases.ts). NULL: an order placed
  -- before this index, still in shard 0 (a guest's identity cannot be computed in SQL); moving her
  -- writes her key.
  owner_key TEXT,
  state TEXT NOT NULL DEFAULT 'placed' CHECK (state IN ('held', 'placed')),
  -- While held: the order's lines and its coupon, as JSON, to give back if the order is not written.
  holds TEXT,
  created_at INTEGER NOT NULL,
  CHECK (state = 'placed' OR (owner_key IS NOT NULL AND holds IS NOT NULL))
);
CREATE INDEX order_owners_owner ON order_owners (owner_key) WHERE owner_key IS NOT NULL;
CREATE INDEX order_owners_held ON order_owners (created_at) WHERE state = 'held';

-- Every order so far is in shard 0. An account's key is known; a guest's stays NULL until she moves.
INSERT INTO order_owners (order_id, owner_key, state, created_at)
SELECT id, CASE WHEN user_id IS NOT NULL THEN 'user:' || user_id END, 'placed', created_at FROM orders;
