// The wishlist pages (issue 16: /profile/wishlists, /share, /share/list, /shared-list/{listId}), each a
// lazy chunk named here rather than in the route table's own list (client/routes.tsx), as the booking's
// pages are (booking-pages.ts): every page's first JavaScript then holds one lazy import for the four.
// The server preloads this chunk with those pages (PageHandle.via).
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

type PageExports = { Component: ComponentType; loader?: LoaderFunction };

const PAGES = import.meta.glob<PageExports>(['./profile-wishlists.tsx', './share*.tsx', '!./**/*.test.tsx']) as Record<
  string,
  () => Promise<PageExports>
>;

export function loadWishlistPage(name: string): Promise<PageExports> {
  const load = PAGES[`./${name}.tsx`];
  if (!load) throw new Error(`client/pages/${name}.tsx does not exist (named in shared/routes.ts)`);
  return load();
}
