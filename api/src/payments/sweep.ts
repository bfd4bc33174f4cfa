// Card charges a shopper never finished (closed the gateway's page, lost the connection) would hold
// their order's stock and coupon forever if the gateway never reported back. Every few minutes the
// API cancels charges older than PENDING_PAYMENT_TTL_MS, through the same once-only outcome path, so
// stock and coupon return and the shopper can pay again.
import { applyOutcome } from './outcome';

export const PENDING_PAYMENT_TTL_MS = 30 * 60 * 1000;

export async function sweepStalePayments(
  env: { DB: D1Database; RESEND_API_KEY?: string; MAIL_FROM?: string },
  siteOrigin: string,
  now = Date.now(),
): Promise<number> {
  const { results } = await env.DB.prepare(
    "SELECT id FROM payments WHERE status = 'initiated' AND created_at < ? ORDER BY created_at LIMIT 100",
  )
    .bind(now - PENDING_PAYMENT_TTL_MS)
    .all<{ id: string }>();
  let cancelled = 0;
  for (const { id } of results) {
    const result = await applyOutcome(env, { paymentId: id, outcome: 'cancelled', providerRef: null }, siteOrigin);
    if (result.applied) cancelled++;
  }
  return cancelled;
}
