// A card order's outcome, once this browser knows it: the mark that led checkout back to it goes, and
// unless the order was cancelled (the cart as it was, to change it or order again) the cart and the
// checkout's choices empty, as a cash order's do when it is placed. Read where the outcome is learnt:
// the page that follows the payment, and the cart's notice of an order this browser left waiting.
import { cart } from '../cart/cart-store';
import { clearDraft } from '../accounts/form-drafts';
import type { ApiClient } from '#shared/api/client';
import { clearCheckout, forgetPendingOrder, leadsBack, readPendingOrder } from '../stores/checkout';
import { forgetGift, GUEST_ADDRESS_DRAFT } from './checkout-steps';

export function settleOrder(order: { id: number; status: string }): void {
  forgetPendingOrder(order.id);
  if (order.status === 'cancelled') return;
  cart.items = {};
  clearCheckout();
  clearDraft(GUEST_ADDRESS_DRAFT);
  forgetGift();
}

/** What the cart says of the card order this browser left waiting: unpaid (pay or cancel it) or paid. */
export type LeftOrder = { id: number; paid: boolean } | null;

/**
 * The card order this browser left waiting (its mark still leads checkout back to it), read again: an
 * order still unpaid is named so she can pay or cancel it instead of ordering twice; a paid one empties
 * the cart, as the page that follows the payment would have had she stayed on it; a cancelled one only
 * lets go of its mark. An order that cannot be read now is named as its mark says.
 */
export async function leftOrder(api: Pick<ApiClient, 'get'>): Promise<LeftOrder> {
  const mark = readPendingOrder();
  if (!leadsBack(mark)) return null;
  const status = await api.get<{ status: string }>(`/order/${mark.id}`).then(
    ({ data }) => data.status,
    () => null,
  );
  if (status === null || UNPAID.has(status)) return { id: mark.id, paid: false };
  settleOrder({ id: mark.id, status });
  return status === 'cancelled' ? null : { id: mark.id, paid: true };
}

/** The statuses of an order still waiting for its card payment, or whose payment failed (pay again). */
const UNPAID = new Set(['pending_payment', 'payment_failed']);
