// Alerts: the one-click unsubscribe of alert mails. Public (the link is the credential: an
// HMAC token naming the person and what to stop), POST only: the storefront's page posts it when the
// shopper presses its button, so a mail scanner following the link stops nothing.
import { Hono } from 'hono';
import { z } from '#shared/zod';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '../app-env';
import { verifyUnsubscribeToken } from '../alerts/token';
import { ApiError } from '../lib/errors';
import { contract } from '../contract/validate';
import { alertUnsubscribeSchema } from '#shared/api/alert-schemas';

export const alertRoutes = new Hono<AppEnv>().post(
  '/unsubscribe',
  contract({
    tag: 'alerts',
    summary:
      "One-click unsubscribe of an alert mail's link (no sign-in: the signed token names the alert); answers the product's name",
    body: alertUnsubscribeSchema,
    response: z.object({ kind: z.enum(['back_in_stock', 'price_drop']), product_name: z.string().nullable() }),
    messages: ['alert_unsubscribed', 'unsubscribe_link_invalid'],
  }),
  async (c) => {
    const target = await verifyUnsubscribeToken(c.var.config.TOKEN_SECRET, c.req.valid('json').token);
    if (!target) throw new ApiError(400, 'unsubscribe_link_invalid');
    const db = c.env.DB;
    const name = c.var.lang === 'ar' ? 'name_ar' : 'name_en';
    // Stopping twice answers the same: the alert is off either way.
    const [, product] =
      target.kind === 'back_in_stock'
        ? await db.batch([
            db
              .prepare('DELETE FROM notify_requests WHERE user_id = ? AND product_id = ?')
              .bind(target.userId, target.productId),
            db.prepare(`SELECT ${name} AS name FROM products WHERE id = ?`).bind(target.productId),
          ])
        : await db.batch([
            db
              .prepare(
                'UPDATE wishlist_items SET price_alert = 0 WHERE sku_id = ? AND list_id IN (SELECT id FROM wishlists WHERE user_id = ?)',
              )
              .bind(target.skuId, target.userId),
            db
              .prepare(`SELECT p.${name} AS name FROM skus s JOIN products p ON p.id = s.product_id WHERE s.id = ?`)
              .bind(target.skuId),
          ]);
    const productName = (product!.results[0] as { name: string } | undefined)?.name ?? null;
    return c.json(ok({ kind: target.kind, product_name: productName }, 'alert_unsubscribed'));
  },
);
