// Subscribe and save on the product page, whose first JavaScript must not grow: the page marks the
// choice's place with <div data-subscribe='{"sku":…,"discount":…,"offered":[…]}'>, and this host, a
// part of the deferred shell, fills it once the page is live, its code and texts loaded only then. A
// signed-in shopper's subscriptions to the product are in her place beside it (<div data-subscribed>,
// pages/product.tsx HerSubscribed): her own subscription to the size shows instead of the choice.
import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { withTexts } from '../i18n/texts';

const ProductSubscribe = lazy(withTexts(['subscriptions'], () => import('./ProductSubscribe')));

interface Place {
  element: HTMLElement;
  value: string;
  mine: string;
}

const ATTRIBUTE = 'data-subscribe';
const MINE = 'data-subscribed';

export function SubscribeHost() {
  const [place, setPlace] = useState<Place | null>(null);
  useEffect(() => {
    const look = () => {
      const element = document.querySelector<HTMLElement>(`[${ATTRIBUTE}]`);
      const value = element?.getAttribute(ATTRIBUTE) ?? '';
      const mine = document.querySelector(`[${MINE}]`)?.getAttribute(MINE) ?? '';
      setPlace((known) =>
        known?.element === element && known.value === value && known.mine === mine
          ? known
          : element
            ? { element, value, mine }
            : null,
      );
    };
    look();
    const observer = new MutationObserver(look);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: [ATTRIBUTE, MINE] });
    return () => observer.disconnect();
  }, []);
  return place
    ? createPortal(
        <Suspense fallback={null}>
          {/* Keyed by its offer: another size's choice starts from that size's own. */}
          <ProductSubscribe key={place.value} value={place.value} mine={place.mine} />
        </Suspense>,
        place.element,
      )
    : null;
}
