-- A guest's orders waiting to join her account in another order shard (issue 48, decision 62's
-- amendment). Orders change owner inside one database; when the proven address's guest orders and the
-- account are in different shards, the claim is kept here and the minute cron moves the one in the
-- lower shard up to the other's (moves only go up) and then gives the orders to the account
-- (api/src/orders/guest-claims.ts). A row goes when its orders have joined, or when the account is
-- erased or no longer has the address.
CREATE TABLE guest_claims (
  user_id INTEGER NOT NULL,
  email TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  -- A run working on it until then (a move waits out its grace): the next minute's run leaves it be.
  leased_until INTEGER NOT NULL DEFAULT 0,
  attempts INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, email)
);
CREATE INDEX guest_claims_due ON guest_claims (leased_until);
