// Server rendering, called by the storefront worker. Loaders run first, then React streams the document.
// When the page's data is slow (`slow` settles first: far from the data), the shell goes first and the
// page follows in the same document, its hydration data in a script at the end (decision 41). Crawlers
// get the whole document at once (allReady), with its status.
import { preload, preloadModule } from 'react-dom';
import type { ReactNode } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  RouterContextProvider,
  StaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import type { ApiClient } from '#shared/api/client';
import { textModule, type TextArea } from '#shared/i18n/areas';
import type { BootData } from '#shared/boot';
import { CORE, HOME_COUNTRY } from '#shared/countries';
import { isCountryPage, pinnedCountry } from '#shared/seo/country-urls';
import { StreamedPageContext, type StreamedPage } from './app/PageOutlet';
import { apiContext } from './boot';
import { lateDataStrategy, lateRoutes, settleLateData, type SettledPage } from './late-data';
import { provideTextSource } from './i18n/context';
import { serverTexts } from './i18n/server-texts';
import { provideServerFooter } from './shell/deferred';
import { provideServerRelatedProducts } from './blood-tests/related-slot';
import RelatedProducts from './blood-tests/RelatedProducts';
import { Footer } from './shell/Footer';
import { AppHead } from './app/AppHead';
import { AppProviders } from './providers';
import type { PageHandle } from './route-handle';
import { routes } from './route-tree';
import { createSessionStore } from './stores/session';
import type { HerPartName, HerParts } from './app/her-parts';
import { HerAccount } from './shell/Header';
import { ForYou } from './pages/home';
import { Together } from './pages/product';

// The page table, for the worker's sitemap (the worker imports this module only, decision 67).
export { PAGE_ROUTES } from './page-list';
// What her places render with and the home sections among them, for her page's trip (decision 76).
export type { HerParts } from './app/her-parts';
export type { HomeSection } from './lib/catalogue';

provideTextSource(serverTexts);
provideServerFooter(Footer);
provideServerRelatedProducts(RelatedProducts);

const handler = createStaticHandler(routes);

export interface RenderOptions {
  request: Request;
  api: ApiClient;
  /** Boot data but the page's text areas (from the matched routes) and the answers its prices need. */
  boot: Omit<BootData, 'texts' | 'fallback'>;
  /** The answers the page's prices need (the country list), asked for with the loaders' calls. */
  fallback: Promise<BootData['fallback']>;
  /** Settles when the page's data counts as slow: a loader still running then comes after the shell.
   * Without it the document waits for all its data. */
  slow?: Promise<void>;
  nonce: string;
  /** Module scripts to start the app with (the client entry). */
  bootstrapModules: string[];
  /** Inline module run before the entry (the dev refresh preamble); needs the nonce too. */
  preamble?: string;
  /** Maps the matched page modules and text modules (source paths) to the JS files the browser should preload. */
  preloads: (modules: string[]) => string[];
  /** Maps the matched page modules to their stylesheets, the shell's first. */
  styles: (modules: string[]) => string[];
  /** Font files to preload (woff2). */
  fonts: string[];
  waitForAll: boolean;
  onError: (error: unknown) => void;
  /** Her kept copy (decision 76): her places render neutral, and her parts follow the document. */
  herPending?: boolean;
}

export type RenderResult =
  | { kind: 'response'; response: Response }
  | {
      kind: 'html';
      status: number;
      stream: ReadableStream<Uint8Array>;
      /** The page's status once all its data is in: the same as `status` unless it came after the shell
       * (then a late 404 or redirect says so here, though the response went out as 200). */
      finalStatus: Promise<number>;
      /** Whether the shell went before the page's data. */
      shellFirst: boolean;
    };

/** JSON that is safe inside an inline <script>. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (isRouteErrorResponse(value)) out[key] = { ...value, __type: 'RouteErrorResponse' };
    // Never send server error details to the browser.
    else if (value instanceof Error) out[key] = { message: 'server_error', __type: 'Error' };
    else out[key] = value;
  }
  return out;
}

/**
 * Loads the code (and texts) of the routes a request matches, before its loaders run: then every loader
 * of the page starts in the same turn of the event loop, and their calls to the API can travel together
 * (the storefront's page bundle). Where modules are bundled this costs no waiting; where a module
 * comes from elsewhere (a dev server, the test runner) it is the wait the loaders would have had.
 */
export async function prepareRoutes(request: Request): Promise<void> {
  const matches = matchRoutes(routes, new URL(request.url).pathname) ?? [];
  await Promise.all(matches.map((m) => (typeof m.route.lazy === 'function' ? m.route.lazy() : undefined)));
}

