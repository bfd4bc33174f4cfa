// What the success page says about the confirmation mail. The API queues it with a cash or wallet
// order, and with a card order only once its payment succeeds (api/src/orders/confirmation-mail.ts):
// before that, "we sent" would be untrue, so the page says when the mail will come instead.
import type { OrderView } from '#shared/orders/types';

const PAID_CARD: ReadonlySet<OrderView['status']> = new Set(['paid', 'processing', 'shipped', 'delivered']);

export function confirmationNote(
  order: Pick<OrderView, 'email' | 'payment_method' | 'status'>,
): 'success_mail' | 'success_mail_later' | null {
  if (!order.email || order.status === 'cancelled') return null;
  if (order.payment_method !== 'card' || PAID_CARD.has(order.status)) return 'success_mail';
  return 'success_mail_later';
}
