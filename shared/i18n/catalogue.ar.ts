import type { catalogueEn } from './catalogue.en';

export const catalogueAr: Record<keyof typeof catalogueEn, string> = {
  home_sections_label: 'أقسام الصفحة الرئيسية',
};
