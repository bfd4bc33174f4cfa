-- The local ZATCA stand-in (issue 75, decision 75; api/src/e-invoices/stand-in/): what it issued and
-- what it received, as ZATCA keeps them on its side. Local mode only: production never writes here
-- (ZATCA_ENVIRONMENT is never 'local' there). The chain it checks is per unit (the CSR's common name):
-- the last document of the unit it reported before gives the expected counter and previous hash.

-- Each CSID it issued: the token is the certificate as ZATCA's binarySecurityToken (base64 of its
-- base64 DER); the CSR is kept so the production CSID is the same request signed again.
CREATE TABLE zatca_stand_in_csids (
  token TEXT PRIMARY KEY,
  secret TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('compliance', 'production')),
  request_id TEXT NOT NULL UNIQUE,
  unit TEXT NOT NULL,
  csr TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- Each document it received, with its answer (validationResults as JSON) and the XML itself, for the
-- local page that lists them and for the chain check of the next one.
CREATE TABLE zatca_stand_in_documents (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('compliance', 'reporting')),
  unit TEXT NOT NULL,
  token TEXT NOT NULL,
  uuid TEXT NOT NULL,
  invoice_hash TEXT,
  icv INTEGER,
  status TEXT NOT NULL CHECK (status IN ('PASS', 'WARNING', 'ERROR')),
  answer TEXT NOT NULL,
  xml TEXT NOT NULL,
  received_at INTEGER NOT NULL
);
CREATE INDEX zatca_stand_in_documents_chain ON zatca_stand_in_documents (unit, kind, status, id);
