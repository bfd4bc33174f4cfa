// "Not sold in your country" on a product page her country does not sell (an own-priced country without
// the owner's price, issue 77) without growing a product page's first JavaScript: the server writes the
// words into the page's <p class="not-sold-here">; in the browser the same paragraph keeps them (an empty
// inner HTML with the hydration warning suppressed, as the reviews' place does), and a page the browser
// renders itself (a move within the shop) gets them here, in the deferred shell, the text (the orders
// area, next to the cart's own "not sold in" texts) loaded only then.
import { useEffect } from 'react';
import { useI18n } from '../i18n/context';
import { loadTexts } from '../i18n/texts';

/** The page's paragraph (its class: no attribute of its own, which would be bytes in the page's chunk). */
const PLACE = 'p.not-sold-here';

/**
 * Writes the text into every empty place under root, loading its texts first, and only when a place
 * is empty (the server's words stay; a page without the state loads nothing). Resolves once done.
 */
export function fillNotSoldHere(root: ParentNode, load: () => Promise<void>, text: () => string): Promise<void> {
  const empty = () => Array.from(root.querySelectorAll<HTMLElement>(PLACE)).filter((e) => !e.textContent);
  if (!empty().length) return Promise.resolve();
  return load().then(() => {
    for (const element of empty()) element.textContent = text();
  });
}

export function NotSoldHereHost() {
  const { t, lang } = useI18n();
  useEffect(() => {
    const fill = () =>
      void fillNotSoldHere(
        document,
        () => loadTexts(lang, ['orders']),
        () => t('product_not_sold_here'),
      ).catch(() => undefined); // offline: the next change of the page tries again
    fill();
    const observer = new MutationObserver(fill);
    observer.observe(document.body, { subtree: true, childList: true });
    return () => observer.disconnect();
  }, [t, lang]);
  return null;
}
