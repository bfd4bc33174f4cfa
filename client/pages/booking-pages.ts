// The blood-test booking's pages: its checkout steps and layout, the profile's bookings and uploaded
// results, the upload form (a page group, page-group.ts: the pages that declare `group: 'booking'`).
import pages from 'virtual:page-group/booking';
import { pageGroup } from './page-group';

export const loadPage = pageGroup(pages);