export async function renderDocument(options: RenderOptions): Promise<RenderResult> {
  const requestContext = new RouterContextProvider();
  requestContext.set(apiContext, options.api);
  // A crawler's document always waits for its data, however slow.
  const slow = options.waitForAll ? undefined : options.slow;
  const context = await handler.query(options.request, {
    requestContext,
    ...(slow ? { dataStrategy: lateDataStrategy(slow) } : {}),
  });
  if (context instanceof Response) return { kind: 'response', response: context };
  const late = lateRoutes(context);
  // The prices' answers (the country list) can be the slow part on their own, on a page whose loaders
  // need no call (the cart): then the shell goes first as well. When both have come, the answers win.
  const pricesLate =
    late.length === 0 && slow
      ? await Promise.race([options.fallback.then(notLate, notLate), slow.then(() => true)])
      : false;
  const shellFirst = late.length > 0 || pricesLate;
  // The whole document waits for the prices' answers; a page sent shell first waits for them in its boundary.
  const fallback = shellFirst ? {} : await options.fallback;

  const router = createStaticRouter(matchedBranch(handler.dataRoutes, context.matches), context);
  const handles = context.matches.map((m) => m.route.handle as Partial<PageHandle> | undefined);
  // The page renders with the shell's texts and its own areas, and the browser preloads just those.
  const texts = [...new Set(handles.flatMap((h) => h?.texts ?? []))] as TextArea[];
  const pageModules = handles.flatMap((h) => [h?.via, h?.module]).filter((m): m is string => !!m);
  // The page's own stylesheets come with it (decision 18); the dev server injects its styles itself.
  const css = [...new Set([...options.boot.css, ...options.styles(pageModules)])];
  // The country the URL pins its page to, when the page differs by country: its canonical URL keeps it.
  const page = handles.at(-1)?.page;
  const pinned = page && isCountryPage(page) && pinnedCountry(new URL(options.request.url).searchParams);
  const boot: BootData = {
    ...options.boot,
    // Her country's row and the home country's, never the others' (decision 77's amendment).
    core: { [HOME_COUNTRY]: CORE[HOME_COUNTRY], [options.boot.country]: CORE[options.boot.country] },
    texts,
    css,
    fallback,
    ...(pinned ? { pinned } : {}),
    ...(options.herPending ? { herParts: herPartsFailed(options.boot.lang) } : {}),
  };
  const modules = [...pageModules, ...texts.map((area) => textModule(boot.lang, area))];

  const settled: Promise<SettledPage> | null = shellFirst ? settleLateData(context, late, options.fallback) : null;
  // Read by the page's boundary (one promise per request, so the boundary's retry sees the same one).
  const streamed: Promise<StreamedPage> | null = settled?.then((s) => s.page) ?? null;
  settled?.then((s) => {
    if (s.page.error !== undefined && s.status >= 500) options.onError(s.page.error);
  });

  const session = createSessionStore({ country: boot.country, user: boot.user });
  let status = context.statusCode;
  /** Whether the shopper left before a page sent shell first had come. */
  let left = false;
  const wholeScript = settled ? '' : bootScript(hydrationOf(context), boot);
  const stream = await renderToReadableStream(
    <AppProviders boot={boot} api={options.api} session={session}>
      <Preloads modules={options.preloads(modules)} fonts={options.fonts} />
      <AppHead lang={boot.lang} />
      <StreamedPageContext.Provider value={streamed}>
        <StaticRouterProvider router={router} context={context} hydrate={false} nonce={options.nonce} />
      </StreamedPageContext.Provider>
    </AppProviders>,
    {
      nonce: options.nonce,
      ...((options.preamble ?? '') + wholeScript
        ? { bootstrapScriptContent: (options.preamble ?? '') + wholeScript }
        : {}),
      bootstrapModules: options.bootstrapModules,
      // A document sent whole has every boundary in place: React would otherwise move a large one that
      // is already complete to the end of the document (hidden until a script shows it), so that the
      // part above paints first; a crawler reads no script, and a whole document has no wait to cover.
      ...(settled ? {} : { progressiveChunkSize: Number.MAX_SAFE_INTEGER }),
      onError(error) {
        // The shopper went elsewhere while the page was on its way: React stops, nothing went wrong.
        if (left) return;
        status = 500;
        options.onError(error);
      },
    },
  );
  if (options.waitForAll) await stream.allReady;
  if (!settled) return { kind: 'html', status, stream, finalStatus: Promise.resolve(status), shellFirst: false };

  // The page's data in a script after it: the browser's entry waits for the document to be read whole.
  const tail = settled.then((s) => {
    const script =
      s.page.redirect !== undefined
        ? `location.replace(${scriptJson(s.page.redirect)});`
        : bootScript(
            { ...s.hydration, actionData: context.actionData },
            { ...boot, fallback: s.page.fallback, shellFirst: true },
          );
    return `<script nonce="${options.nonce}">${script}</script>`;
  });
  const reader = stream.getReader();
  const withTail = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (!done) return controller.enqueue(value);
      controller.enqueue(new TextEncoder().encode(await tail));
      controller.close();
    },
    cancel(reason) {
      left = true;
      return reader.cancel(reason);
    },
  });
  return { kind: 'html', status, stream: withTail, finalStatus: settled.then((s) => s.status), shellFirst: true };
}

