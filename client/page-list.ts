// Every page route with its id, path, module, group, texts, title key and site-index group, resolved at
// build time from the page modules' declarations (client/page-table.ts, scripts/vite-page-table.mjs),
// in shared/page-paths.ts's order. No code: the site index, the worker's sitemap (through
// entry.server.tsx) and the tests read it; the router reads its own rows (route-tree.tsx).
import list from 'virtual:page-list';
import type { MessageId } from '#shared/i18n';
import type { TextArea } from '#shared/i18n/areas';
import type { PageGroup, SiteIndexGroup } from './page-table';

export interface PageRoute {
  id: string;
  path: string;
  /** The module under client/pages/ (no extension). */
  module: string;
  group?: PageGroup;
  texts: readonly TextArea[];
  title: MessageId;
  siteIndex?: SiteIndexGroup | false;
  /** Kept at the edge (page-table.ts's RouteDeclaration). */
  kept?: true;
}

export const PAGE_ROUTES: readonly PageRoute[] = list;
