// The statements that queue an order-update mail (mail/order-update-texts.ts) to the shopper, in the
// order's language; a guest's mail carries a fresh order link. Used by the back office's steps and
// refunds (routes/staff/orders.ts) and by refunds settling later (payments/refunds.ts), which run
// outside a request and so take the site origin as an argument.
import type { OrderRow } from '../db/rows';
import { randomToken, tokenHash } from '../accounts/tokens';
import { orderUpdateMail, type OrderUpdate } from '../mail/order-update-texts';
import { queueMail, queueMailWhen } from '../mail/outbox';
import { orderLinkStatement } from './confirmation-mail';
import { orderLinkPath } from './guest-links';
import { orderStepMessage, queueUpdate, WHATSAPP_ORDER_STEPS } from '../messages/whatsapp-updates';

export type MailedOrder = Pick<OrderRow, 'id' | 'user_id' | 'lang' | 'country' | 'currency'> & {
  /** The account's address, else the guest's; no mail without one. */
  email: string | null;
  /** Where the shopper asked for this order's updates on WhatsApp (decision 43). */
  whatsapp_to?: string | null;
};

export async function orderUpdateStatements(
  db: D1Database,
  order: MailedOrder,
  update: Omit<OrderUpdate, 'orderId' | 'country' | 'currency' | 'linkPath'>,
  p: {
    /** The dedupe key's tail: `order:<id>:<dedupe>`. */
    dedupe: string;
    now: number;
    siteOrigin: string;
    /** Queue the mail only when this holds as the batch runs (queueMailWhen). */
    when?: { sql: string; binds: unknown[] };
    /** Signs the WhatsApp message's stop link (TOKEN_SECRET). */
    secret?: string;
    /** The order's shard when it is not `db` (the core, which queues the messages; decision 61): a
     * guest's new order link is prepared there and pushed to `statements`, for her shard's batch. */
    shard?: { db: D1Database; statements: D1PreparedStatement[] };
  },
): Promise<D1PreparedStatement[]> {
  const lang: 'en' | 'ar' = order.lang === 'ar' ? 'ar' : 'en';
  const statements: D1PreparedStatement[] = [];
  // Beside the mail, the step on WhatsApp when the shopper asked for it (confirmed, shipped…).
  if (order.whatsapp_to && p.secret && WHATSAPP_ORDER_STEPS.includes(update.kind)) {
    const message = await orderStepMessage(
      { orderId: order.id, lang, step: update.kind, phone: order.whatsapp_to },
      { secret: p.secret, siteOrigin: p.siteOrigin },
    );
    if (message)
      statements.push(
        queueUpdate(
          db,
          { ...message, to: order.whatsapp_to, lang, dedupeKey: `order:${order.id}:wa:${p.dedupe}` },
          p.now,
        ),
      );
  }
  if (!order.email) return statements;
  let linkPath: string | undefined;
  if (order.user_id === null) {
    const token = randomToken();
    const link = orderLinkStatement(p.shard?.db ?? db, { hash: await tokenHash(token) }, order.id, p.now);
    (p.shard?.statements ?? statements).push(link);
    linkPath = orderLinkPath(lang, token);
  }
  const mail = orderUpdateMail(
    lang,
    { ...update, orderId: order.id, country: order.country, currency: order.currency, linkPath },
    p.siteOrigin,
  );
  const queued = {
    to: order.email,
    lang,
    kind: 'order_update' as const,
    dedupeKey: `order:${order.id}:${p.dedupe}`,
    ...mail,
  };
  statements.push(p.when ? queueMailWhen(db, queued, p.now, p.when) : queueMail(db, queued, p.now));
  return statements;
}
