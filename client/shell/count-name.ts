// The accessible name of a header link whose only visible text is a count badge (the cart, the
// blood-test cart). A screen reader and voice control need the visible text inside the name (WCAG
// 2.5.3, label in name): Arabic says "no products", "one product" and "two products" in words, so the
// badge's digits join the name where the words do not carry them.
export function countLinkName(label: string, phrase: string, shown: string): string {
  return phrase.includes(shown) ? `${label}, ${phrase}` : `${label} ${shown}, ${phrase}`;
}
