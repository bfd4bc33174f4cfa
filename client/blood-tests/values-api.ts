// The values of an uploaded result (issue 15) as the result's page calls them: the marker picker's
// biomarkers, the values found in the PDF (stored nowhere until confirmed), and the confirmed set.
export const VALUES_API = {
  biomarkers: '/user/upload/bloodtest/biomarkers',
  read: (id: number) => `/user/upload/bloodtest/${id}/read`,
  save: (id: number) => `/user/upload/bloodtest/${id}/values`,
} as const;

/** Body systems in the order the picker groups them. */
export const BODY_SYSTEMS = [
  'vitamins',
  'blood',
  'metabolic',
  'heart',
  'thyroid',
  'hormones',
  'kidney',
  'liver',
  'inflammation',
] as const;
