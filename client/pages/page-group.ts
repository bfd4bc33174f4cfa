// Pages loaded through a group chunk (decision 15, and the pages' JavaScript budget): the route table in
// the entry chunk, which is in every page's first JavaScript, holds one lazy import per group instead of
// one per page, each naming that page's own chunks. A group's module lists its pages with its own
// import.meta.glob, so their imports live in the group's chunk; the server preloads the group chunk
// with any of its pages (PageHandle.via). Pages shoppers rarely open first from a link (account,
// checkout of blood tests, wishlists, help pages) are grouped; the shopping pages stay direct.
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

export type PageExports = { Component: ComponentType; loader?: LoaderFunction };

/** A group's page loader by name (client/pages/<name>.tsx, without the extension). */
export function pageGroup(pages: Record<string, () => Promise<PageExports>>) {
  return (name: string): Promise<PageExports> => {
    const load = pages[`./${name}.tsx`];
    if (!load) return Promise.reject(new Error(`client/pages/${name}.tsx does not exist (named in shared/routes.ts)`));
    return load();
  };
}
