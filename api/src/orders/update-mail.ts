// The statements that queue an order-update mail (mail/order-update-texts.ts) to the shopper, in the
// order's language; a guest's mail carries a fresh order link. An account without e-mail (made with a
// phone code) hears of the shipping by SMS to its proven number instead, unless WhatsApp already tells
// her: the success page promised to write when it ships. Used by the back office's steps and
// refunds (routes/staff/orders.ts) and by refunds settling later (payments/refunds.ts), which run
// outside a request and so take the site origin as an argument.
import type { OrderRow } from '../db/rows';
import { randomToken, tokenHash } from '../accounts/tokens';
import { orderUpdateMail, type OrderUpdate } from '../mail/order-update-texts';
import { queueMail, queueMailWhen } from '../mail/outbox';
import { orderLinkStatement } from './confirmation-mail';
import { orderLinkPath } from './guest-links';
import { orderStepMessage, queueUpdate, WHATSAPP_ORDER_STEPS } from '../messages/whatsapp-updates';
import { queueMessage } from '../messages/outbox';
import { orderShippedText } from '../messages/texts';
import { localizePath } from '#shared/locale';
import { carrierName } from '#shared/orders/carriers';

export type MailedOrder = Pick<OrderRow, 'id' | 'user_id' | 'lang' | 'country' | 'currency'> & {
  /** The account's address, else the guest's; no mail without one. */
  email: string | null;
  /** Where the shopper asked for this order's updates on WhatsApp (decision 43). */
  whatsapp_to?: string | null;
  /** The account's proven phone (null for a guest, or a number no code proved). */
  sms_to?: string | null;
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
      { orderId: order.id, lang, step: update.kind, phone: order.whatsapp_to, reason: update.reason ?? null },
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
  if (!order.email) {
    // The one step the checkout's success page promises word of: by SMS when WhatsApp did not carry it.
    if (update.kind === 'shipped' && order.sms_to && statements.length === 0)
      statements.push(
        queueMessage(
          db,
          {
            channel: 'sms',
            to: order.sms_to,
            lang,
            kind: 'order_update',
            text: orderShippedText(lang, {
              id: order.id,
              carrier: update.carrier ? carrierName(update.carrier, lang) : '',
              trackingNumber: update.trackingNumber ?? '',
              link: `${p.siteOrigin}${localizePath(`/profile/orders?id=${order.id}`, lang)}`,
            }),
            template: null,
            params: [],
            dedupeKey: `order:${order.id}:sms:${p.dedupe}`,
          },
          p.now,
        ),
      );
    return statements;
  }
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
