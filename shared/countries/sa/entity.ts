// Saudi Arabia: the shop's trading entity there (footer, contact page, invoices).
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryEntity } from '../types';

/** A Saudi company registered for VAT (15 digits, starting and ending with 3). */
export const entity: CountryEntity = {
  legalName: { en: 'Gulf Vitamins Trading Company', ar: 'شركة خليج الفيتامينات التجارية' },
  commercialRegistration: '1010745112',
  vatNumber: '310457812300003',
  address: {
    en: '7421 King Fahd Road, Al Olaya, Riyadh 12214, Saudi Arabia',
    ar: '7421 طريق الملك فهد، العليا، الرياض 12214، المملكة العربية السعودية',
  },
  nationalAddress: {
    street: 'طريق الملك فهد',
    building: '7421',
    district: 'العليا',
    city: 'الرياض',
    postalCode: '12214',
  },
  phone: '+966112901400',
};
