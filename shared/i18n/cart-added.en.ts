// The toast for several products added at once (spec §4's items_added_to_cart): the quiz's and a
// result's suggestions, a nutritionist's list, a past order again. Loaded with that toast
// (client/cart/added-toast.ts), into the page's dictionary: no area of its own, so no page's first
// JavaScript carries a counted text only those pages show.
export const cartAddedEn = {
  items_added_to_cart: { one: '{{count}} item added to cart', other: '{{count}} items added to cart' },
};
