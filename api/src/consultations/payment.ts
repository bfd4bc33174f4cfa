// A consultation's gateway payment outcome, for the batch that records it (payments/outcome.ts):
// paid → booked, with the confirmation mail in the same batch; failed or cancelled (the shopper, the
// gateway, the stale-payment sweep) → payment_failed, its time freed and any wallet part given back.
import { giveBackStatement } from '../orders/give-backs';
import { walletMove } from '../orders/payment-moves';
import { confirmationStatements, noticeRow } from './notices';

export async function consultationPaymentStatements(
  db: D1Database,
  id: number,
  outcome: 'succeeded' | 'failed' | 'cancelled',
  now: number,
  siteOrigin: string,
  /** Her wallet is in another order shard than the core (decision 61): the wallet part's give-back is
   * recorded in this batch, for her shard after it (orders/give-backs.ts), named by the failed payment. */
  away?: { paymentId: string },
): Promise<D1PreparedStatement[]> {
  const c = await db
    .prepare('SELECT user_id, currency, wallet_used, status FROM consultations WHERE id = ?')
    .bind(id)
    .first<{ user_id: number; currency: string; wallet_used: number; status: string }>();
  if (c?.status !== 'pending_payment') return [];
  if (outcome === 'succeeded') {
    const notice = await noticeRow(db, id);
    return [
      db
        .prepare(
          "UPDATE consultations SET status = 'booked', payment_state = 'paid', booked_at = ?1, updated_at = ?1 WHERE id = ?2 AND status = 'pending_payment'",
        )
        .bind(now, id),
      ...(notice ? confirmationStatements(db, { ...notice, total: notice.total }, siteOrigin, now) : []),
    ];
  }
  return [
    db
      .prepare(
        "UPDATE consultations SET status = 'payment_failed', payment_state = 'failed', wallet_used = 0, updated_at = ? WHERE id = ? AND status = 'pending_payment'",
      )
      .bind(now, id),
    db.prepare('DELETE FROM consultation_cells WHERE consultation_id = ?').bind(id),
    ...(c.wallet_used > 0 && away
      ? [
          giveBackStatement(
            db,
            {
              note: `consultation ${id}: payment ${away.paymentId} ${outcome}`,
              userId: c.user_id,
              currency: c.currency,
              amount: c.wallet_used,
              consultationId: id,
            },
            now,
          ),
        ]
      : []),
    ...(c.wallet_used > 0 && !away
      ? walletMove(db, {
          userId: c.user_id,
          currency: c.currency,
          amount: c.wallet_used,
          kind: 'refund',
          orderId: null,
          paymentId: null,
          consultationId: id,
        })
      : []),
  ];
}
