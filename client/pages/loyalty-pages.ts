// The loyalty pages (issue 47): the shopper's points, tier, history and referral card, and a referral
// link's landing page (a page group, page-group.ts). Neither is in the home, listing or product pages'
// JavaScript.
import { type PageExports, pageGroup } from './page-group';

export const loadPage = pageGroup(import.meta.glob<PageExports>(['./profile-points.tsx', './invite.tsx']));
