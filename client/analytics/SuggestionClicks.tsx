// Counts the cards picked from the shop's suggestions that pages render themselves (issue 64): a product
// page's "bought together" and a signed-in home page's own sections mark their section with
// data-suggestion="<list>", and this part of the deferred shell hears a click on a card's link or button
// there and tells the data layer (select_item, remembered for the add and purchase that follow). The
// cards are the page's own data, read from the matched routes; the pages carry no code for it.
import { useEffect, useRef } from 'react';
import { useMatches } from 'react-router';
import type { RecommendationList } from '#shared/analytics/params';
import type { ProductCard } from '#shared/catalogue/types';
import { track } from './track';

/** The cards a list shows, from the pages' data: the product's bought together, the home page's sections. */
function cardsOf(list: string, data: unknown[]): readonly ProductCard[] {
  for (const d of data) {
    const page = d as {
      purchase_together?: ProductCard[];
      sections?: Array<{ type: string; data: { kind?: string; items?: ProductCard[] } }>;
    } | null;
    if (list === 'bought-together' && page?.purchase_together) return page.purchase_together;
    const section = page?.sections?.find((s) => s.type === 'for_you' && s.data.kind === list);
    if (section?.data.items) return section.data.items;
  }
  return [];
}

export function SuggestionClicks() {
  const matches = useMatches();
  const data = useRef<unknown[]>([]);
  data.current = matches.map((m) => m.loaderData);
  useEffect(() => {
    const heard = (e: MouseEvent) => {
      const item = (e.target as Element | null)?.closest('a, button')?.closest('[data-suggestion] .product-grid > li');
      const section = item?.closest<HTMLElement>('[data-suggestion]');
      if (!item?.parentElement || !section) return;
      const list = section.dataset.suggestion as RecommendationList;
      const index = Array.prototype.indexOf.call(item.parentElement.children, item);
      const card = cardsOf(list, data.current)[index];
      if (card) track((b, ctx) => b.pickedFrom(list, card, ctx, index));
    };
    document.addEventListener('click', heard, true);
    return () => document.removeEventListener('click', heard, true);
  }, []);
  return null;
}
