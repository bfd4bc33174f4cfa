// A consultation's card refund that failed is owed to her all the same: its amount goes to her wallet
// (the consultation still counts it refunded), in the batch that records the failure, once: that batch's
// first statement is the refund's refund_events row. Two ways to fail: the gateway refuses the refund
// when asked (settleRefused, here, right after the change's batch stored the refund pending), or it
// reports a failure later, by its webhook or the sweep (payments/refunds.ts, which takes the wallet part
// from here).
import { type DatabaseEnv, shardFor, userOwner } from '../db/databases';
import { walletMove } from '../orders/payment-moves';
import { giveBackStatement, payGiveBacksOf } from '../orders/give-backs';
import { auditStatement } from '../staff/audit';

export interface FailedRefund {
  refundId: number;
  consultationId: number;
  userId: number;
  currency: string;
  amount: number;
}

/**
 * The failed refund's amount to her wallet, for the core's batch that records the failure: the ledger
 * row and balance in the core, or, with her wallet in another order shard (decision 61), its give-back,
 * written there after the batch (`away`: the caller then runs payGiveBacksOf).
 */
export async function failedRefundToWallet(
  env: DatabaseEnv,
  r: FailedRefund,
  now: number,
): Promise<{ statements: D1PreparedStatement[]; away: boolean }> {
  const core = env.DB;
  const away = (await shardFor(env, userOwner(r.userId))).binding !== 'DB';
  if (away)
    return {
      away,
      statements: [
        giveBackStatement(
          core,
          {
            note: `consultation ${r.consultationId}: card refund ${r.refundId} failed`,
            userId: r.userId,
            currency: r.currency,
            amount: r.amount,
            consultationId: r.consultationId,
          },
          now,
        ),
      ],
    };
  return {
    away,
    statements: walletMove(core, {
      userId: r.userId,
      currency: r.currency,
      amount: r.amount,
      kind: 'refund',
      orderId: null,
      paymentId: null,
      consultationId: r.consultationId,
    }),
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
  const wallet = await failedRefundToWallet(env, r, now);
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
  if (wallet.away) await payGiveBacksOf(env, r.userId);
  return true;
}
