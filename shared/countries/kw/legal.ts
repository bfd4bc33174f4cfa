// Kuwait: the law on personal data the privacy policy names. CITRA's Data Privacy Protection
// Regulation, Resolution No. 26 of 2024, replaced its regulation of 2021 (Resolution No. 42).
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryLegal } from '../types';

export const legal: CountryLegal = {
  dataProtection: {
    law: {
      en: 'Data Privacy Protection Regulation (CITRA Resolution No. 26 of 2024, which replaced Resolution No. 42 of 2021)',
      ar: 'لائحة حماية خصوصية البيانات (قرار هيئة الاتصالات وتقنية المعلومات رقم 26 لسنة 2024، الذي حلّ محل القرار رقم 42 لسنة 2021)',
    },
    regulator: {
      en: 'Communication and Information Technology Regulatory Authority (CITRA)',
      ar: 'هيئة الاتصالات وتقنية المعلومات',
    },
    url: 'https://citra.gov.kw',
  },
  emergency: { general: '112', ambulance: '112' },
};