const notLate = () => false;

/**
 * Her places rendered for her (decision 76), each as the element the kept copy holds in its place: the
 * storefront streams them after the kept copy, and the browser hydrates them with the same data. Only
 * her places render, all in one render (one set of providers), each in its own `<template
 * data-her-fill>`: the page itself is the kept copy's.
 */
export function renderHerParts(options: {
  url: string;
  boot: Omit<BootData, 'texts' | 'fallback' | 'css'>;
  texts: TextArea[];
  /** The answers her cards' prices need (the country list), as the page's boot data has them. */
  fallback: BootData['fallback'];
  api: ApiClient;
  her: HerParts;
  product: number | null;
}): string {
  const places = Object.entries(herPlaces(options.her, options.product)).filter(
    (place): place is [HerPartName, ReactNode] => place[1] !== null,
  );
  const kept = keptPlaces(options);
  const keys = new Map(places.map(([name]) => [name, kept ? placeKey(name, options) : '']));
  const known = new Map<HerPartName, string>();
  for (const [name] of places) {
    const html = kept?.get(keys.get(name)!);
    if (html !== undefined) known.set(name, html);
  }
  const missing = places.filter(([name]) => !known.has(name));
  if (missing.length > 0) {
    for (const [name, html] of splitPlaces(renderPlaces(options, missing))) {
      known.set(name, html);
      kept?.set(keys.get(name)!, html);
    }
  }
  return places.map(([name]) => known.get(name) ?? '').join('');
}

/** These places rendered for her, all in one render (one set of providers), each in its own template. */
function renderPlaces(options: Parameters<typeof renderHerParts>[0], places: [HerPartName, ReactNode][]): string {
  const boot: BootData = {
    ...options.boot,
    css: [],
    texts: options.texts,
    fallback: options.fallback,
    herParts: herPartsFailed(options.boot.lang),
    her: options.her,
  };
  const session = createSessionStore({ country: boot.country, user: options.her.user ?? null });
  const html = renderToString(
    <AppProviders boot={boot} api={options.api} session={session}>
      <StaticRouter location={new URL(options.url).pathname}>
        {places.map(([name, node]) => (
          <template key={name} data-her-fill={name}>
            {node}
          </template>
        ))}
      </StaticRouter>
    </AppProviders>,
  );
  // A resource hint React writes for a place (an eager card's image preload) comes before the first
  // template. It is dropped: inside a template it did nothing (the swap takes the places only), and a
  // place kept as rendered must hold its own bytes alone, not another place's hints.
  const first = html.indexOf('<template');
  return first <= 0 ? html : html.slice(first);
}

const PLACE_START = '<template data-her-fill="';

/** Each place's own template in a render of several (they are siblings, none holds another). */
function splitPlaces(html: string): [HerPartName, string][] {
  const out: [HerPartName, string][] = [];
  let at = html.indexOf(PLACE_START);
  while (at !== -1) {
    const next = html.indexOf(PLACE_START, at + PLACE_START.length);
    const name = html.slice(at + PLACE_START.length, html.indexOf('"', at + PLACE_START.length)) as HerPartName;
    out.push([name, html.slice(at, next === -1 ? undefined : next)]);
    at = next;
  }
  return out;
}

/**
 * Her places as rendered, per country list (the isolate's copy under the catalogue's version,
 * worker/cache/country-list.ts: a new version is a new list, and the old renders go with it), then per
 * place and what it renders from. A place's HTML is a function of its data, her language and country
 * and whether she is signed in (her cart, hearts and notify choices are the browser's; the server renders
 * them as for any signed-in shopper): her account link of her details, her sections of themselves, bought
 * together of the product and its gated list, which is the same for most shoppers (everyone's). So her
 * next first view in this isolate, and anyone's with the same list, renders nothing again; rendering
 * them was about a sixth of the storefront's CPU for her first view of a page (measured). Bounded: the
 * store is emptied when full, as the isolate's other copies are.
 */
