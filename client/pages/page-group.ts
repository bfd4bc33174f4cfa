// Pages loaded through a group chunk (decision 15, and the pages' JavaScript budget): the route table in
// the entry chunk, which is in every page's first JavaScript, holds one lazy import per group instead of
// one per page, each naming that page's own chunks. A page joins a group by its declaration
// (`group: 'help'`, client/page-table.ts); the group's module gets its pages' lazy imports from
// virtual:page-group/<name> (scripts/vite-page-table.mjs), so they live in the group's chunk, and the
// server preloads that chunk with any of its pages (PageHandle.via). Pages shoppers rarely open first
// from a link (account, checkout of blood tests, wishlists, help pages) are grouped; the shopping pages
// stay direct.
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
// The grouped pages show amounts in any currency she has bought in (her orders, wallets, invoices,
// bookings): the registry teaches money.ts every country's core row before they render, where a page's
// first JavaScript knows only her country's (shared/countries/known.ts, decision 77).
import '#shared/countries';

export type PageExports = { Component: ComponentType; loader?: LoaderFunction };

/** A group's page loader by module name (client/pages/<name>.tsx, without the extension). */
export function pageGroup(pages: Record<string, () => Promise<PageExports>>) {
  return (name: string): Promise<PageExports> => {
    const load = pages[name];
    if (!load) return Promise.reject(new Error(`client/pages/${name}.tsx does not exist in this group`));
    return load();
  };
}
