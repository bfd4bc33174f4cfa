// Subscribe and save on the product page, whose first JavaScript must not grow: the page marks the
// choice's place with <div data-subscribe='{"sku":…,"discount":…,"offered":[…]}'>, and this host, a
// part of the deferred shell, fills it once the page is live, its code and texts loaded only then.
import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { withTexts } from '../i18n/texts';

const ProductSubscribe = lazy(withTexts(['subscriptions'], () => import('./ProductSubscribe')));

interface Place {
  element: HTMLElement;
  value: string;
}

const ATTRIBUTE = 'data-subscribe';

export function SubscribeHost() {
  const [place, setPlace] = useState<Place | null>(null);
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
          <ProductSubscribe key={place.value} value={place.value} />
        </Suspense>,
        place.element,
      )
    : null;
}