const placesRendered = new WeakMap<object, KeptPlaces>();

/**
 * What the renders kept hold at most, keys and HTML together, in characters (a two-byte Arabic string
 * takes twice its length): about 4 MB of an isolate's 128. A shopper's sections with a dozen cards each
 * are a hundred kilobytes, so a count alone would not bound it. Emptied when full.
 */
const PLACES_KEPT_CHARS = 2_000_000;

class KeptPlaces {
  private readonly rendered = new Map<string, string>();
  private chars = 0;

  get(key: string): string | undefined {
    return this.rendered.get(key);
  }

  set(key: string, html: string): void {
    const size = key.length + html.length;
    if (size > PLACES_KEPT_CHARS / 10) return;
    if (this.chars + size > PLACES_KEPT_CHARS) {
      this.rendered.clear();
      this.chars = 0;
    }
    if (!this.rendered.has(key)) this.chars += size;
    this.rendered.set(key, html);
  }
}

function keptPlaces(options: Pick<Parameters<typeof renderHerParts>[0], 'fallback'>): KeptPlaces | null {
  const list = (options.fallback['/country'] as { items?: unknown } | undefined)?.items;
  if (!list || typeof list !== 'object') return null;
  let kept = placesRendered.get(list);
  if (!kept) {
    kept = new KeptPlaces();
    placesRendered.set(list, kept);
  }
  return kept;
}

/** What a place renders from, as a key: all its HTML depends on. */
function placeKey(name: HerPartName, options: Parameters<typeof renderHerParts>[0]): string {
  const { her, boot } = options;
  const data =
    name === 'account'
      ? her.user
      : name === 'for-you'
        ? her.forYou
        : { product: options.product, together: her.together };
  return `${name}|${her.state}|${boot.lang}|${boot.country}|${her.user ? 1 : 0}|${JSON.stringify(data ?? null)}`;
}

/** Each of her places on this page and what it renders for her; null where the page has no such place. */
function herPlaces(her: HerParts, product: number | null): Record<HerPartName, ReactNode | null> {
  return {
    account: <HerAccount />,
    'for-you': <ForYou sections={her.forYou ?? []} />,
    together: product === null ? null : <Together productId={product} cards={her.together ?? []} />,
  };
}

/** What the footer's choice of country says to a first visit from a place the shop does not serve (issue 77). */
export function unservedTexts(lang: BootData['lang']): NonNullable<BootData['unserved']> {
  const texts = serverTexts(lang, ['orders']);
  return { title: texts.unserved_title, choose: texts.unserved_choose };
}

/** What her places say when her parts could not load: in her kept copy's boot data, never in a page's JavaScript. */
function herPartsFailed(lang: BootData['lang']): string {
  return serverTexts(lang, ['accounts']).her_parts_failed;
}

function hydrationOf(context: StaticHandlerContext) {
  return { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors };
}

/** The script that hands the browser the router's data and the boot data. */
function bootScript(
  hydration: { loaderData: unknown; actionData: unknown; errors: StaticHandlerContext['errors'] },
  boot: BootData,
): string {
  const data = { ...hydration, errors: serializeErrors(hydration.errors) };
  return `window.__staticRouterHydrationData=${scriptJson(data)};window.__BOOT__=${scriptJson(boot)};`;
}

/**
 * The routes of the matched branch alone. The static router converts every route it is given on each
 * render (some hundred, both languages) though a page renders only its own branch, which matches the
 * same way in the pruned tree as it did in the whole one.
 */
function matchedBranch(
  routes: StaticHandlerContext['matches'][number]['route'][],
  matches: StaticHandlerContext['matches'],
) {
  const ids = new Set(matches.map((m) => m.route.id));
  const prune = (list: typeof routes): typeof routes =>
    list
      .filter((route) => ids.has(route.id))
      .map((route) => (route.children ? { ...route, children: prune(route.children) } : route));
  return prune(routes);
}

/** Resource hints through React, hoisted into <head>: page chunks and the page's font. */
function Preloads({ modules, fonts }: { modules: string[]; fonts: string[] }) {
  for (const href of modules) preloadModule(href);
  for (const href of fonts) preload(href, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  return null;
}
