-- The twin of api/migrations/0084_e_invoices.sql (issue 75): the shop's record of each sale's and refund's document.
-- The chain (the EInvoiceChain Durable Object, one per stamp) is the only writer of counters and keeps
-- the signed XML; a row here says which sale or refund a document is for, whether it is signed yet,
-- what the shopper's printed invoice shows (the document's payable amount, VAT and phase-2 QR) and what
-- ZATCA answered when it was reported. Core holds shard 0's orders and every booking; the other order
-- shards hold the twin (api/order-shard-migrations/0005_e_invoices.sql).
-- A row is kept for the tax law's retention (six years) whatever happens to the shopper's account: a
-- simplified invoice names no buyer, and erasure leaves it (docs/data-fates.md).
CREATE TABLE e_invoices (
  -- The chain's idempotency key: 'order:<id>', 'refund:<id>', 'booking:<kind>:<id>', 'booking-refund:<kind>:<id>'.
  key TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit-note')),
  order_id INTEGER,
  refund_id INTEGER,
  -- A booking's reference ('blood-test:<id>', 'consultation:<id>') when the sale is a booking.
  booking_ref TEXT,
  -- A credit note's invoice (its key).
  invoice_key TEXT,
  -- The owner, for owner-only reads (NULL for a guest order).
  user_id INTEGER,
  -- The stamp's EGS unit that signed it (the chain object's name).
  unit TEXT,
  state TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'signed')),
  -- Why it is not signed yet: the chain's refusal ('no-stamp', 'certificate-expired', ...).
  waiting_reason TEXT,
  icv INTEGER,
  uuid TEXT,
  invoice_hash TEXT,
  -- The phase-2 QR's base64 TLV text (nine fields), as printed.
  qr TEXT,
  -- The document's payable amount and VAT in minor units, as the printed invoice shows them.
  total_minor INTEGER,
  vat_minor INTEGER,
  issued_at INTEGER,
  report_status TEXT NOT NULL DEFAULT 'pending' CHECK (report_status IN ('pending', 'reported', 'warning', 'refused')),
  report_attempts INTEGER NOT NULL DEFAULT 0,
  next_report_at INTEGER,
  -- ZATCA's warnings or errors (JSON list of { type, code, category, message, status }).
  report_messages TEXT,
  reported_at INTEGER,
  requested_at INTEGER NOT NULL,
  CHECK (state = 'waiting' OR (icv IS NOT NULL AND uuid IS NOT NULL AND invoice_hash IS NOT NULL AND qr IS NOT NULL AND issued_at IS NOT NULL))
);
CREATE INDEX e_invoices_order ON e_invoices (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX e_invoices_booking ON e_invoices (booking_ref) WHERE booking_ref IS NOT NULL;
CREATE INDEX e_invoices_due ON e_invoices (state, report_status, next_report_at);
CREATE INDEX e_invoices_by_status ON e_invoices (report_status, issued_at);
