// What the onboarding's steps share (issue 75; ./onboarding.ts, ./renew.ts): the step's context, the
// ZATCA adapter in the owner's language, a step's audit row, a failed step's record and answer, the
// seller, the CSR with ZATCA's fields, and a certificate's validity.
import { certificateRequest, readCertificate, type TEMPLATE_NAMES, ZATCA_COUNTRY } from '../e-invoices';
import { zatcaFor } from '../e-invoices/zatca';
import type { ZatcaMessage } from '../e-invoices/zatca/answers';
import type { ZatcaEnvironment } from '../e-invoices/zatca/environments';
import type { ApiConfig } from '../lib/config';
import { ApiError } from '../lib/errors';
import { auditStatement } from '../staff/audit';
import type { StaffMember } from '../staff/sessions';
import type { EInvoiceSeller, EInvoicingLastStep, EInvoicingStep } from '#shared/api/e-invoicing-schemas';
import { lastStepStatement, pendingStatement, type SellerRow, sellerOf, sellerStatement, type StampRow } from './store';

/** The country whose e-invoices ZATCA receives (../e-invoices/country.ts), as the steps import it. */
export { ZATCA_COUNTRY };

/** The CSR's serial number names the solution and its version (SN "1-<solution>|2-<version>|3-<unit>"). */
const SOLUTION = 'GulfShop';
const SOLUTION_VERSION = '1.0';

export interface StepContext {
  db: D1Database;
  config: Pick<ApiConfig, 'ZATCA_ENVIRONMENT' | 'TOKEN_SECRET'>;
  member: Pick<StaffMember, 'id'>;
  language: 'en' | 'ar';
  now: number;
}

export const env = (ctx: StepContext): ZatcaEnvironment => ctx.config.ZATCA_ENVIRONMENT;
export const zatca = (ctx: StepContext) => zatcaFor(env(ctx), ctx.db, { language: ctx.language });
const shown = (messages: ZatcaMessage[]) => messages.map(({ type, code, message }) => ({ type, code, message }));

/** Audited per EGS unit of the environment ("sandbox:Gulf Shop Online"): one unit's trail across its stamps. */
export const audit = (
  ctx: StepContext,
  step: EInvoicingStep,
  unit: string,
  after: unknown,
  unlessExists?: { sql: string; binds: unknown[] },
) =>
  auditStatement(
    ctx.db,
    ctx.member,
    {
      action: `e_invoicing.${step}`,
      resource: 'e_invoice_stamps',
      resourceId: `${env(ctx)}:${unit}`,
      country: ZATCA_COUNTRY,
      after,
    },
    unlessExists,
  );

export async function sellerNow(ctx: StepContext): Promise<EInvoiceSeller> {
  const seller = sellerOf(await sellerStatement(ctx.db).first<SellerRow>());
  if (!seller) throw new ApiError(409, 'e_invoicing_seller_missing');
  return seller;
}

export async function pending(ctx: StepContext, state: StampRow['state']): Promise<StampRow> {
  const row = await pendingStatement(ctx.db, env(ctx)).first<StampRow>();
  if (row?.state !== state) throw new ApiError(409, 'e_invoicing_step_out_of_order');
  return row;
}

/** A failed step: its outcome on the stamp and in the audit log, then the 4xx (or 503) the page shows. */
export async function failed(
  ctx: StepContext,
  step: EInvoicingStep,
  stamp: Pick<StampRow, 'id' | 'unit'>,
  outcome: { kind: 'refused'; errors: ZatcaMessage[] } | { kind: 'retry'; reason: string },
): Promise<never> {
  const messages =
    outcome.kind === 'refused'
      ? shown(outcome.errors)
      : [{ type: 'ERROR', code: 'unavailable', message: outcome.reason }];
  const last: EInvoicingLastStep = {
    step,
    outcome: outcome.kind === 'refused' ? 'refused' : 'unavailable',
    messages,
    at: ctx.now,
  };
  await ctx.db.batch([
    lastStepStatement(ctx.db, stamp.id, last),
    audit(ctx, step, stamp.unit, { outcome: last.outcome, codes: messages.map((m) => m.code) }),
  ]);
  if (outcome.kind === 'retry') throw new ApiError(503, 'e_invoicing_zatca_unavailable', { step, messages });
  const otp = outcome.errors.some((e) => e.code === 'Invalid-OTP');
  throw new ApiError(otp ? 400 : 422, otp ? 'e_invoicing_otp_refused' : 'e_invoicing_zatca_refused', {
    step,
    messages,
  });
}

export const done = (step: EInvoicingStep, ctx: StepContext, messages: ZatcaMessage[] = []): string =>
  JSON.stringify({ step, outcome: 'done', messages: shown(messages), at: ctx.now } satisfies EInvoicingLastStep);

export function csrFor(ctx: StepContext, seller: EInvoiceSeller, unit: string, privateKey: Uint8Array): string {
  const environment = env(ctx);
  return certificateRequest(
    {
      // The local stand-in takes the sandbox's template, as ZATCA's developer portal would.
      environment: environment === 'local' ? 'sandbox' : (environment satisfies keyof typeof TEMPLATE_NAMES),
      commonName: unit,
      organization: seller.name_ar,
      organizationUnit: seller.branch,
      serialNumber: `1-${SOLUTION}|2-${SOLUTION_VERSION}|3-${crypto.randomUUID()}`,
      vatNumber: seller.vat_number,
      // Simplified documents only (the shop sells to consumers): 0100.
      invoiceTypes: '0100',
      registeredAddress: `${seller.building} ${seller.street}, ${seller.district}, ${seller.city} ${seller.postal_code}`,
      businessCategory: seller.business_category,
    },
    privateKey,
  );
}

/** The certificate's validity, read from the CSID ZATCA issued. */
export function validity(certificate: string): { notBefore: number; notAfter: number } {
  const read = readCertificate(certificate);
  return { notBefore: read.notBefore, notAfter: read.notAfter };
}
