// The values of an uploaded result as the result's page calls them: the marker picker's
// biomarkers, the values found in the PDF (stored nowhere until confirmed), and the confirmed set.
export const VALUES_API = {
  biomarkers: '/user/upload/bloodtest/biomarkers',
  read: (id: number) => `/user/upload/bloodtest/${id}/read`,
  save: (id: number) => `/user/upload/bloodtest/${id}/values`,
} as const;

/** The picker groups markers by body system in the results page's order. */
export { BODY_SYSTEMS } from '#shared/blood-tests/catalogue-types';
