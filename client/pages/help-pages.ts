// The shop's help and company pages, the app's guide and start screen, the supplement quiz, and the
// consultation call's device check (a page group, page-group.ts: the pages that declare `group: 'help'`).
import pages from 'virtual:page-group/help';
import { pageGroup } from './page-group';

export const loadPage = pageGroup(pages);
