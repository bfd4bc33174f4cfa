// Every page route with its id, path, module, group, texts, title key and site-index group, resolved
// from the page modules' declarations (page-table.ts). No code: the site index, the worker's sitemap
// (through entry.server.tsx) and the tests read it; the router reads its own rows (route-tree.tsx).
import pages from 'virtual:page-list';
import type { MessageId } from '#shared/i18n';
import type { TextArea } from '#shared/i18n/areas';
import { PAGE_PATHS } from '#shared/routes';
import { type PageGroup, routeId, routePath, type SiteIndexGroup } from './page-table';

export interface PageRoute {
  id: string;
  path: string;
  /** The module under client/pages/ (no extension). */
  module: string;
  group?: PageGroup;
  texts: readonly TextArea[];
  title: MessageId;
  siteIndex?: SiteIndexGroup | false;
}

// In shared/routes.ts's order, then the pages it does not name: the site index and the sitemap list them so.
const ORDER = Object.keys(PAGE_PATHS);
const rank = (id: string) => (ORDER.includes(id) ? ORDER.indexOf(id) : ORDER.length);

export const PAGE_ROUTES: readonly PageRoute[] = pages
  .flatMap((page) =>
    page.routes.map((r) => {
      const id = routeId(page.module, r);
      return {
        id,
        path: routePath(page.module, r),
        module: page.module,
        ...(page.group ? { group: page.group } : {}),
        texts: page.texts ?? [],
        title: r.title ?? (`page_${id.replaceAll('-', '_')}` as MessageId),
        ...(r.siteIndex === undefined ? {} : { siteIndex: r.siteIndex }),
      };
    }),
  )
  .sort((a, b) => rank(a.id) - rank(b.id));
