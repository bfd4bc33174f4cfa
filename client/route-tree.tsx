// The route tree, the same on server and client. Pages are lazy chunks; English routes sit at the root
// and the same routes sit under /ar. Route ids are explicit so hydration data lines up. The rows come
// from the page modules' own declarations (virtual:page-routes, client/page-table.ts, decision 67):
// adding a page is adding its module.
import type { ComponentType } from 'react';
import { data, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { GROUPED, LAYOUTS, PAGES } from 'virtual:page-routes';
import type { Lang } from '#shared/locale';
import { needsSignIn } from '#shared/routes';
import { loadTexts } from './i18n/texts';
import { moduleFile, type PageGroup, routeId, routePath } from './page-table';
import type { PageHandle } from './route-handle';
import { PageError, Root, RootError } from './root';

type Lazy = () => Promise<{ Component: ComponentType; loader?: LoaderFunction }>;
type PageModule = {
  file: string;
  load: Lazy;
  /** The chunk that names this page's chunk, when not the entry: its group's. */
  via?: string;
};

/** The page groups' chunks (pages/page-group.ts): the entry holds one lazy import per group, not per page. */
const GROUPS: Record<PageGroup, () => Promise<{ loadPage: (name: string) => ReturnType<Lazy> }>> = {
  help: () => import('./pages/help-pages'),
  account: () => import('./pages/account-pages'),
  booking: () => import('./pages/booking-pages'),
  consultation: () => import('./pages/consultation-pages'),
  loyalty: () => import('./pages/loyalty-pages'),
  wishlist: () => import('./pages/wishlist-pages'),
};

/** A page module as the route tree reads it. */
interface PageRow {
  module: string;
  texts: PageHandle['texts'];
  routes: ReadonlyArray<{ id?: string; path?: string }>;
  group?: PageGroup;
  load?: Lazy;
}

const ROWS: PageRow[] = [
  ...PAGES.map(([module, texts, routes, load]) => ({ module, texts: texts || [], routes: routes || [{}], load })),
  ...Object.entries(GROUPED).flatMap(([group, rows]) =>
    rows.map(([module, texts, routes]) => ({
      module,
      texts: texts || [],
      routes: routes || [{}],
      group: group as PageGroup,
    })),
  ),
];

const MODULES = new Map<string, { group?: PageGroup; load?: Lazy }>([
  ...ROWS.map((r) => [r.module, r] as const),
  ...LAYOUTS.map(([module, group, load]) => [module, group ? { group } : { load }] as const),
]);

/** The layout that wraps a page: its folder's layout.tsx, when the folder has one. */
function layoutOf(module: string): string | undefined {
  const layout = `${module.slice(0, module.lastIndexOf('/'))}/layout`;
  return module.includes('/') && MODULES.has(layout) ? layout : undefined;
}

/** The page or layout module under client/pages/ by its name (no extension). */
export function pageModule(name: string): PageModule {
  const file = moduleFile(name);
  const mod = MODULES.get(name);
  if (!mod) throw new Error(`${file} does not exist`);
  const { group, load } = mod;
  if (!group) return { file, load: load! };
  return {
    file,
    load: () => GROUPS[group]().then((g) => g.loadPage(name)),
    via: `client/pages/${group}-pages.ts`,
  };
}

/** Never rendered: the loader throws, and the locale's error boundary shows the not-found page. */
function NoPage() {
  return null;
}

function notFound(): never {
  throw data(null, { status: 404 });
}

function guarded(load: PageModule['load']): PageModule['load'] {
  return async () => {
    // The guard's code comes with the profile pages (they use it too), not with every page.
    const [{ requireSignedIn }, mod] = await Promise.all([import('./accounts/guard'), load()]);
    const own = mod.loader;
    return {
      ...mod,
      loader: (args: LoaderFunctionArgs) => {
        requireSignedIn(args);
        return own ? own(args) : null;
      },
    };
  };
}

/** The page's code and its dictionary areas load together, so the page renders with its texts (decision 18). */
function withPageTexts(load: PageModule['load'], lang: Lang, texts: PageHandle['texts']): PageModule['load'] {
  return () => Promise.all([load(), loadTexts(lang, texts)]).then(([mod]) => mod);
}

function pageRoute(lang: Lang, page: PageRow, route: { id?: string; path?: string }): RouteObject {
  const mod = pageModule(page.module);
  const id = routeId(page.module, route);
  const path = routePath(page.module, route);
  const texts = page.texts;
  const handle: PageHandle = { page: id, module: mod.file, texts, ...(mod.via ? { via: mod.via } : {}) };
  // Profile pages and the booking need a signed-in shopper: the guard runs before the page's own loader.
  const load = withPageTexts(needsSignIn(path) ? guarded(mod.load) : mod.load, lang, texts);
  return path === '/'
    ? { id: `${lang}:${id}`, index: true, handle, lazy: load }
    : { id: `${lang}:${id}`, path: path.slice(1), handle, lazy: load };
}

function localeRoutes(lang: Lang): RouteObject[] {
  const pages: RouteObject[] = [];
  const layouts = new Map<string, RouteObject[]>();
  for (const page of ROWS) {
    const layout = layoutOf(page.module);
    for (const route of page.routes) {
      if (!layout) {
        pages.push(pageRoute(lang, page, route));
        continue;
      }
      // Pages that share a layout (their folder's layout.tsx) are children of one pathless route that
      // renders it around them.
      let children = layouts.get(layout);
      if (!children) {
        const mod = pageModule(layout);
        children = [];
        layouts.set(layout, children);
        const handle = { module: mod.file, ...(mod.via ? { via: mod.via } : {}) };
        pages.push({ id: `${lang}:${layout}`, handle, lazy: mod.load, children });
      }
      children.push(pageRoute(lang, page, route));
    }
  }
  pages.push({ id: `${lang}:not-found`, path: '*', loader: notFound, Component: NoPage });
  return pages;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    ErrorBoundary: RootError,
    children: [
      { id: 'en', path: '/', ErrorBoundary: PageError, children: localeRoutes('en') },
      { id: 'ar', path: '/ar', ErrorBoundary: PageError, children: localeRoutes('ar') },
    ],
  },
];
