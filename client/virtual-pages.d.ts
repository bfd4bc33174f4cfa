// The page table's modules, made by scripts/vite-page-table.mjs from the page modules' declarations.
declare module 'virtual:page-routes' {
  import type { ComponentType } from 'react';
  import type { LoaderFunction } from 'react-router';
  import type { PageGroup } from '#client/page-table';
  import type { TextArea } from '#shared/i18n/areas';
  type Load = () => Promise<{ Component: ComponentType; loader?: LoaderFunction }>;
  /** A page module: a lazy import when no group names it (the entry's own). */
  export const PAGES: ReadonlyArray<{
    module: string;
    layout?: string;
    group?: PageGroup;
    texts?: readonly TextArea[];
    routes?: ReadonlyArray<{ id?: string; path?: string }>;
    load?: Load;
  }>;
  export const LAYOUTS: ReadonlyArray<{ module: string; group?: PageGroup; load?: Load }>;
}

declare module 'virtual:page-list' {
  import type { PageDeclaration, RouteDeclaration } from '#client/page-table';
  const pages: ReadonlyArray<
    Omit<PageDeclaration, keyof RouteDeclaration | 'routes'> & {
      module: string;
      routes: readonly RouteDeclaration[];
    }
  >;
  export default pages;
}

declare module 'virtual:page-group/*' {
  import type { ComponentType } from 'react';
  import type { LoaderFunction } from 'react-router';
  const pages: Record<string, () => Promise<{ Component: ComponentType; loader?: LoaderFunction }>>;
  export default pages;
}
