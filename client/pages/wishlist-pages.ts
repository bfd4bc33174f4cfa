// The wishlist pages (/profile/wishlists, /share, /share/list, /shared-list/{listId}), a page
// group (page-group.ts).
import { type PageExports, pageGroup } from './page-group';

export const loadPage = pageGroup(
  import.meta.glob<PageExports>(['./profile-wishlists.tsx', './share*.tsx', '!./**/*.test.tsx']),
);
