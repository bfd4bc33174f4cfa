import type { staticPagesEn } from './static-pages.en';

export const staticPagesAr: Record<keyof typeof staticPagesEn, string> = {
  static_pages_label: 'صفحات المعلومات',
};
