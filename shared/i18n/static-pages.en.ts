// Static pages and their forms (our story, terms, contact us, become a supplier …).
export const staticPagesEn = {
  static_pages_label: 'Information pages',
} as const;
