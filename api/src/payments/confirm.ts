// A webhook's signature says the gateway sent it, not that the charge is what it says now: before an
// order or a wallet changes, the charge is fetched from the gateway itself and must name the same
// payment, amount and currency; its status (not the webhook's) gives the outcome.
import type { PaymentRow } from '../db/rows';
import type { Gateway, WebhookEvent } from '../payment-gateway/gateway';
import { log } from '../lib/log';
import type { DatabaseEnv } from '../db/databases';
import { locatePayment } from './locate';

export type Confirmation =
  | { ok: true; event: WebhookEvent }
  | { ok: false; reason: 'unknown_payment' | 'mismatch' | 'unavailable' };

export async function confirmWebhookEvent(
  envOrCore: DatabaseEnv | D1Database,
  gateway: Gateway,
  event: WebhookEvent,
): Promise<Confirmation> {
  const env = 'DB' in envOrCore ? envOrCore : { DB: envOrCore };
  // In the shard its id names, or wherever her route says she is now (payments/locate.ts).
  const located = await locatePayment<
    Pick<PaymentRow, 'id' | 'amount' | 'currency' | 'provider_ref' | 'purpose' | 'order_id' | 'user_id'>
  >(env, event.paymentId, 'id, amount, currency, provider_ref, purpose, order_id, user_id');
  if (!located) return { ok: false, reason: 'unknown_payment' };
  const { payment } = located;
  // The local sandbox has nothing to ask: its events are signed by this shop's own sandbox page.
  if (!gateway.fetchCharge) return { ok: true, event };

  const ref = payment.provider_ref ?? event.providerRef;
  if (!ref || (event.providerRef && payment.provider_ref && event.providerRef !== payment.provider_ref))
    return { ok: false, reason: 'mismatch' };
  let charge: Awaited<ReturnType<typeof gateway.fetchCharge>>;
  try {
    charge = await gateway.fetchCharge(ref);
  } catch (error) {
    log.error('payment gateway unreachable while confirming a webhook', { paymentId: event.paymentId, error });
    return { ok: false, reason: 'unavailable' };
  }
  if (
    !charge ||
    charge.paymentId !== payment.id ||
    charge.amount !== payment.amount ||
    charge.currency !== payment.currency
  ) {
    return { ok: false, reason: 'mismatch' };
  }
  // The kept card too comes from the gateway's answer: the webhook's hash does not cover it.
  return {
    ok: true,
    event: {
      paymentId: payment.id,
      outcome: charge.outcome,
      providerRef: charge.providerRef,
      ...(charge.savedCard ? { savedCard: charge.savedCard } : {}),
    },
  };
}
