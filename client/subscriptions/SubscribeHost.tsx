// Subscribe and save on the product page, whose first JavaScript must not grow: the page marks the
// choice's place with <div data-subscribe='{"sku":…,"discount":…,"offered":[…]}'>, and this host, a
// part of the deferred shell, fills it once the page is live, its code and texts loaded only then. A
// signed-in shopper's own subscription to the size shows instead of the choice: her subscriptions to the
// product come with her parts on her kept page (decision 76's amendment), or in the product's answer
// when the page was rendered for her (a page she went to next); no page's first JavaScript reads them.
import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMatches } from 'react-router';
import type { HerSubscription } from '#shared/subscriptions/types';
import { useHerParts } from '../app/her-parts';
import { withTexts } from '../i18n/texts';

const ProductSubscribe = lazy(withTexts(['subscriptions'], () => import('./ProductSubscribe')));

interface Place {
  element: HTMLElement;
  value: string;
}

const ATTRIBUTE = 'data-subscribe';

/** Her subscriptions to the page's product: her parts' (her kept page), else the page's own data's. */
function useHerSubscriptions(): HerSubscription[] | undefined {
  const her = useHerParts();
  const matches = useMatches();
  if (her) return her.subscribed;
  for (const match of matches) {
    const subscribed = (match.loaderData as { subscribed?: HerSubscription[] } | null)?.subscribed;
    if (subscribed) return subscribed;
  }
  return undefined;
}

export function SubscribeHost() {
  const [place, setPlace] = useState<Place | null>(null);
  const mine = useHerSubscriptions();
  useEffect(() => {
    const look = () => {
      const element = document.querySelector<HTMLElement>(`[${ATTRIBUTE}]`);
      const value = element?.getAttribute(ATTRIBUTE) ?? '';
      setPlace((known) =>
        known?.element === element && known.value === value ? known : element ? { element, value } : null,
      );
    };
    look();
    const observer = new MutationObserver(look);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: [ATTRIBUTE] });
    return () => observer.disconnect();
  }, []);
  return place
    ? createPortal(
        <Suspense fallback={null}>
          {/* Keyed by its offer: another size's choice starts from that size's own. */}
          <ProductSubscribe key={place.value} value={place.value} mine={mine} />
        </Suspense>,
        place.element,
      )
    : null;
}
