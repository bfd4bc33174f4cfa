// A page's code starts loading when the shopper points at, focuses or touches a link to it. The entry
// does not list what each page's chunk imports (decision 57: those lists were a tenth of the JavaScript
// every page loads before it is interactive), so the browser finds them when the chunk arrives; starting
// at the intent, a hover or a touch before the click, puts that round trip before the navigation.
import { matchRoutes, type RouteObject } from 'react-router';

export function loadPagesOnIntent(tree: RouteObject[]): void {
  const started = new Set<string>();
  const intent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin || started.has(link.pathname)) return;
    started.add(link.pathname);
    // The same lazy function the router calls on the click: its imports are cached, so nothing loads twice.
    for (const { route } of matchRoutes(tree, link.pathname) ?? [])
      if (typeof route.lazy === 'function') void route.lazy().catch(() => started.delete(link.pathname));
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'])
    addEventListener(type, intent, { capture: true, passive: true });
}
