// The order confirmation as a queued mail (mail/outbox.ts): for a cash or wallet order in the submit
// batch, for a card order in the batch that records its payment. A guest's mail links to the order
// through an order link (the caller stores its row in the same batch); an account's to its order page.
import { queueMail, type MailKind } from '../mail/outbox';
import { orderMail } from '../mail/texts';
import { orderLinkPath } from './guest-links';
import type { OrderView } from './view';

export function confirmationStatements(
  db: D1Database,
  c: { order: OrderView; lang: 'en' | 'ar'; siteOrigin: string; kind: MailKind; link: string | null; now: number },
): D1PreparedStatement[] {
  if (!c.order.email) return [];
  const linkPath = c.link ? orderLinkPath(c.lang, c.link) : undefined;
  const mail = orderMail(c.lang, { ...c.order, link_path: linkPath }, c.siteOrigin);
  // Keyed on the order, not the payment: an order is confirmed once, however it was paid.
  return [
    queueMail(
      db,
      { to: c.order.email, lang: c.lang, kind: c.kind, dedupeKey: `order:${c.order.id}:confirmation`, ...mail },
      c.now,
    ),
  ];
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
