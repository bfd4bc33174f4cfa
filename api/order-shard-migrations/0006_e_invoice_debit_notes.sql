-- The twin of api/migrations/0087_e_invoice_debit_notes.sql (issue 75): `e_invoices.kind` takes
-- 'debit-note' (a card refund the gateway fails after its credit note was signed), by rebuilding the table.
CREATE TABLE e_invoices_next (
  -- The chain's idempotency key: 'order:<id>', 'refund:<id>', 'debit:refund:<id>', 'booking:<kind>:<id>',
  -- 'booking-refund:<kind>:<id>[:<n>]'.
  key TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit-note', 'debit-note')),
  order_id INTEGER,
  refund_id INTEGER,
  -- A booking's reference ('blood-test:<id>', 'consultation:<id>') when the sale is a booking.
  booking_ref TEXT,
  -- A credit note's invoice (its key); a debit note's credit note (its key).
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
INSERT INTO e_invoices_next (key, kind, order_id, refund_id, booking_ref, invoice_key, user_id, unit, state, waiting_reason, icv, uuid, invoice_hash, qr, total_minor, vat_minor, issued_at, report_status, report_attempts, next_report_at, report_messages, reported_at, requested_at)
  SELECT key, kind, order_id, refund_id, booking_ref, invoice_key, user_id, unit, state, waiting_reason, icv, uuid, invoice_hash, qr, total_minor, vat_minor, issued_at, report_status, report_attempts, next_report_at, report_messages, reported_at, requested_at FROM e_invoices;
DROP TABLE e_invoices;
ALTER TABLE e_invoices_next RENAME TO e_invoices;
CREATE INDEX e_invoices_order ON e_invoices (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX e_invoices_booking ON e_invoices (booking_ref) WHERE booking_ref IS NOT NULL;
CREATE INDEX e_invoices_due ON e_invoices (state, report_status, next_report_at);
CREATE INDEX e_invoices_by_status ON e_invoices (report_status, issued_at);
