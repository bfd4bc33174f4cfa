// Saudi Arabia: the law on personal data the privacy policy names, the Personal Data Protection Law
// (Royal Decree No. M/19 of 9/2/1443 AH, as amended), enforced by SDAIA.
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryLegal } from '../types';

export const legal: CountryLegal = {
  dataProtection: {
    law: {
      en: 'Personal Data Protection Law (Royal Decree No. M/19 of 9/2/1443 AH, as amended)',
      ar: 'نظام حماية البيانات الشخصية (الصادر بالمرسوم الملكي رقم م/19 وتاريخ 9/2/1443هـ، وتعديلاته)',
    },
    regulator: {
      en: 'Saudi Data and Artificial Intelligence Authority (SDAIA)',
      ar: 'الهيئة السعودية للبيانات والذكاء الاصطناعي (سدايا)',
    },
    url: 'https://sdaia.gov.sa',
  },
  emergency: { general: '911', ambulance: '997' },
};
