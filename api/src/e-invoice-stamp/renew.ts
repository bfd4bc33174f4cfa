// Renewing the stamp's production CSID before it expires (issue 75; the warning is ./renewal.ts).
import { newKeyPair } from '../e-invoices';
import { ApiError } from '../lib/errors';
import { bytesToHex } from '#shared/bytes';
import { activeStatement, openSecret, sealSecret, type StampRow } from './store';
import { audit, csrFor, done, env, failed, sellerNow, type StepContext, validity, zatca } from './step-kit';

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
