// The wishlist pages (/profile/wishlists, /share, /share/list, /shared-list/{listId}) (a page group, page-group.ts: the pages that declare `group: 'wishlist'`).
import pages from 'virtual:page-group/wishlist';
import { pageGroup } from './page-group';

export const loadPage = pageGroup(pages);
