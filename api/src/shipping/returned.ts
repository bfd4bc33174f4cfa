// A parcel back at the shop after the carrier's last attempt (status 'returned' on every outbound parcel
// of the order): the order is cancelled by the back office's own cancel (order-office/steps.ts), whose
// rules are the shop's existing ones, applied here with the shop itself as the actor:
//  - the stock, the coupon and the promotions held by the order go back (releaseStatements);
//  - the part paid from the wallet goes back to the wallet, and the points it spent come back;
//  - what a card (or STC Pay, or pay-later) paid and was not refunded yet goes back through the gateway
//    that took it (a refund row, reason 'cancelled'); with no card payment to refund through, an
//    account's refund goes to her wallet;
//  - a cash-on-delivery order never paid needs no refund: it is only closed;
//  - the shopper is told once ('returned': mail, WhatsApp when asked, push), and the timeline reads
//    "cancelled" beside the parcel's "returned to sender" (the note is a key: shared/orders/system-notes.ts).
import { log } from '#api/src/lib/log';
import type { Order, StepContext } from '#api/src/order-office/common';
import { applyStep } from '#api/src/order-office/steps';
import { cardPayment } from '#api/src/order-office/refunds';
import { RETURNED_TO_SENDER } from '#shared/orders/system-notes';

export async function returnedOrder(c: StepContext, order: Order, db: D1Database): Promise<void> {
  const refundMethod = (await cardPayment(db, order.id)) || order.user_id === null ? 'gateway' : 'wallet';
  const done = await applyStep(
    c,
    null,
    order,
    db,
    'cancel',
    { refund_method: refundMethod, note: RETURNED_TO_SENDER },
    { from: ['shipped', 'out_for_delivery'], mail: 'returned', action: 'order.returned' },
  );
  if (done.refundFailed)
    // The order stays cancelled; the refund row is failed and staff see the amount to refund again.
    log.error('returned parcel: the gateway refused the refund', { orderId: order.id, ...done.refundFailed });
}
