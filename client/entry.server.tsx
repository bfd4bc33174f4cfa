// Server rendering, called by the storefront worker. Loaders run first (critical data awaited), then
// React streams the document. Crawlers get the whole document at once (allReady).
import { preload, preloadModule } from 'react-dom';
import { renderToReadableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  RouterContextProvider,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import type { ApiClient } from '#shared/api/client';
import { textModule, type TextArea } from '#shared/i18n/areas';
import type { BootData } from '#shared/boot';
import { apiContext } from './boot';
import { provideTextSource } from './i18n/context';
import { serverTexts } from './i18n/server-texts';
import { provideServerFooter } from './shell/deferred';
import { provideServerRelatedProducts } from './blood-tests/related-slot';
import RelatedProducts from './blood-tests/RelatedProducts';
import { Footer } from './shell/Footer';
import { AppHead } from './app/AppHead';
import { AppProviders } from './providers';
import type { PageHandle } from './route-handle';
import { routes } from './routes';
import { createSessionStore } from './stores/session';

provideTextSource(serverTexts);
provideServerFooter(Footer);
provideServerRelatedProducts(RelatedProducts);

const handler = createStaticHandler(routes);

export interface RenderOptions {
  request: Request;
  api: ApiClient;
  /** Boot data but the page's text areas, which come from the matched routes; awaited after the loaders
   * have started, so its calls and theirs can travel together. */
  boot: Omit<BootData, 'texts'> | Promise<Omit<BootData, 'texts'>>;
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
}

export type RenderResult =
  | { kind: 'response'; response: Response }
  | { kind: 'html'; status: number; stream: ReadableStream<Uint8Array> };

/** JSON that is safe inside an inline <script>. */
export function scriptJson(value: unknown): string {
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
  const context = await handler.query(options.request, { requestContext });
  if (context instanceof Response) return { kind: 'response', response: context };
  const bootBase = await options.boot;

  const router = createStaticRouter(handler.dataRoutes, context);
  const handles = context.matches.map((m) => m.route.handle as Partial<PageHandle> | undefined);
  // The page renders with the shell's texts and its own areas, and the browser preloads just those.
  const texts = [...new Set(handles.flatMap((h) => h?.texts ?? []))] as TextArea[];
  const pageModules = handles.flatMap((h) => [h?.via, h?.module]).filter((m): m is string => !!m);
  // The page's own stylesheets come with it (decision 18); the dev server injects its styles itself.
  const css = [...new Set([...bootBase.css, ...options.styles(pageModules)])];
  const boot: BootData = { ...bootBase, texts, css };
  const modules = [...pageModules, ...texts.map((area) => textModule(boot.lang, area))];
  const hydration = {
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
  };
  const bootScript = `window.__staticRouterHydrationData=${scriptJson(hydration)};window.__BOOT__=${scriptJson(boot)};`;

  const session = createSessionStore({ country: boot.country, user: boot.user });
  let status = context.statusCode;
  const stream = await renderToReadableStream(
    <AppProviders boot={boot} api={options.api} session={session}>
      <Preloads modules={options.preloads(modules)} fonts={options.fonts} />
      <AppHead lang={boot.lang} />
      <StaticRouterProvider router={router} context={context} hydrate={false} nonce={options.nonce} />
    </AppProviders>,
    {
      nonce: options.nonce,
      bootstrapScriptContent: (options.preamble ?? '') + bootScript,
      bootstrapModules: options.bootstrapModules,
      onError(error) {
        status = 500;
        options.onError(error);
      },
    },
  );
  if (options.waitForAll) await stream.allReady;
  return { kind: 'html', status, stream };
}

/** Resource hints through React, hoisted into <head>: page chunks and the page's font. */
function Preloads({ modules, fonts }: { modules: string[]; fonts: string[] }) {
  for (const href of modules) preloadModule(href);
  for (const href of fonts) preload(href, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  return null;
}
