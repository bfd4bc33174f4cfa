// The page table's modules, made by scripts/vite-page-table.mjs from the page modules' declarations.
declare module 'virtual:page-routes' {
  import type { ComponentType } from 'react';
  import type { LoaderFunction } from 'react-router';
  import type { PageGroup } from '#client/page-table';
  import type { TextArea } from '#shared/i18n/areas';
  type Load = () => Promise<{ Component: ComponentType; loader?: LoaderFunction }>;
  /** A page's module, its dictionary areas, and its routes' ids and paths (0: the one route of the defaults). */
  type Row = [
    module: string,
    texts: readonly TextArea[] | 0,
    routes: ReadonlyArray<{ id?: string; path?: string }> | 0,
  ];
  /** The pages no group names, each with its lazy import: the entry's own. */
  export const PAGES: ReadonlyArray<[...Row, load: Load]>;
  /** The pages of each group, whose lazy imports are in the group's chunk. */
  export const GROUPED: Partial<Record<PageGroup, readonly Row[]>>;
  /** The folders' layouts: with their pages' group, or a lazy import of their own. */
  export const LAYOUTS: ReadonlyArray<[module: string, group: PageGroup] | [module: string, group: 0, load: Load]>;
}

declare module 'virtual:page-list' {
  import type { PageRoute } from '#client/page-list';
  const list: readonly PageRoute[];
  export default list;
}

declare module 'virtual:page-group/*' {
  import type { ComponentType } from 'react';
  import type { LoaderFunction } from 'react-router';
  const pages: Record<string, () => Promise<{ Component: ComponentType; loader?: LoaderFunction }>>;
  export default pages;
}
