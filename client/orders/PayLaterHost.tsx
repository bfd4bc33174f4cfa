// The pay-later notes of pages whose first JavaScript must not grow (the product page): such a page
// marks the note's place with an empty <div data-pay-later-minor="…">, and this host, a part of the
// deferred shell that loads after the page is live, fills every such place with the note, its code and
// texts loaded only then. A new page or another size changes the places or their amount, and so does
// subscribe and save once chosen (data-pay-later-subscribing: the price a delivery costs then, under the
// rule for a subscribing cart): the host follows the document.
import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { withTexts } from '../i18n/texts';

const PayLaterNote = lazy(withTexts(['orders'], () => import('./PayLaterNote')));

interface Place {
  element: HTMLElement;
  minor: number;
  subscribing: boolean;
}

const ATTRIBUTE = 'data-pay-later-minor';
const SUBSCRIBING = 'data-pay-later-subscribing';

function placesNow(): Place[] {
  return Array.from(document.querySelectorAll<HTMLElement>(`[${ATTRIBUTE}]`), (element) => ({
    element,
    minor: Number(element.getAttribute(ATTRIBUTE)),
    subscribing: element.hasAttribute(SUBSCRIBING),
  })).filter((p) => Number.isInteger(p.minor) && p.minor > 0);
}

const samePlaces = (a: Place[], b: Place[]) =>
  a.length === b.length &&
  a.every((p, i) => p.element === b[i]!.element && p.minor === b[i]!.minor && p.subscribing === b[i]!.subscribing);

export function PayLaterHost() {
  const [places, setPlaces] = useState<Place[]>([]);
  useEffect(() => {
    const look = () => {
      const found = placesNow();
      setPlaces((known) => (samePlaces(known, found) ? known : found));
    };
    look();
    const observer = new MutationObserver(look);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: [ATTRIBUTE, SUBSCRIBING],
    });
    return () => observer.disconnect();
  }, []);
  return places.map((p, i) =>
    createPortal(
      <Suspense fallback={null}>
        <PayLaterNote minor={p.minor} subscribing={p.subscribing} />
      </Suspense>,
      p.element,
      String(i),
    ),
  );
}
