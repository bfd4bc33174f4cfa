// What the owner's E-invoicing page shows (issue 75): the environment, the seller, the stamp in use and
// an onboarding under way, each step's last outcome with ZATCA's messages, and how soon to renew. Public
// parts only: no key, no secret, no token (a token is the certificate, but the page has no use for it).
import type { ZatcaEnvironment } from '../e-invoices/zatca/environments';
import { renewWithinDays } from './renewal';
import {
  activeStatement,
  checksOf,
  lastStepOf,
  pendingStatement,
  type SellerRow,
  sellerOf,
  sellerStatement,
  type StampRow,
} from './store';
import { type EInvoiceStampView, type EInvoicingView, SAMPLE_KINDS } from '#shared/api/e-invoicing-schemas';

function stampView(row: StampRow | undefined): EInvoiceStampView | null {
  if (!row || !['keys', 'compliance', 'checked', 'active'].includes(row.state)) return null;
  const checks = checksOf(row);
  return {
    id: row.id,
    unit: row.unit,
    state: row.state as EInvoiceStampView['state'],
    environment: row.environment,
    csr: row.csr,
    checks: SAMPLE_KINDS.filter((kind) => checks[kind]).map((kind) => ({ kind, status: checks[kind]! })),
    not_before: row.not_before,
    not_after: row.not_after,
    last_step: lastStepOf(row),
  };
}

/** One D1 round trip: the seller, the active stamp and the onboarding under way. */
export async function eInvoicingView(
  db: D1Database,
  environment: ZatcaEnvironment,
  now: number,
): Promise<EInvoicingView> {
  const [seller, active, pending] = await db.batch([
    sellerStatement(db),
    activeStatement(db, environment),
    pendingStatement(db, environment),
  ]);
  const activeRow = active?.results[0] as StampRow | undefined;
  return {
    environment,
    seller: sellerOf((seller?.results[0] as SellerRow | undefined) ?? null),
    active: stampView(activeRow),
    pending: stampView(pending?.results[0] as StampRow | undefined),
    renew_within_days: renewWithinDays(activeRow?.not_after ?? null, now),
  };
}
