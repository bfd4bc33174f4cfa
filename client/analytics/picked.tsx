// A card picked from one of the shop's suggestions (issue 64): a click on its link or its add button
// inside a suggestion's product grid, told to the data layer as select_item with the suggestion's list
// (the builders remember it for the add to cart and the purchase that follow). Delegated from the
// section, so the product card itself stays as it is.
import type { MouseEvent, ReactNode } from 'react';
import type { RecommendationList } from '#shared/analytics/params';
import type { ProductCard } from '#shared/catalogue/types';
import { track } from './track';

function trackPicked(e: MouseEvent<HTMLElement>, list: RecommendationList, items: readonly ProductCard[]): void {
  const item = (e.target as Element).closest('a, button')?.closest('.product-grid > li');
  if (!item?.parentElement) return;
  const index = Array.prototype.indexOf.call(item.parentElement.children, item);
  const card = items[index];
  if (card) track((b, ctx) => b.pickedFrom(list, card, ctx, index));
}

/** A suggestion's section: its clicks on the cards' own links and buttons are counted for its list. */
export function SuggestionSection(props: {
  list: RecommendationList;
  items: readonly ProductCard[];
  className?: string;
  labelledBy?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: it only listens: the clicks are the cards' links and buttons, which the keyboard reaches
    <section
      className={props.className ?? 'home-section'}
      aria-labelledby={props.labelledBy}
      data-testid={props.testId}
      onClick={(e) => trackPicked(e, props.list, props.items)}
    >
      {props.children}
    </section>
  );
}
