// The owner's onboarding with ZATCA (issue 75, decision 75's amendment "the stamp store"), in ZATCA's
// order: the key pair and CSR (made here: the private key never leaves the API, sealed in D1), the
// compliance CSID with the Fatoora portal's one-time code, the compliance checks with a sample of every
// document type (./samples.ts), the production CSID; and its renewal before the certificate expires.
// Each step stores what happened (ZATCA's messages, in the owner's language: the adapter asks ZATCA for
// it) on the stamp, and is audited in the same batch: what was done, never a key or a secret. A step
// ZATCA refused or could not answer changes nothing else and can be tried again.
import { certificateRequest, newKeyPair, readCertificate, type TEMPLATE_NAMES } from '../e-invoices';
import { zatcaFor } from '../e-invoices/zatca';
import type { ZatcaMessage } from '../e-invoices/zatca/answers';
import type { Credentials } from '../e-invoices/zatca/client';
import type { ZatcaEnvironment } from '../e-invoices/zatca/environments';
import type { ApiConfig } from '../lib/config';
import { ApiError } from '../lib/errors';
import { auditStatement } from '../staff/audit';
import type { StaffMember } from '../staff/sessions';
import { bytesToHex, hexToBytes } from '#shared/bytes';
import type { EInvoiceSeller, EInvoicingLastStep, EInvoicingStep } from '#shared/api/e-invoicing-schemas';
import { sampleDocuments } from './samples';
import {
  activeStatement,
  lastStepStatement,
  openSecret,
  pendingStatement,
  type SellerRow,
  saveSellerStatement,
  sealSecret,
  sellerOf,
  sellerParty,
  sellerStatement,
  type StampRow,
} from './store';

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

const env = (ctx: StepContext): ZatcaEnvironment => ctx.config.ZATCA_ENVIRONMENT;
const zatca = (ctx: StepContext) => zatcaFor(env(ctx), ctx.db, { language: ctx.language });
const shown = (messages: ZatcaMessage[]) => messages.map(({ type, code, message }) => ({ type, code, message }));

/** Audited per EGS unit of the environment ("sandbox:Gulf Shop Online"): one unit's trail across its stamps. */
const audit = (
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
      country: 'SA',
      after,
    },
    unlessExists,
  );

async function sellerNow(ctx: StepContext): Promise<EInvoiceSeller> {
  const seller = sellerOf(await sellerStatement(ctx.db).first<SellerRow>());
  if (!seller) throw new ApiError(409, 'e_invoicing_seller_missing');
  return seller;
}

async function pending(ctx: StepContext, state: StampRow['state']): Promise<StampRow> {
  const row = await pendingStatement(ctx.db, env(ctx)).first<StampRow>();
  if (row?.state !== state) throw new ApiError(409, 'e_invoicing_step_out_of_order');
  return row;
}

