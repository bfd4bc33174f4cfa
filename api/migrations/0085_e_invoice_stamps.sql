-- Saudi e-invoices' onboarding (issue 75, decision 75's amendment "the stamp store"): the seller's legal
-- data the documents carry, and each stamp the owner onboarded with ZATCA in the back office. The
-- private key and the CSIDs' secrets are sealed (AES-256-GCM, api/src/staff/secret-box.ts under a key of
-- their own derived from TOKEN_SECRET): a copy of the database alone cannot sign or report. The CSR and
-- the certificates are public (a certificate is in every document).

-- One row: the seller as the documents name it (BT-27 name in Arabic, BT-31 VAT number, the commercial
-- registration as the other seller ID, the National Address), and the CSR's branch and category.
CREATE TABLE e_invoice_seller (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  name_ar TEXT NOT NULL,
  vat_number TEXT NOT NULL,
  cr_number TEXT NOT NULL,
  street TEXT NOT NULL,
  building TEXT NOT NULL,
  district TEXT NOT NULL,
  city TEXT NOT NULL,
  postal_code TEXT NOT NULL,
  branch TEXT NOT NULL,
  business_category TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);

-- Each stamp, one per onboarding (or renewal) in one ZATCA environment, through its states in ZATCA's
-- order: 'keys' (key pair and CSR made), 'compliance' (compliance CSID issued), 'checked' (every sample
-- document passed the compliance checks), 'active' (production CSID issued: it signs and reports),
-- 'replaced' (a renewal or a new onboarding took over), 'abandoned' (the owner started again before
-- it became active). `unit` is the EGS unit (the CSR's common name): the chain's name, kept across
-- renewals so the chain goes on.
CREATE TABLE e_invoice_stamps (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  environment TEXT NOT NULL CHECK (environment IN ('local', 'sandbox', 'simulation', 'production')),
  unit TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('keys', 'compliance', 'checked', 'active', 'replaced', 'abandoned')),
  -- The stamp this one renews (its unit's previous active stamp), NULL for a first onboarding.
  renews_id INTEGER REFERENCES e_invoice_stamps (id),
  sealed_private_key TEXT NOT NULL,
  csr TEXT NOT NULL,
  compliance_token TEXT,
  sealed_compliance_secret TEXT,
  compliance_request_id TEXT,
  -- The sample documents' results, JSON: { "invoice": "PASS", "credit-note": "WARNING", ... }.
  compliance_checks TEXT,
  production_token TEXT,
  sealed_production_secret TEXT,
  -- The production CSID's certificate (base64 DER, what ds:X509Certificate holds) and its validity.
  certificate TEXT,
  not_before INTEGER,
  not_after INTEGER,
  -- The last step's outcome as the page shows it, JSON: step, outcome, ZATCA's messages, at.
  last_step TEXT,
  created_at INTEGER NOT NULL,
  activated_at INTEGER
);
-- At most one active stamp per environment: the one stampInUse answers with.
CREATE UNIQUE INDEX e_invoice_stamps_active ON e_invoice_stamps (environment) WHERE state = 'active';
