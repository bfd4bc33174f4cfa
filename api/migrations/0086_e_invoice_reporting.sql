-- Saudi e-invoices reported to ZATCA (issue 75, decision 75's reporting amendment): one claim per stamp's
-- unit, so one reporting run at a time sends that unit's documents, in the chain's order. A run takes the
-- claim with a conditional upsert (only when free or past `until`), renews it before each send and drops
-- it at the end; a run that died leaves a claim that lapses after a few minutes, and the next run resends
-- the one document whose answer it may not have stored (ZATCA answers a resend of the same UUID and hash
-- with its first answer; the answer is written only over 'pending', so it is stored once).
-- Core only: the chain's units are the shop's, not a shopper's, so no order shard holds a twin.
CREATE TABLE e_invoice_report_claims (
  unit TEXT PRIMARY KEY,
  -- The run holding it (a random id per run).
  holder TEXT NOT NULL,
  -- Epoch ms after which another run may take the unit.
  until INTEGER NOT NULL
);
