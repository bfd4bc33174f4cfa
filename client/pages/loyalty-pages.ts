// The loyalty pages (issue 47): the shopper's points, tier, history and referral card, and a referral
// link's landing page. Neither is in the home, listing or product pages' JavaScript (a page group, page-group.ts: the pages that declare `group: 'loyalty'`).
import pages from 'virtual:page-group/loyalty';
import { pageGroup } from './page-group';

export const loadPage = pageGroup(pages);
