// Payment outcomes: the gateway's signed webhook (relayed by the storefront from /payments/webhook/…),
// for charges and for refunds settling later (payments/refunds.ts),
// and in local mode the sandbox page's choice, which goes through the same signature check.
import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { WEBHOOK_PROVIDER_PATTERN, WEBHOOK_SIGNATURE_HEADERS } from '#shared/api/payment-webhooks';
import { z } from '#shared/zod';
import { ApiError } from '../lib/errors';
import { contract, parseInput, readJson } from '../contract/validate';
import { isRefundBody } from '../payment-gateway/gateway';
import { gatewayFor } from '../payment-gateway/gateway-for';
import { settleRefund } from '../payments/refunds';
import { applyOutcome } from '../payments/outcome';
import { confirmWebhookEvent } from '../payments/confirm';
import { sandboxGateway, signSandboxEvent } from '../payment-gateway/sandbox';
import { siteOrigin } from '../lib/site-origin';
import type { AppEnv } from '../app-env';
import type { PaymentRow } from '../db/rows';
import { currentUser } from '../middleware/user';
import { paymentDatabases, paymentShardId } from '../db/databases';
import { webhookParams } from '#shared/api/route-schemas';

export const paymentRoutes = new Hono<AppEnv>().post(
  `/webhook/:provider{${WEBHOOK_PROVIDER_PATTERN}}`,
  contract({
    tag: 'payments',
    summary: "The payment gateway's signed webhook (raw body, checked by the gateway's signature)",
    params: webhookParams,
    badParams: 'not_found',
    noDevice: true,
    response: z.object({
      /** False for a delivery already applied (the gateway sends again). */
      applied: z.boolean(),
      /** The payment's status, or the refund's for a refund's webhook. */
      status: z.enum(['initiated', 'pending', 'succeeded', 'failed', 'cancelled']),
    }),
    // Not this shop's gateway, payment or refund; a wrong signature; a mismatch (bad_request) or the
    // gateway unreachable to confirm (upstream_unavailable, so it delivers again).
    messages: ['not_found', 'signature_invalid', 'bad_request', 'upstream_unavailable'],
  }),
  async (c) => {
    const gateway = gatewayFor(c.var.config);
    if (gateway.name !== c.req.valid('param').provider) throw new ApiError(404, 'not_found');
    const body = await c.req.text();
    // A refund settling (posted to the refund's post.url, the same path): its own signature and record.
    if (isRefundBody(body)) {
      const report = await gateway.verifyRefundWebhook(c.req.raw.headers, body);
      if (!report) throw new ApiError(401, 'signature_invalid');
      const settled = await settleRefund(c.env, gateway, report, 'webhook', {
        confirm: true,
        siteOrigin: siteOrigin(c),
      });
      if (!settled.ok) throw webhookFailure(settled.reason);
      return c.json(ok({ applied: settled.applied, status: settled.status }));
    }
    const event = await gateway.verifyWebhook(c.req.raw.headers, body);
    if (!event) throw new ApiError(401, 'signature_invalid');
    const confirmed = await confirmWebhookEvent(c.env, gateway, event);
    if (!confirmed.ok) throw webhookFailure(confirmed.reason);
    const result = await applyOutcome(c.env, confirmed.event, siteOrigin(c), c.executionCtx);
    if (!result.payment) throw new ApiError(404, 'not_found');
    return c.json(ok({ applied: result.applied, status: result.payment.status }));
  },
);

/** 404 for what this shop never sent; 502 makes the gateway deliver again later; a mismatch changes nothing, ever. */
function webhookFailure(reason: 'unknown_payment' | 'unknown_refund' | 'mismatch' | 'unavailable'): ApiError {
  if (reason === 'unknown_payment' || reason === 'unknown_refund') return new ApiError(404, 'not_found');
  return reason === 'unavailable' ? new ApiError(502, 'upstream_unavailable') : new ApiError(400, 'bad_request');
}

