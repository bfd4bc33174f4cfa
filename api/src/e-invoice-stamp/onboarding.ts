// The owner's onboarding with ZATCA (issue 75, decision 75's amendment "the stamp store"), in ZATCA's
// order: the key pair and CSR (made here: the private key never leaves the API, sealed in D1), the
// compliance CSID with the Fatoora portal's one-time code, the compliance checks with a sample of every
// document type (./samples.ts), the production CSID; renewal is ./renew.ts. Each step stores what
// happened (ZATCA's messages, in the owner's language: the adapter asks ZATCA for it) on the stamp, and
// is audited in the same batch: what was done, never a key or a secret. A step ZATCA refused or could
// not answer changes nothing else and can be tried again.
import { newKeyPair } from '../e-invoices';
import type { ZatcaMessage } from '../e-invoices/zatca/answers';
import type { Credentials } from '../e-invoices/zatca/client';
import { ApiError } from '../lib/errors';
import { auditStatement } from '../staff/audit';
import { bytesToHex, hexToBytes } from '#shared/bytes';
import type { EInvoiceSeller } from '#shared/api/e-invoicing-schemas';
import { sampleDocuments } from './samples';
import {
  openSecret,
  type SellerRow,
  saveSellerStatement,
  sealSecret,
  sellerOf,
  sellerParty,
  sellerStatement,
  type StampRow,
} from './store';
import {
  audit,
  csrFor,
  done,
  env,
  failed,
  pending,
  sellerNow,
  type StepContext,
  validity,
  ZATCA_COUNTRY,
  zatca,
} from './step-kit';

/** The seller's legal data, as the documents will carry it. */
export async function saveSeller(ctx: StepContext, seller: EInvoiceSeller): Promise<void> {
  const before = sellerOf(await sellerStatement(ctx.db).first<SellerRow>());
  await ctx.db.batch([
    saveSellerStatement(ctx.db, seller, ctx.now),
    auditStatement(ctx.db, ctx.member, {
      action: 'e_invoicing.seller',
      resource: 'e_invoice_seller',
      resourceId: 1,
      country: ZATCA_COUNTRY,
      before,
      after: seller,
    }),
  ]);
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
