// The route tree, the same on server and client. Pages are lazy chunks; English routes sit at the root
// and the same routes sit under /ar. Route ids are explicit so hydration data lines up.
import type { ComponentType } from 'react';
import { data, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { moduleOf, needsSignIn, PAGE_ROUTES, type PageRoute } from '#shared/routes';
import type { Lang } from '#shared/locale';
import type { PageHandle } from './route-handle';
import { loadTexts } from './i18n/texts';
import { PageError, Root, RootError } from './root';

type PageModule = {
  file: string;
  load: () => Promise<{ Component: ComponentType; loader?: LoaderFunction }>;
  /** The chunk that names this page's chunk, when not this one (the booking's pages). */
  via?: string;
};
type Lazy = () => Promise<{ Component: ComponentType; loader?: LoaderFunction }>;

// Every page module as a lazy chunk, keyed by its path: PAGE_ROUTES names the module of each page, so
// adding a page is one row there (decision 15). Vite turns this into one dynamic import per file. Pages
// of a group (pages/page-group.ts) are named in their group's chunk instead; the globs below leave them out.
const FILES = import.meta.glob<{ Component: ComponentType; loader?: LoaderFunction }>([
  './pages/**/*.tsx',
  '!./pages/**/*.test.tsx',
  '!./pages/blood-test-checkout/*.tsx',
  '!./pages/profile*.tsx',
  '!./pages/upload-blood-test.tsx',
  '!./pages/consultation-*.tsx',
  '!./pages/share*.tsx',
  '!./pages/quiz*.tsx',
  '!./pages/auth/*.tsx',
  '!./pages/{logout,order-lookup,alerts-unsubscribe}.tsx',
  '!./pages/{become-a-supplier,contact-us,how-it-works,site-index,static-page,install,app-shell}.tsx',
  '!./pages/consultation-check.tsx',
  '!./pages/invite.tsx',
]) as Record<string, Lazy>;

/** The page groups: which pages each names, and its chunk. */
const GROUPS: ReadonlyArray<{ pages: RegExp; via: string; load: (name: string) => ReturnType<Lazy> }> = [
  {
    pages: /^(blood-test-checkout\/|profile-blood-tests|upload-blood-test$)/,
    via: 'client/pages/booking-pages.ts',
    load: (name) => import('./pages/booking-pages').then((m) => m.loadPage(name)),
  },
  {
    pages: /^(consultation-[a-z-]+|profile-consultations?)$/,
    via: 'client/pages/consultation-pages.ts',
    load: (name) => import('./pages/consultation-pages').then((m) => m.loadPage(name)),
  },
  {
    pages: /^(profile-points|invite)$/,
    via: 'client/pages/loyalty-pages.ts',
    load: (name) => import('./pages/loyalty-pages').then((m) => m.loadPage(name)),
  },
  {
    pages: /^(profile-wishlists|share(-list|d-list)?)$/,
    via: 'client/pages/wishlist-pages.ts',
    load: (name) => import('./pages/wishlist-pages').then((m) => m.loadPage(name)),
  },
  {
    pages: /^(profile(-[a-z-]+)?|auth\/[a-z-]+|logout|order-lookup|alerts-unsubscribe)$/,
    via: 'client/pages/account-pages.ts',
    load: (name) => import('./pages/account-pages').then((m) => m.loadPage(name)),
  },
  {
    pages:
      /^(become-a-supplier|contact-us|how-it-works|site-index|static-page|install|app-shell|quiz(-result)?|consultation-check)$/,
    via: 'client/pages/help-pages.ts',
    load: (name) => import('./pages/help-pages').then((m) => m.loadPage(name)),
  },
];

/** The page module under client/pages/ by its name in PAGE_ROUTES (no extension). */
export function pageModule(name: string): PageModule {
  const file = `client/pages/${name}.tsx`;
  const group = GROUPS.find((g) => g.pages.test(name));
  if (group) return { file, load: () => group.load(name), via: group.via };
  const load = FILES[`./pages/${name}.tsx`];
  if (!load) throw new Error(`${file} does not exist (named in shared/routes.ts)`);
  return { file, load };
}

const section = pageModule('section');

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

function pageRoute(lang: Lang, r: PageRoute): RouteObject {
  const mod = 'placeholder' in r ? section : pageModule(moduleOf(r));
  const texts = 'texts' in r ? r.texts : [];
  const handle: PageHandle = { page: r.id, module: mod.file, texts, ...(mod.via ? { via: mod.via } : {}) };
  // Profile pages and the booking need a signed-in shopper: the guard runs before the page's own loader.
  const load = withPageTexts(needsSignIn(r.path) ? guarded(mod.load) : mod.load, lang, texts);
  return r.path === '/'
    ? { id: `${lang}:${r.id}`, index: true, handle, lazy: load }
    : { id: `${lang}:${r.id}`, path: r.path.slice(1), handle, lazy: load };
}

function localeRoutes(lang: Lang): RouteObject[] {
  const pages: RouteObject[] = [];
  const layouts = new Map<string, RouteObject[]>();
  for (const r of PAGE_ROUTES) {
    if (!('layout' in r)) {
      pages.push(pageRoute(lang, r));
      continue;
    }
    // Pages that share a layout are children of one pathless route that renders it around them.
    let children = layouts.get(r.layout);
    if (!children) {
      const layout = pageModule(r.layout);
      children = [];
      layouts.set(r.layout, children);
      const handle = { module: layout.file, ...(layout.via ? { via: layout.via } : {}) };
      pages.push({ id: `${lang}:${r.layout}`, handle, lazy: layout.load, children });
    }
    children.push(pageRoute(lang, r));
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
