// What a page module declares about itself (decision 67): `export const page = {…} satisfies
// PageDeclaration`, a literal that scripts/vite-page-table.mjs reads at build time without running the
// module. The router (route-tree.tsx), the site index, the worker's sitemap and the tests all read the
// page table made from these declarations; nothing else lists pages.
import type { MessageId } from '#shared/i18n';
import type { TextArea } from '#shared/i18n/areas';

/**
 * The chunk that names the page's own chunk (client/pages/<group>-pages.ts): a page of no group is named
 * in the entry, which every page's first JavaScript carries, so only the shopping pages leave it out.
 */
export type PageGroup = 'help' | 'account' | 'booking' | 'consultation' | 'loyalty' | 'wishlist';
/** The site index's groups (client/pages/site-index.tsx), like the footer's. */
export type SiteIndexGroup = 'shop' | 'account' | 'help' | 'company';

export interface RouteDeclaration {
  /** The page's id: the module's name with dashes for slashes (checkout/order: checkout-order) when left out. */
  id?: string;
  /**
   * Unprefixed react-router pattern, for a page shared/page-paths.ts does not name (there it is written
   * once); `/<module name>` when left out.
   */
  path?: `/${string}`;
  /** The dictionary key of its title when it is not page_<id> with underscores for dashes. */
  title?: MessageId;
  /** Its group in the site index, or false for none; every page without parameters says which. */
  siteIndex?: SiteIndexGroup | false;
  /**
   * Kept at the edge (decision 76's rule): the page is the shop's, the same for everyone of a country and
   * language but her named places (app/her-parts.tsx), so a guest's view of it is kept and a signed-in
   * shopper's starts from a copy with no one in it. Left out, the page is hers entirely (her record:
   * profile, orders, cart, checkout, consultations, results, signing in) or reads the device's or her own
   * data, and is rendered for whoever asks. A module's value holds for each of its routes unless the
   * route says otherwise. Every render checks the rule again: a page is kept only if each of its API
   * calls was a public read (worker/render/page-cache.ts).
   */
  kept?: boolean;
}

export interface PageDeclaration extends RouteDeclaration {
  /** The page group whose chunk loads it (above); the entry names it when left out. */
  group?: PageGroup;
  /** Dictionary areas the page (and its layout) shows besides the shell's; loaded with it (decision 18). */
  texts?: readonly TextArea[];
  /** The routes of a module that renders several (then the fields above are each route's own). */
  routes?: readonly RouteDeclaration[];
}

/** A route's id: its own, or the module's name with dashes for slashes. */
export function routeId(module: string, route: { id?: string }): string {
  return route.id ?? module.replaceAll('/', '-');
}

/**
 * A route's path in the router's rows: its own, or /<module name>. The build has resolved it already
 * (a path shared/page-paths.ts names is written into the row), so the entry carries no second list.
 */
export function routePath(module: string, route: { path?: string }): string {
  return route.path ?? `/${module}`;
}

/** The source file of a page or layout module, as the build's manifest names it. */
export const moduleFile = (module: string) => `client/pages/${module}.tsx`;
