// Payment outcomes: the gateway's signed webhook (relayed by the storefront from /payments/webhook/…),
// and in local mode the sandbox page's choice, which goes through the same signature check.
import { Hono } from 'hono';
import { ok } from '../../../shared/api/envelope';
import { z } from '../../../shared/zod';
import { ApiError } from '../lib/errors';
import { parseInput, readJson } from '../lib/validate';
import { gatewayFor } from '../payments/gateway';
import { applyOutcome } from '../payments/outcome';
import { sandboxGateway, signSandboxEvent } from '../payments/sandbox';
import { siteOrigin } from '../lib/site-origin';
import type { AppEnv } from '../app-env';

export const paymentRoutes = new Hono<AppEnv>().post('/webhook/:provider{sandbox|tap}', async (c) => {
  const gateway = gatewayFor(c.var.config);
  if (gateway.name !== c.req.param('provider')) throw new ApiError(404, 'not_found');
  const body = await c.req.text();
  const event = await gateway.verifyWebhook(c.req.raw.headers, body);
  if (!event) throw new ApiError(401, 'signature_invalid');
  const result = await applyOutcome(c.env, event, siteOrigin(c));
  if (!result.payment) throw new ApiError(404, 'not_found');
  return c.json(ok({ applied: result.applied, status: result.payment.status }));
});

const sandboxChoice = z.object({ outcome: z.enum(['succeeded', 'failed', 'cancelled']) });

/** Local mode only: what the sandbox page shows, and the tester's choice. */
export const sandboxPaymentRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.var.config.ENVIRONMENT === 'production' || c.var.config.PAYMENT_PROVIDER !== 'sandbox') throw new ApiError(404, 'not_found');
    await next();
  })
  .get('/:id{pay_[0-9a-f]{24}}', async (c) => {
    const row = await c.env.DB.prepare('SELECT id, purpose, order_id, amount, currency, method, status, return_path FROM payments WHERE id = ?').bind(c.req.param('id')).first();
    if (!row) throw new ApiError(404, 'not_found');
    return c.json(ok(row));
  })
  .post('/:id{pay_[0-9a-f]{24}}', async (c) => {
    const { outcome } = parseInput(sandboxChoice, await readJson(c.req));
    const secret = c.var.config.PAYMENT_WEBHOOK_SECRET;
    const signed = await signSandboxEvent(secret, { paymentId: c.req.param('id'), outcome });
    const event = await sandboxGateway(secret).verifyWebhook(new Headers({ 'x-sandbox-signature': signed.signature }), signed.body);
    const result = await applyOutcome(c.env, event!, siteOrigin(c));
    if (!result.payment) throw new ApiError(404, 'not_found');
    const row = await c.env.DB.prepare('SELECT return_path, status FROM payments WHERE id = ?').bind(c.req.param('id')).first<{ return_path: string; status: string }>();
    return c.json(ok({ status: row!.status, return_path: row!.return_path }));
  });
