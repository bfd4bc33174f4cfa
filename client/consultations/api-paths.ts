// The consultation API's paths in one place (issue 46, book's routes), so the pages and the tests agree.
export interface OfferFilters {
  language?: string;
  gender?: string;
  /** A Gulf date, YYYY-MM-DD: only nutritionists with a free time that day. */
  day?: string;
}

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const CONSULT_API = {
  /** POST with the filters as its body (a read: it travels in the page's bundle). */
  nutritionistList: (page = 1) => (page > 1 ? `/nutritionist/list/${page}` : '/nutritionist/list'),
  nutritionist: (ref: string | number) => `/nutritionist/${encodeURIComponent(String(ref))}`,
  slots: (nutritionistId: number, serviceId: number, from?: string, days = 7) =>
    `/nutritionist/${nutritionistId}/slots${query({ service_id: serviceId, from, days })}`,
  hold: '/consultation/hold',
  book: '/consultation',
  buyPackage: '/consultation/package',
  credits: '/user/consultation/credits',
  credit: (id: number) => `/user/consultation/credits/${id}`,
  list: (page = 1) => (page > 1 ? `/user/consultation/list/${page}` : '/user/consultation/list'),
  detail: (id: number) => `/user/consultation/${id}`,
  cancel: (id: number) => `/user/consultation/${id}/cancel`,
  reschedule: (id: number) => `/user/consultation/${id}/reschedule`,
  mode: (id: number) => `/user/consultation/${id}/mode`,
  rating: (id: number) => `/user/consultation/${id}/rating`,
  /** Through the storefront's /api pass-through: a link the browser downloads. */
  ics: (id: number) => `/api/user/consultation/${id}/ics`,
  wallet: '/user/wallet',
  uploads: '/user/upload/list/bloodtest',
  bloodTestOrders: '/user/bloodTestOrder/list/All',
} as const;
