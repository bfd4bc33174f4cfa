// Pages that ask search engines to leave them out (<meta name="robots" content="noindex">): the sitemap
// leaves out every page named here (a sitemap that lists a noindex page is an error to every
// validator). Each page says noindex itself (its seo={{ noindex: true }}), so that no list reaches the
// browser's entry; tests/integration/storefront/structured-data-and-indexing.test.ts renders every
// page named here and every page the sitemap lists, so the two cannot drift apart.
import type { PageId } from '../page-paths';

export const NOINDEX_PAGE_IDS = [
  // A guest's own order, found by number and e-mail (or the mail's link).
  'order-lookup',
  // A shopper's own lists and results, and the installed app's start screen.
  'share',
  'share-list',
  'shared-list',
  'quiz-result',
  'app-shell',
  // Links mailed with a token in the URL.
  'reset-password',
  'verify-email',
  'alerts-unsubscribe',
  // The consultation call's device check: a tool for one browser, nothing to find.
  'consultation-check',
] as const satisfies readonly PageId[];

/** True when the page says noindex (one of the above). */
export function isNoindexPage(id: string): boolean {
  return (NOINDEX_PAGE_IDS as readonly string[]).includes(id);
}
