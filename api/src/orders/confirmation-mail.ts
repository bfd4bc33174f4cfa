// The order confirmation as a queued mail (mail/outbox.ts): for a cash or wallet order in the submit
// batch, for a card order in the batch that records its payment. A guest's mail links to the order
// through an order link (the caller stores its row in the same batch); an account's to its order page.
//
// Decision 85: the confirmation is a gated kind, stored only when the address is proven as the batch
// runs. A cash or wallet order to an address nobody proved gets instead the restricted "order received"
// (mail/order-received.ts: no gift text, nothing a stranger typed) with the link that proves the address,
// at most RECEIVED_RULE.max such mails an inbox a day, counted in its own INSERT. A card order's payment
// proves the address in its batch (decision 72), so it needs no such mail.
import { localizePath } from '#shared/locale';
import { inboxKey, inboxRoomSql, type ProofLink, RECEIVED_RULE } from './email-proof';
import { orderReceivedMail } from '../mail/order-received';
import { PROVEN_SQL, provenBinds, queueMail, queueMailWhen, type MailKind } from '../mail/outbox';
import { orderMail } from '../mail/texts';
import { orderLinkPath } from './guest-links';
import type { OrderView } from './view';

/** The dedupe key of an order's "order received" mail (its proof link's rows are stored on it). */
export const receivedKey = (email: string, orderId: number) => inboxKey(email, `received:${orderId}`);

export function confirmationStatements(
  db: D1Database,
  c: {
    order: OrderView;
    lang: 'en' | 'ar';
    siteOrigin: string;
    kind: MailKind;
    link: string | null;
    now: number;
    /** For an order that proves nothing (cash, wallet): the link of its "order received", when unproven. */
    proof?: ProofLink;
  },
): D1PreparedStatement[] {
  if (!c.order.email) return [];
  const linkPath = c.link ? orderLinkPath(c.lang, c.link) : undefined;
  const mail = orderMail(c.lang, { ...c.order, link_path: linkPath }, c.siteOrigin);
  // Keyed on the order, not the payment: an order is confirmed once, however it was paid.
  const confirmation = queueMail(
    db,
    { to: c.order.email, lang: c.lang, kind: c.kind, dedupeKey: `order:${c.order.id}:confirmation`, ...mail },
    c.now,
  );
  if (!c.proof) return [confirmation];
  const email = c.order.email;
  const room = inboxRoomSql(email, c.now, RECEIVED_RULE);
  const received = queueMailWhen(
    db,
    {
      to: email,
      lang: c.lang,
      kind: 'order_received',
      dedupeKey: receivedKey(email, c.order.id),
      ...orderReceivedMail(c.lang, {
        id: c.order.id,
        total: c.order.totals.total,
        currency: c.order.currency,
        country: c.order.country,
        orderUrl: `${c.siteOrigin}${linkPath ?? localizePath(`/profile/orders?id=${c.order.id}`, c.lang)}`,
        proveUrl: c.proof.url,
      }),
    },
    c.now,
    { sql: `NOT ${PROVEN_SQL} AND ${room.sql}`, binds: [...provenBinds(email), ...room.binds] },
  );
  return [confirmation, received, ...c.proof.statements];
}

/** A guest's order link row, stored in the batch of the mail (or the order) that carries it. */
export function orderLinkStatement(
  db: D1Database,
  link: { hash: string },
  orderId: number,
  now: number,
): D1PreparedStatement {
  return db
    .prepare('INSERT INTO order_links (token_hash, order_id, created_at) VALUES (?, ?, ?)')
    .bind(link.hash, orderId, now);
}