const sandboxChoice = z.object({
  outcome: z.enum(['succeeded', 'failed', 'cancelled']),
  /** A charge that keeps the card (a subscription's first): the kept card declines its later charges. */
  card_declines: z.boolean().optional(),
});

/**
 * The sandbox payment as its owner sees it, or null: a payment id is not a bearer key. The owner is
 * the signed-in shopper it was opened for, or the device that placed its (guest) order. Looked for in
 * the shard its id names first (for `pay_…` the core: no round trip more), then in the others
 * (`paymentDatabases`: a shopper moved after paying keeps her old ids).
 */
async function ownSandboxPayment(c: Context<AppEnv>, id: string) {
  const user = await currentUser(c);
  const read = (db: D1Database) =>
    db
      .prepare(
        `SELECT p.id, p.purpose, p.order_id, p.amount, p.currency, p.method, p.status, p.return_path, p.payer_phone, p.save_card FROM payments p
     WHERE p.id = ?1 AND ((p.user_id IS NOT NULL AND p.user_id = ?2)
       OR EXISTS (SELECT 1 FROM idempotency_keys k JOIN orders o ON o.id = k.order_id
                  WHERE k.order_id = p.order_id AND k.owner = ?3 AND o.user_id IS NULL))`,
      )
      .bind(id, user?.id ?? -1, c.var.deviceId ? `d:${c.var.deviceId}` : '')
      .first<
        Pick<
          PaymentRow,
          | 'id'
          | 'purpose'
          | 'order_id'
          | 'amount'
          | 'currency'
          | 'method'
          | 'status'
          | 'return_path'
          | 'payer_phone'
          | 'save_card'
        >
      >();
  const named = paymentShardId(id);
  if (named === 0) {
    const row = await read(c.env.DB);
    if (row) return { row, db: c.env.DB };
  }
  for (const shard of await paymentDatabases(c.env, id)) {
    if (named === 0 && shard.id === 0) continue;
    const row = await read(shard.db);
    if (row) return { row, db: shard.db };
  }
  return null;
}

/**
 * Local mode only: what the sandbox page shows, and the tester's choice. Built by a pure call, so a
 * production build (which never routes it) drops it from the bundle.
 */
export const sandboxPaymentRoutes = /* @__PURE__ */ (() =>
  new Hono<AppEnv>()
    .use(async (c, next) => {
      if (c.var.config.ENVIRONMENT === 'production' || c.var.config.PAYMENT_PROVIDER !== 'sandbox')
        throw new ApiError(404, 'not_found');
      await next();
    })
    .get('/:id{pay[0-9]{0,4}_[0-9a-f]{24}}', async (c) => {
      // Another session's payment answers exactly like one that does not exist.
      const own = await ownSandboxPayment(c, c.req.param('id'));
      if (!own) throw new ApiError(404, 'not_found');
      return c.json(ok(own.row));
    })
    .post('/:id{pay[0-9]{0,4}_[0-9a-f]{24}}', async (c) => {
      const { outcome, card_declines } = parseInput(sandboxChoice, await readJson(c.req));
      const own = await ownSandboxPayment(c, c.req.param('id'));
      if (!own) throw new ApiError(404, 'not_found');
      const secret = c.var.config.PAYMENT_WEBHOOK_SECRET;
      const signed = await signSandboxEvent(secret, {
        paymentId: c.req.param('id'),
        outcome,
        cardDeclines: card_declines === true,
      });
      const event = await sandboxGateway(secret).verifyWebhook(
        new Headers({ [WEBHOOK_SIGNATURE_HEADERS.sandbox]: signed.signature }),
        signed.body,
      );
      const result = await applyOutcome(c.env, event!, siteOrigin(c), c.executionCtx);
      if (!result.payment) throw new ApiError(404, 'not_found');
      const row = await own.db
        .prepare('SELECT return_path, status FROM payments WHERE id = ?')
        .bind(c.req.param('id'))
        .first<Pick<PaymentRow, 'return_path' | 'status'>>();
      return c.json(ok({ status: row!.status, return_path: row!.return_path }));
    }))();
