// A consultation's card refund that failed is owed to her all the same: its amount goes to her wallet
// (the consultation still counts it refunded), in the batch that records the failure, once: that batch's
// first statement is the refund's refund_events row. Two ways to fail: the gateway refuses the refund
// when asked (settleRefused, here, right after the change's batch stored the refund pending), or it
// reports a failure later, by its webhook or the sweep (payments/refunds.ts, which takes the wallet part
// from here).
import { type DatabaseEnv, shardFor, userOwner } from '../db/databases';
import { ApiError } from '../lib/errors';
import { log } from '../lib/log';
import { bookingWalletStatements } from '../orders/booking-amounts';
import { walletMove } from '../orders/payment-moves';
import { auditStatement } from '../staff/audit';

export interface FailedRefund {
  refundId: number;
  consultationId: number;
  userId: number;
  currency: string;
  amount: number;
}

/**
 * The failed refund's amount to her wallet: the ledger row and balance for the core's batch that records
 * the failure; with her wallet in another order shard (decision 61), nothing there, and `after` credits
 * her shard once that batch is written, once per consultation and amount (bookingWalletStatements).
 */
export async function failedRefundToWallet(
  env: DatabaseEnv,
  r: FailedRefund,
): Promise<{ statements: D1PreparedStatement[]; after: () => Promise<void> }> {
  const core = env.DB;
  const route = await shardFor(env, userOwner(r.userId));
  if (route.binding === 'DB')
    return {
      statements: walletMove(core, {
        userId: r.userId,
        currency: r.currency,
        amount: r.amount,
        kind: 'refund',
        orderId: null,
        paymentId: null,
        consultationId: r.consultationId,
      }),
      after: async () => undefined,
    };
  if (route.moving) throw new ApiError(503, 'service_busy');
  const move = { userId: r.userId, currency: r.currency, amount: r.amount, kind: 'refund' as const };
  return {
    statements: [],
    after: () =>
      route.db.batch(bookingWalletStatements(route.db, { ...move, consultationId: r.consultationId })).then(
        () => undefined,
        (error: unknown) =>
          log.error('failed consultation refund not credited in her order shard', { refundId: r.refundId, error }),
      ),
  };
}

/**
 * A card refund the gateway refused when asked (its call threw or answered failed), stored pending by the
 * change that made it: settled failed there and then as one it fails later is (source 'gateway',
 * migration 0097), its amount to her wallet in that batch. A webhook or the sweep that settled it first
 * makes this a no-op (its refund_events row refuses ours); false then.
 */
export async function settleRefused(env: DatabaseEnv, r: FailedRefund & { country: string }): Promise<boolean> {
  const core = env.DB;
  const now = Date.now();
  const wallet = await failedRefundToWallet(env, r);
  try {
    await core.batch([
      // First: a refund settled already (its webhook) aborts the batch here.
      core
        .prepare(
          "INSERT INTO refund_events (refund_id, outcome, source, created_at) VALUES (?, 'failed', 'gateway', ?)",
        )
        .bind(r.refundId, now),
      core
        .prepare("UPDATE refunds SET status = 'failed', updated_at = ? WHERE id = ? AND status = 'pending'")
        .bind(now, r.refundId),
      auditStatement(core, null, {
        action: 'consultation.refund_failed',
        resource: 'consultation',
        resourceId: r.consultationId,
        country: r.country,
        before: { refund_id: r.refundId, status: 'pending' },
        after: { refund_id: r.refundId, status: 'failed', provider_ref: null, source: 'gateway' },
        reason: 'sent_to_wallet',
      }),
      ...wallet.statements,
    ]);
  } catch (error) {
    if (/refund_events/.test(String(error))) return false;
    throw error;
  }
  await wallet.after();
  return true;
}
