// The place a page marks for a part of the deferred shell (an empty element with a data attribute), found
// again as the shopper moves on: the first element matching `selector` now, or null.
import { useEffect, useState } from 'react';

export function usePlace(selector: string): HTMLElement | null {
  const [place, setPlace] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const look = () => {
      const found = document.querySelector<HTMLElement>(selector);
      setPlace((known) => (known === found ? known : found));
    };
    look();
    const observer = new MutationObserver(look);
    observer.observe(document.body, { subtree: true, childList: true });
    return () => observer.disconnect();
  }, [selector]);
  return place;
}
