// Checkout choices between its pages: the order summary (subtotal and coupon, kept in localStorage as
// spec §3 says) and the shipping and payment choices (sessionStorage, so a reload keeps them).
import { proxy, snapshot } from 'valtio';
import type { AddressInput } from '#shared/api/account-schemas';
import type { CardMethod, PaymentMethod } from '#shared/api/order-schemas';
import type { GiftInput } from '#shared/api/gift-schemas';
import type { PlaceNames } from '../accounts/AddressForm';
import type { DeliverySpeed } from '#shared/delivery/promise';

const ORDER_SUMMARY_KEY = 'order_summary';
const CHECKOUT_KEY = 'checkout';
/** The country this tab last showed the cart in (issue 77, client/cart/country-move.ts); an order ends it. */
export const CART_COUNTRY_KEY = 'cart_country';

export interface CheckoutState {
  coupon: string | null;
  subtotal: number;
  addressId: number | null;
  guestAddress: AddressInput | null;
  /** The names of the guest address's places, to show it (the API takes the ids only). */
  guestPlaces: PlaceNames | null;
  email: string;
  paymentMethod: PaymentMethod;
  cardMethod: CardMethod | null;
  /** STC Pay's account number as typed (the delivery phone until then). */
  stcPayPhone?: string;
  /** This order's updates on WhatsApp (the account's standing choice until ticked or unticked). */
  whatsappUpdates?: boolean;
  useWallet: boolean;
  /** Points to spend on this order (issue 47): whole steps, 0 for none. */
  points?: number;
  /** A friend's referral code (issue 47), pre-filled from the invite page's `ref` cookie; null for none. */
  referralCode?: string | null;
  /** One key per attempt: a retry of the same attempt reuses it, a new attempt gets a new one. */
  idempotencyKey: string | null;
  /** Send as a gift (decision 34): the switch, the checked recipient and its place names. */
  giftOn?: boolean;
  gift?: GiftInput | null;
  giftPlaces?: PlaceNames | null;
  /** The delivery speed she chose on the review step (decision 65); absent: the cheapest offered. */
  speed?: DeliverySpeed | null;
}

export const checkout = proxy<CheckoutState>({
  coupon: null,
  subtotal: 0,
  addressId: null,
  guestAddress: null,
  guestPlaces: null,
  email: '',
  paymentMethod: 'cod',
  cardMethod: null,
  useWallet: false,
  idempotencyKey: null,
});

let restored = false;

/**
 * Reads the choices kept in storage into the store, once a page load: from then on the store holds
 * them and saves each change. Read again as the next checkout page mounted, storage put back what an
 * earlier save held over a choice made in between: "Pay online" picked as the review page appeared
 * went back to cash on delivery.
 */
export function restoreCheckout(): void {
  if (restored) return;
  restored = true;
  try {
    const summary = JSON.parse(localStorage.getItem(ORDER_SUMMARY_KEY) ?? 'null') as {
      subtotal?: number;
      coupon?: string | null;
    } | null;
    if (summary) Object.assign(checkout, { coupon: summary.coupon ?? null, subtotal: summary.subtotal ?? 0 });
    const rest = JSON.parse(sessionStorage.getItem(CHECKOUT_KEY) ?? 'null') as Partial<CheckoutState> | null;
    if (rest) Object.assign(checkout, { ...rest, coupon: checkout.coupon, subtotal: checkout.subtotal });
  } catch (error) {
    console.warn('checkout state could not be read', error);
  }
}

/** Whether this page load has read the kept choices (a checkout page reached from another is ready at once). */
export const checkoutRestored = (): boolean => restored;

export function saveCheckout(): void {
  try {
    const s = snapshot(checkout);
    localStorage.setItem(ORDER_SUMMARY_KEY, JSON.stringify({ subtotal: s.subtotal, coupon: s.coupon }));
    const { coupon: _c, subtotal: _s, ...rest } = s;
    sessionStorage.setItem(CHECKOUT_KEY, JSON.stringify(rest));
  } catch (error) {
    console.warn('checkout state could not be saved', error);
  }
}

/** After an order exists: a fresh start for the next one. */
export function clearCheckout(): void {
  Object.assign(checkout, { coupon: null, subtotal: 0, idempotencyKey: null, useWallet: false });
  try {
    localStorage.removeItem(ORDER_SUMMARY_KEY);
    sessionStorage.removeItem(CHECKOUT_KEY);
    sessionStorage.removeItem(CART_COUNTRY_KEY);
  } catch {
    // Storage may be unavailable (private mode): nothing to clear then.
  }
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * A card order waiting for its payment, kept in localStorage (so a new tab knows it too): leaving the
 * card page (back button, closed tab) brings the shopper back to this order, to pay again or cancel,
 * and the cart stays full until the payment succeeds. `link` is a guest's key to the order.
 */
export interface OrderMark {
  id: number;
  link: string | null;
  /** Its charge may still be open: checkout leads back to the order (false once it failed). */
  waiting: boolean;
  /** When it was marked (ms): after the sweep's 30 minutes the charge is closed anyway. */
  at: number;
}

/** A mark older than this no longer sends checkout to its order (the sweep cancelled the charge). */
export const PENDING_MARK_TTL_MS = 40 * 60 * 1000;

/** Whether checkout should lead back to this order instead of starting a new one. */
export function leadsBack(mark: OrderMark | null, now = Date.now()): mark is OrderMark {
  return !!mark && mark.waiting && now - mark.at < PENDING_MARK_TTL_MS;
}
const PENDING_KEY = 'pending_order';
const LINKS_KEY = 'guest_order_links';

export function readPendingOrder(): OrderMark | null {
  try {
    const value = JSON.parse(localStorage.getItem(PENDING_KEY) ?? 'null') as OrderMark | null;
    return value && Number.isInteger(value.id) && typeof value.at === 'number' ? value : null;
  } catch {
    return null;
  }
}

export function markPendingOrder(mark: Omit<OrderMark, 'at' | 'waiting'> & { waiting?: boolean }): void {
  try {
    localStorage.setItem(PENDING_KEY, JSON.stringify({ waiting: true, ...mark, at: Date.now() }));
  } catch (error) {
    console.warn('pending order could not be kept', error);
  }
}

export function forgetPendingOrder(id: number): void {
  try {
    if (readPendingOrder()?.id === id) localStorage.removeItem(PENDING_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** A guest's order links of this browser (the last few), for the success page. */
export function rememberOrderLink(id: number, link: string): void {
  try {
    const links = JSON.parse(localStorage.getItem(LINKS_KEY) ?? '{}') as Record<string, string>;
    const kept = Object.entries({ ...links, [id]: link }).slice(-5);
    localStorage.setItem(LINKS_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch (error) {
    console.warn('order link could not be kept', error);
  }
}

export function orderLinkOf(id: number): string | null {
  try {
    return (JSON.parse(localStorage.getItem(LINKS_KEY) ?? '{}') as Record<string, string>)[id] ?? null;
  } catch {
    return null;
  }
}

/**
 * A guest's e-mail as the shipping step kept it (sessionStorage), without loading this store's state:
 * the cart keeper (cart/CartKeeper.tsx) sends her cart with it once she gave it.
 */
export function storedCheckoutEmail(): string | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(CHECKOUT_KEY) ?? 'null') as { email?: unknown } | null;
    return typeof kept?.email === 'string' && kept.email.includes('@') ? kept.email : undefined;
  } catch {
    return undefined;
  }
}
