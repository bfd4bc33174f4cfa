// The blood-test booking's pages (its checkout steps and layout, the profile's bookings and uploaded
// results, the upload form), each a lazy chunk named here rather than in the route table's own list
// (client/routes.tsx): the entry chunk, in
// every page's first JavaScript, then holds one lazy import for all of them instead of one per page with
// each page's chunks. The server preloads this chunk with those pages (PageHandle.via).
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

type PageExports = { Component: ComponentType; loader?: LoaderFunction };

const PAGES = import.meta.glob<PageExports>([
  './blood-test-checkout/*.tsx',
  './profile-blood-tests*.tsx',
  './upload-blood-test.tsx',
  '!./**/*.test.tsx',
]) as Record<string, () => Promise<PageExports>>;

export function loadBookingPage(name: string): Promise<PageExports> {
  const load = PAGES[`./${name}.tsx`];
  if (!load) throw new Error(`client/pages/${name}.tsx does not exist (named in shared/routes.ts)`);
  return load();
}