/** A failed step: its outcome on the stamp and in the audit log, then the 4xx (or 503) the page shows. */
async function failed(
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

const done = (step: EInvoicingStep, ctx: StepContext, messages: ZatcaMessage[] = []): string =>
  JSON.stringify({ step, outcome: 'done', messages: shown(messages), at: ctx.now } satisfies EInvoicingLastStep);

/** The seller's legal data, as the documents will carry it. */
export async function saveSeller(ctx: StepContext, seller: EInvoiceSeller): Promise<void> {
  const before = sellerOf(await sellerStatement(ctx.db).first<SellerRow>());
  await ctx.db.batch([
    saveSellerStatement(ctx.db, seller, ctx.now),
    auditStatement(ctx.db, ctx.member, {
      action: 'e_invoicing.seller',
      resource: 'e_invoice_seller',
      resourceId: 1,
      country: 'SA',
      before,
      after: seller,
    }),
  ]);
}

function csrFor(ctx: StepContext, seller: EInvoiceSeller, unit: string, privateKey: Uint8Array): string {
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

/** Step 1: a new key pair and its CSR for the EGS unit; an onboarding under way before is abandoned. */
export async function makeKeys(ctx: StepContext, unit: string): Promise<void> {
  const seller = await sellerNow(ctx);
  const keys = newKeyPair();
  const csr = csrFor(ctx, seller, unit, keys.privateKey);
  const sealed = await sealSecret(bytesToHex(keys.privateKey), ctx.config.TOKEN_SECRET);
  const db = ctx.db;
  await db.batch([
    db
      .prepare(
        "UPDATE e_invoice_stamps SET state = 'abandoned' WHERE environment = ? AND state IN ('keys', 'compliance', 'checked')",
      )
      .bind(env(ctx)),
    db
      .prepare(
        `INSERT INTO e_invoice_stamps (environment, unit, state, sealed_private_key, csr, last_step, created_at)
         VALUES (?, ?, 'keys', ?, ?, ?, ?)`,
      )
      .bind(env(ctx), unit, sealed, csr, done('keys', ctx), ctx.now),
    audit(ctx, 'keys', unit, { outcome: 'done' }),
  ]);
}

/** Step 2: the compliance CSID for the CSR, with the portal's one-time code. */
export async function requestComplianceCsid(ctx: StepContext, otp: string): Promise<void> {
  const row = await pending(ctx, 'keys');
  const outcome = await zatca(ctx).complianceCsid(row.csr, otp);
  if (outcome.kind !== 'issued') return failed(ctx, 'compliance-csid', row, outcome);
  const { csid } = outcome;
  await ctx.db.batch([
    ctx.db
      .prepare(
        `UPDATE e_invoice_stamps SET state = 'compliance', compliance_token = ?, sealed_compliance_secret = ?,
         compliance_request_id = ?, compliance_checks = NULL, last_step = ? WHERE id = ? AND state = 'keys'`,
      )
      .bind(
        csid.binarySecurityToken,
        await sealSecret(csid.secret, ctx.config.TOKEN_SECRET),
        csid.requestId,
        done('compliance-csid', ctx),
        row.id,
      ),
    audit(ctx, 'compliance-csid', row.unit, { outcome: 'done', request_id: csid.requestId }),
  ]);
}

async function privateKeyOf(ctx: StepContext, row: StampRow): Promise<Uint8Array> {
  const key = hexToBytes(await openSecret(row.sealed_private_key, ctx.config.TOKEN_SECRET));
  if (!key) throw new Error('an e-invoice stamp key is not hex');
  return key;
}

async function complianceCredentials(ctx: StepContext, row: StampRow): Promise<Credentials> {
  if (!row.compliance_token || !row.sealed_compliance_secret) throw new ApiError(409, 'e_invoicing_step_out_of_order');
  return {
    binarySecurityToken: row.compliance_token,
    secret: await openSecret(row.sealed_compliance_secret, ctx.config.TOKEN_SECRET),
  };
}

/** Step 3: ZATCA's compliance checks, one sample of each document type signed with the compliance CSID. */
export async function runComplianceChecks(ctx: StepContext): Promise<void> {
  const row = await pending(ctx, 'compliance');
  const seller = sellerParty(await sellerNow(ctx));
  const credentials = await complianceCredentials(ctx, row);
  const samples = sampleDocuments(
    seller,
    { privateKey: await privateKeyOf(ctx, row), certificate: atob(credentials.binarySecurityToken) },
    ctx.now,
  );
  const client = zatca(ctx);
  const checks: Record<string, string> = {};
  const errors: ZatcaMessage[] = [];
  const warnings: ZatcaMessage[] = [];
  for (const sample of samples) {
    const outcome = await client.complianceCheck(credentials, sample);
    if (outcome.kind === 'retry') return failed(ctx, 'compliance-checks', row, outcome);
    checks[sample.kind] = outcome.kind === 'refused' ? 'ERROR' : outcome.kind === 'reported' ? 'PASS' : 'WARNING';
    if (outcome.kind === 'refused') errors.push(...outcome.errors);
    else warnings.push(...outcome.warnings);
  }
  const passed = errors.length === 0;
  await ctx.db.batch([
    ctx.db
      .prepare(
        `UPDATE e_invoice_stamps SET state = ?, compliance_checks = ? ${passed ? ', last_step = ?' : ''} WHERE id = ? AND state = 'compliance'`,
      )
      .bind(
        passed ? 'checked' : 'compliance',
        JSON.stringify(checks),
        ...(passed ? [done('compliance-checks', ctx, warnings)] : []),
        row.id,
      ),
    ...(passed ? [audit(ctx, 'compliance-checks', row.unit, { outcome: 'done', checks })] : []),
  ]);
  if (!passed) return failed(ctx, 'compliance-checks', row, { kind: 'refused', errors });
}

/** The certificate's validity, read from the CSID ZATCA issued. */
function validity(certificate: string): { notBefore: number; notAfter: number } {
  const read = readCertificate(certificate);
  return { notBefore: read.notBefore, notAfter: read.notAfter };
}

/** Step 4: the production CSID; the stamp becomes the one in use (a previous one of this environment is replaced). */
export async function requestProductionCsid(ctx: StepContext): Promise<void> {
  const row = await pending(ctx, 'checked');
  const credentials = await complianceCredentials(ctx, row);
  const outcome = await zatca(ctx).productionCsid(credentials, row.compliance_request_id ?? '');
  if (outcome.kind !== 'issued') return failed(ctx, 'production-csid', row, outcome);
  const { csid } = outcome;
  const { notBefore, notAfter } = validity(csid.certificate);
  await ctx.db.batch([
    // Only while this stamp is still the one checked: a second click's answer, arriving later, replaces nothing.
    ctx.db
      .prepare(
        `UPDATE e_invoice_stamps SET state = 'replaced' WHERE environment = ? AND state = 'active'
         AND EXISTS (SELECT 1 FROM e_invoice_stamps WHERE id = ? AND state = 'checked')`,
      )
      .bind(env(ctx), row.id),
    ctx.db
      .prepare(
        `UPDATE e_invoice_stamps SET state = 'active', production_token = ?, sealed_production_secret = ?, certificate = ?,
         not_before = ?, not_after = ?, activated_at = ?, last_step = ? WHERE id = ? AND state = 'checked'`,
      )
      .bind(
        csid.binarySecurityToken,
        await sealSecret(csid.secret, ctx.config.TOKEN_SECRET),
        csid.certificate,
        notBefore,
        notAfter,
        ctx.now,
        done('production-csid', ctx),
        row.id,
      ),
    // Audited only when this answer's CSID is the one kept (a second click's later answer changed nothing).
    audit(
      ctx,
      'production-csid',
      row.unit,
      { outcome: 'done', not_after: notAfter },
      {
        sql: 'SELECT 1 FROM e_invoice_stamps WHERE id = ? AND production_token IS NOT ?',
        binds: [row.id, csid.binarySecurityToken],
      },
    ),
  ]);
}

/**
 * Renewal: a new key pair and CSR for the same unit (the chain goes on), sent with the current
 * production CSID and a new one-time code; ZATCA's new production CSID replaces the stamp in use.
 */
export async function renewStamp(ctx: StepContext, otp: string): Promise<void> {
  const current = await activeStatement(ctx.db, env(ctx)).first<StampRow>();
  if (!current?.production_token || !current.sealed_production_secret)
    throw new ApiError(409, 'e_invoicing_no_active_stamp');
  const seller = await sellerNow(ctx);
  const keys = newKeyPair();
  const csr = csrFor(ctx, seller, current.unit, keys.privateKey);
  const outcome = await zatca(ctx).renewProductionCsid(
    {
      binarySecurityToken: current.production_token,
      secret: await openSecret(current.sealed_production_secret, ctx.config.TOKEN_SECRET),
    },
    csr,
    otp,
  );
  if (outcome.kind !== 'issued') return failed(ctx, 'renewal', current, outcome);
  const { csid } = outcome;
  const { notBefore, notAfter } = validity(csid.certificate);
  const db = ctx.db;
  await db.batch([
    db.prepare("UPDATE e_invoice_stamps SET state = 'replaced' WHERE id = ? AND state = 'active'").bind(current.id),
    db
      .prepare(
        `INSERT INTO e_invoice_stamps (environment, unit, state, renews_id, sealed_private_key, csr, production_token,
           sealed_production_secret, certificate, not_before, not_after, last_step, created_at, activated_at)
         SELECT ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
         WHERE NOT EXISTS (SELECT 1 FROM e_invoice_stamps WHERE environment = ?1 AND state = 'active')`,
      )
      .bind(
        env(ctx),
        current.unit,
        current.id,
        await sealSecret(bytesToHex(keys.privateKey), ctx.config.TOKEN_SECRET),
        csr,
        csid.binarySecurityToken,
        await sealSecret(csid.secret, ctx.config.TOKEN_SECRET),
        csid.certificate,
        notBefore,
        notAfter,
        done('renewal', ctx),
        ctx.now,
        ctx.now,
      ),
    audit(ctx, 'renewal', current.unit, { outcome: 'done', not_after: notAfter }),
  ]);
}
