// Reconciliation of card charges left open (decision 42). A shopper who never finished (closed the
// gateway's page, lost the connection, or came back while the shop could not record her choice) leaves
// a payment `initiated`, which would hold its order's stock and coupon forever if the gateway never
// reported back. Every few minutes the API settles charges older than PENDING_PAYMENT_TTL_MS through
// the same once-only outcome path as a webhook:
//   - a gateway that can be asked (Tap: GET /v2/charges/{id}) is asked first, and a charge it reports
//     finished is settled as it says (a capture the webhook never brought makes the order paid, rather
//     than cancelling an order whose money was taken); a gateway that cannot be reached now leaves the
//     payment for the next run;
//   - a charge the gateway still has open, does not know, or a gateway that cannot be asked (the local
//     sandbox): cancelled, so stock and coupon return and the shopper can pay again.
import type { PaymentRow } from '../db/rows';
import { log } from '../lib/log';
import type { Gateway, WebhookEvent } from '../payment-gateway/gateway';
import { applyOutcome } from './outcome';
import { orderShards } from '../db/databases';
import { ApiError } from '../lib/errors';

export const PENDING_PAYMENT_TTL_MS = 30 * 60 * 1000;

type Stale = Pick<PaymentRow, 'id' | 'provider_ref' | 'amount' | 'currency'>;

/** What the gateway says of a stale charge: its outcome, null to cancel it here, 'later' when it cannot say now. */
async function gatewayVerdict(gateway: Gateway | undefined, p: Stale): Promise<WebhookEvent | null | 'later'> {
  if (!gateway?.fetchCharge || !p.provider_ref) return null;
  try {
    const charge = await gateway.fetchCharge(p.provider_ref);
    if (!charge || charge.finished === false) return null;
    if (charge.paymentId !== p.id || charge.amount !== p.amount || charge.currency !== p.currency) {
      log.error('stale payment does not match its gateway charge', { paymentId: p.id, providerRef: p.provider_ref });
      return 'later';
    }
    return {
      paymentId: p.id,
      outcome: charge.outcome,
      providerRef: charge.providerRef,
      ...(charge.savedCard ? { savedCard: charge.savedCard } : {}),
    };
  } catch (error) {
    log.warn('payment gateway unreachable while reconciling', { paymentId: p.id, error });
    return 'later';
  }
}

export async function sweepStalePayments(
  env: { DB: D1Database; RESEND_API_KEY?: string; MAIL_FROM?: string },
  siteOrigin: string,
  now = Date.now(),
  gateway?: Gateway,
): Promise<number> {
  // Every order shard holds card charges (decision 61): each is asked, in parallel, for its oldest 100.
  const shards = await orderShards(env);
  const perShard = await Promise.all(
    shards.map(
      async (shard) =>
        (
          await shard.db
            .prepare(
              "SELECT id, provider_ref, amount, currency FROM payments WHERE status = 'initiated' AND created_at < ? ORDER BY created_at LIMIT 100",
            )
            .bind(now - PENDING_PAYMENT_TTL_MS)
            .all<Stale>()
        ).results,
    ),
  );
  let settled = 0;
  for (const payment of perShard.flat()) {
    const verdict = await gatewayVerdict(gateway, payment);
    if (verdict === 'later') continue;
    const event = verdict ?? { paymentId: payment.id, outcome: 'cancelled' as const, providerRef: null };
    try {
      const result = await applyOutcome(env, event, siteOrigin);
      if (result.applied) settled++;
    } catch (error) {
      // Her move holds her writes for a moment (503): the next run settles it.
      if (error instanceof ApiError && error.status === 503) continue;
      throw error;
    }
  }
  return settled;
}
