// The United Arab Emirates: the shop's trading entity there (footer, contact page, tax invoices).
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryEntity } from '../types';

/**
 * A Dubai trading company registered for VAT. The Tax Registration Number (TRN) is 15 digits starting
 * with 100; this one is a placeholder in the shop's style until the owner's registration is written here.
 */
export const entity: CountryEntity = {
  legalName: { en: 'Gulf Vitamins Trading L.L.C.', ar: 'خليج الفيتامينات للتجارة ش.ذ.م.م' },
  commercialRegistration: '1184302',
  vatNumber: '100482731500003',
  address: {
    en: 'Office 1204, Floor 12, Al Saqr Business Tower, Sheikh Zayed Road, Trade Centre 1, Dubai, United Arab Emirates',
    ar: 'مكتب 1204، الطابق 12، برج الصقر للأعمال، شارع الشيخ زايد، المركز التجاري 1، دبي، الإمارات العربية المتحدة',
  },
  phone: '+97143270400',
};
