// Links to the consultation's pages (issue 46). Kept here, not in shared/routes.ts's `paths`, which
// every page's first JavaScript carries: only the pages that link to a booking load these.
import { localizePath, type Lang } from '#shared/locale';

export const consultPaths = {
  /** The booking page of a nutritionist, with the service (and the week, or a time) chosen when known. */
  book: (
    lang: Lang,
    nutritionistId: number,
    options: { service?: number; from?: string; at?: number; followUp?: number } = {},
  ) => {
    const query = new URLSearchParams();
    if (options.service !== undefined) query.set('service', String(options.service));
    if (options.from) query.set('from', options.from);
    if (options.at !== undefined) query.set('at', String(options.at));
    if (options.followUp !== undefined) query.set('follow_up', String(options.followUp));
    const q = query.toString();
    return localizePath(`/consultation/book/${nutritionistId}`, lang) + (q ? `?${q}` : '');
  },
  detail: (lang: Lang, id: number) => localizePath(`/profile/consultations/${id}`, lang),
  /** The call page (built with the call, issue 46): the join button links to it. */
  call: (lang: Lang, id: number) => localizePath(`/profile/consultations/${id}/call`, lang),
  success: (lang: Lang, id: number) => `${localizePath('/consultation/success', lang)}?id=${id}`,
  /** Where a bought package lands (its payment returns here too: the API's packageReturnPath). */
  package: (lang: Lang, creditId: number) => `${localizePath('/consultation/package', lang)}?id=${creditId}`,
};
