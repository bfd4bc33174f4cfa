// The nutritionist consultation's pages (issue 46): the booking, the pages the payment returns to, and
// the profile's consultations with one consultation's detail. The nutritionist list and profile stay in
// their own chunk (pages/nutritionists.tsx) (a page group, page-group.ts: the pages that declare `group: 'consultation'`).
import pages from 'virtual:page-group/consultation';
import { pageGroup } from './page-group';

export const loadPage = pageGroup(pages);
