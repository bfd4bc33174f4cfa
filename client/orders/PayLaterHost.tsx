// The pay-later notes of pages whose first JavaScript must not grow (the product page): such a page
// marks the note's place with an empty <div data-pay-later-minor="…">, and this host, a part of the
// deferred shell that loads after the page is live, fills every such place with the note, its code and
// texts loaded only then. A new page or another size changes the places or their amount: the host
// follows the document.
import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { withTexts } from '../i18n/texts';

const PayLaterNote = lazy(withTexts(['orders'], () => import('./PayLaterNote')));

interface Place {
  element: HTMLElement;
  minor: number;
}

const ATTRIBUTE = 'data-pay-later-minor';

function placesNow(): Place[] {
  return Array.from(document.querySelectorAll<HTMLElement>(`[${ATTRIBUTE}]`), (element) => ({
    element,
    minor: Number(element.getAttribute(ATTRIBUTE)),
  })).filter((p) => Number.isInteger(p.minor) && p.minor > 0);
}

const samePlaces = (a: Place[], b: Place[]) =>
  a.length === b.length && a.every((p, i) => p.element === b[i]!.element && p.minor === b[i]!.minor);

export function PayLaterHost() {
  const [places, setPlaces] = useState<Place[]>([]);
  useEffect(() => {
    const look = () => {
      const found = placesNow();
      setPlaces((known) => (samePlaces(known, found) ? known : found));
    };
    look();
    const observer = new MutationObserver(look);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: [ATTRIBUTE] });
    return () => observer.disconnect();
  }, []);
  return places.map((p, i) =>
    createPortal(
      <Suspense fallback={null}>
        <PayLaterNote minor={p.minor} />
      </Suspense>,
      p.element,
      String(i),
    ),
  );
}
