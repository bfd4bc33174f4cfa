// The United Arab Emirates: the law on personal data the privacy policy names.
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryLegal } from '../types';

export const legal: CountryLegal = {
  dataProtection: {
    law: {
      en: 'Federal Decree-Law No. 45 of 2021 on the Protection of Personal Data',
      ar: 'المرسوم بقانون اتحادي رقم 45 لسنة 2021 بشأن حماية البيانات الشخصية',
    },
    regulator: { en: 'UAE Data Office', ar: 'مكتب الإمارات للبيانات' },
    url: 'https://uaelegislation.gov.ae',
  },
  emergency: { general: '999', ambulance: '998' },
};
