// The account's pages: profile and its sections, sign-in and its siblings, the guest's order lookup, an
// alert's unsubscribe page, and the consultation call (its engine, client/call/, comes with it only) (a page group, page-group.ts: the pages that declare `group: 'account'`).
import pages from 'virtual:page-group/account';
import { pageGroup } from './page-group';

export const loadPage = pageGroup(pages);
