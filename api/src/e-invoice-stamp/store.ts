// The stamp store (issue 75, decision 75's amendment "the stamp store"): the seller's legal data and
// each stamp the owner onboarded, in D1 (migration 0085). The private key and the CSIDs' secrets are
// sealed with the staff secret box under this store's own purpose (TOKEN_SECRET's key for e-invoice
// stamps): they are opened only here, for the chain and for ZATCA, and never leave the API in an answer,
// an error or a log line. The CSR and the certificates are public.
import type { SellerParty } from '../e-invoices';
import type { ZatcaEnvironment } from '../e-invoices/zatca/environments';
import { open, seal } from '../staff/secret-box';
import type { EInvoiceSeller, EInvoicingLastStep } from '#shared/api/e-invoicing-schemas';

/** The HKDF purpose of the stamp's boxes: a staff TOTP box never opens one of these, nor the reverse. */
const PURPOSE = 'e-invoice-stamp-v1';

type StampState = 'keys' | 'compliance' | 'checked' | 'active' | 'replaced' | 'abandoned';

export interface StampRow {
  id: number;
  environment: ZatcaEnvironment;
  unit: string;
  state: StampState;
  renews_id: number | null;
  sealed_private_key: string;
  csr: string;
  compliance_token: string | null;
  sealed_compliance_secret: string | null;
  compliance_request_id: string | null;
  compliance_checks: string | null;
  production_token: string | null;
  sealed_production_secret: string | null;
  certificate: string | null;
  not_before: number | null;
  not_after: number | null;
  last_step: string | null;
  created_at: number;
  activated_at: number | null;
}

export const sealSecret = (plain: string, tokenSecret: string) => seal(plain, tokenSecret, PURPOSE);

/** A sealed secret opened; a box that does not open (TOKEN_SECRET changed, tampered) is an operator's fault. */
export async function openSecret(box: string, tokenSecret: string): Promise<string> {
  const plain = await open(box, tokenSecret, PURPOSE);
  // The message names neither the box nor its content.
  if (plain === null) throw new Error('an e-invoice stamp secret does not open with TOKEN_SECRET');
  return plain;
}

export const sellerStatement = (db: D1Database) => db.prepare('SELECT * FROM e_invoice_seller WHERE id = 1');

export type SellerRow = EInvoiceSeller & { updated_at: number };

export function sellerOf(row: SellerRow | null): EInvoiceSeller | null {
  if (!row) return null;
  const { updated_at: _, id: __, ...seller } = row as SellerRow & { id?: number };
  return seller;
}

/** The seller as the documents' AccountingSupplierParty takes it (document.ts). */
export function sellerParty(seller: EInvoiceSeller): SellerParty {
  return {
    name: seller.name_ar,
    vatNumber: seller.vat_number,
    crNumber: seller.cr_number,
    address: {
      street: seller.street,
      building: seller.building,
      district: seller.district,
      city: seller.city,
      postalCode: seller.postal_code,
    },
  };
}

export function saveSellerStatement(db: D1Database, seller: EInvoiceSeller, now: number): D1PreparedStatement {
  const columns = Object.keys(seller) as (keyof EInvoiceSeller)[];
  return db
    .prepare(
      `INSERT INTO e_invoice_seller (id, ${columns.join(', ')}, updated_at) VALUES (1, ${columns.map(() => '?').join(', ')}, ?)
       ON CONFLICT (id) DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = excluded.updated_at`,
    )
    .bind(...columns.map((c) => seller[c]), now);
}

/** The environment's active stamp (at most one, by the table's unique index). */
export const activeStatement = (db: D1Database, environment: ZatcaEnvironment) =>
  db.prepare("SELECT * FROM e_invoice_stamps WHERE environment = ? AND state = 'active'").bind(environment);

/** The environment's onboarding under way, the newest. */
export const pendingStatement = (db: D1Database, environment: ZatcaEnvironment) =>
  db
    .prepare(
      "SELECT * FROM e_invoice_stamps WHERE environment = ? AND state IN ('keys', 'compliance', 'checked') ORDER BY id DESC LIMIT 1",
    )
    .bind(environment);

export const lastStepOf = (row: StampRow): EInvoicingLastStep | null =>
  row.last_step ? (JSON.parse(row.last_step) as EInvoicingLastStep) : null;

export const checksOf = (row: StampRow): Record<string, string> =>
  row.compliance_checks ? (JSON.parse(row.compliance_checks) as Record<string, string>) : {};

export const lastStepStatement = (db: D1Database, id: number, step: EInvoicingLastStep) =>
  db.prepare('UPDATE e_invoice_stamps SET last_step = ? WHERE id = ?').bind(JSON.stringify(step), id);
