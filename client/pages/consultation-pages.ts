// The nutritionist consultation's pages (issue 46): the booking, the page the payment returns to, and
// the profile's consultations with one consultation's detail (a page group, page-group.ts). The
// nutritionist list and profile stay in their own chunk (pages/nutritionists.tsx); the call page loads
// on its own.
import { type PageExports, pageGroup } from './page-group';

export const loadPage = pageGroup(
  import.meta.glob<PageExports>(['./consultation-*.tsx', './profile-consultation*.tsx', '!./**/*.test.tsx']),
);
