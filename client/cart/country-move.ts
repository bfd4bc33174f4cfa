// A cart moved between countries (issue 77): the shopper switched country, or opened her cart in
// another country than the one she last saw it in. The server is the judge of what her new country
// sells (the carts' syncs answer `not_sold`, api/src/catalogue/sold-in.ts), of which coupon applies
// there (the quote's `coupon_for_<code>`) and of whose wallet and points a quote may spend (her new
// country's only). This module keeps what the cart page then tells her, and clears the checkout's
// choices that belonged to the old country. Loaded with the cart and checkout pages only.
//
// The country is the tab's (sessionStorage), like the checkout's choices it guards: two tabs in two
// countries share the cart but not their choices, and must not reset each other's at every page.
import { proxy } from 'valtio';
import { type CountryCode, isCountryCode } from '#shared/locale';
import { CART_COUNTRY_KEY, checkout, saveCheckout } from '../stores/checkout';

export interface DroppedLine {
  sku_id: number;
  name: string;
  kind: 'product' | 'blood_test';
}

export const countryMove = proxy({
  /** The country the cart came from, when it moved this page load. */
  from: null as CountryCode | null,
  /** Lines the new country does not sell, removed (each sync's `not_sold`). */
  dropped: [] as DroppedLine[],
  /** The old country's coupon, removed from the cart. */
  coupon: null as string | null,
});

function readCartCountry(): CountryCode | null {
  try {
    const value = sessionStorage.getItem(CART_COUNTRY_KEY);
    return isCountryCode(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The cart is shown in `country`: when it was last shown in another, it has moved. The checkout's
 * choices of the old country go: points and the wallet (hers there, in its currency), the delivery
 * speed, the address (an address of the old country cannot receive this order) and the attempt's key.
 * A coupon of every country may still apply: it stays until the new country's quote refuses it
 * (`noteCouponOfOldCountry`). Answers whether it moved.
 */
export function noteCartCountry(country: CountryCode): boolean {
  const before = readCartCountry();
  try {
    sessionStorage.setItem(CART_COUNTRY_KEY, country);
  } catch {
    // No storage: no cart kept across pages either.
  }
  if (!before || before === country) return false;
  countryMove.from = before;
  countryMove.dropped = [];
  countryMove.coupon = null;
  Object.assign(checkout, {
    points: 0,
    useWallet: false,
    speed: null,
    addressId: null,
    idempotencyKey: null,
    ...(checkout.paymentMethod === 'wallet' ? { paymentMethod: 'cod' } : {}),
    ...(checkout.guestAddress && checkout.guestAddress.country !== country
      ? { guestAddress: null, guestPlaces: null }
      : {}),
    ...(checkout.gift && checkout.gift.country !== country ? { gift: null, giftPlaces: null } : {}),
  });
  saveCheckout();
  return true;
}

/** An empty cart is in no country: the next one starts where it is filled, with nothing to move. */
export function forgetCartCountry(): void {
  try {
    sessionStorage.removeItem(CART_COUNTRY_KEY);
  } catch {
    // No storage: nothing kept.
  }
}

/** Lines a sync removed because her country does not sell them. */
export function noteDropped(kind: DroppedLine['kind'], lines: Array<{ sku_id: number; name: string }>): void {
  const known = new Set(countryMove.dropped.map((d) => `${d.kind}:${d.sku_id}`));
  for (const line of lines)
    if (!known.has(`${kind}:${line.sku_id}`)) countryMove.dropped.push({ sku_id: line.sku_id, name: line.name, kind });
}

/**
 * After a move, the quote's refusal of the coupon as the old country's (`coupon_for_<code>`): the
 * coupon field drops a kept coupon the server refuses (orders/CouponForm.tsx), and the notice names it
 * among what the move changed. Answers whether it was the old country's.
 */
export function noteCouponOfOldCountry(coupon: { code: string; problem: string | null } | null): boolean {
  const from = countryMove.from;
  if (!from || !coupon || coupon.problem !== `coupon_for_${from.toLowerCase()}`) return false;
  countryMove.coupon = coupon.code;
  return true;
}
