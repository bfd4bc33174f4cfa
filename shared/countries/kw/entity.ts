// Kuwait: the shop's trading entity there (footer, contact page, invoices).
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryEntity } from '../types';

export const entity: CountryEntity = {
  legalName: { en: 'Gulf Vitamins General Trading Co. W.L.L.', ar: 'شركة خليج الفيتامينات للتجارة العامة ذ.م.م' },
  commercialRegistration: '412873',
  vatNumber: null,
  address: {
    en: 'Office 14, Floor 6, Al Hamra Tower, Al Shuhada Street, Sharq, Kuwait City, Kuwait',
    ar: 'مكتب 14، الطابق 6، برج الحمراء، شارع الشهداء، شرق، مدينة الكويت، الكويت',
  },
  phone: '+96522270400',
};
