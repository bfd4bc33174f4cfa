// The camera and microphone are allowed in a media page's document only (shared/media-pages.ts): the
// worker sends that Permissions-Policy with the documents of the call and its device check, and the
// policy lasts as long as the document. So a media page is never shown in place of another page: the
// way in loads a document (its loader sends a client-side navigation to the server instead), and the
// way out loads one too (leaving it for another kind of page reloads at the new address). Each media
// page's module applies it to its own exports, so neither the route table nor the entry carries it
// (decision 56).
import { type ComponentType, useEffect } from 'react';
import { type LoaderFunction, type LoaderFunctionArgs, redirect } from 'react-router';
import { isMediaPage } from '#shared/media-pages';

type PageExports = { Component: ComponentType; loader?: LoaderFunction };

/**
 * Whether this document came with the camera allowed: whether it was loaded at a media page's address.
 * The navigation's entry keeps the address the document was loaded at (after any redirect), whatever
 * the app's pushState has done to the location since.
 */
export function documentAllowsMedia(): boolean {
  const loaded = performance.getEntriesByType?.('navigation')[0]?.name ?? location.href;
  return isMediaPage(new URL(loaded, location.href).pathname);
}

/**
 * react-router's redirectDocument(to), written with redirect() (which the shell's chunk carries anyway):
 * importing redirectDocument would add it to every page's first JavaScript. media-document.test.ts
 * keeps the two the same.
 */
export function documentRedirect(to: string): Response {
  return redirect(to, { headers: { 'X-Remix-Reload-Document': 'true' } });
}

/** A media page's module, opened and left by loading a document. */
export function inMediaDocument(mod: PageExports): PageExports {
  const own = mod.loader;
  const Page = mod.Component;
  return {
    ...mod,
    loader(args: LoaderFunctionArgs) {
      // In the browser only (the server's render is the document load itself), and before the page's
      // own loader: a guest is then sent to sign in by the server, and back to a document of its own.
      if (typeof document !== 'undefined' && !documentAllowsMedia()) {
        const url = new URL(args.request.url);
        throw documentRedirect(url.pathname + url.search);
      }
      return own ? own(args) : null;
    },
    // biome-ignore lint/correctness/noComponentHookFactories: made once per route (its lazy() is kept), never per render
    Component: function MediaPage() {
      useLeaveByDocument();
      return <Page />;
    },
  };
}

/** Leaving for a page that is not a media page (the new address is committed by then) reloads it there. */
function useLeaveByDocument(): void {
  useEffect(
    () => () => {
      if (!isMediaPage(location.pathname)) location.reload();
    },
    [],
  );
}
