// Who a single-use coupon counts against, and whom a cart reminder's code is for (orders/quote.ts,
// carts/incentive.ts): the person behind the e-mail (emailIdentity), the same key for an account and a
// guest checkout with that address; her account when she has no e-mail.
import { emailIdentity } from './email-identity';

export function shopperPart(shopper: { userId: number | null; email: string | null }): string | null {
  if (shopper.email) return `e${emailIdentity(shopper.email)}`;
  return shopper.userId ? `u${shopper.userId}` : null;
}
