// The shop's legal and contact details: the one place they are written. The footer, contact and legal
// pages, mails and the Saudi tax invoice all read them from here, so a change of address or number is
// one edit. Each country has its own trading entity (a Kuwaiti W.L.L. and a Saudi company registered
// for VAT); the e-mail and site are shared.
import type { CountryCode, Lang } from './locale';

export interface CompanyEntity {
  /** Registered legal name, as printed on invoices. */
  legalName: Record<Lang, string>;
  /** Commercial registration number. */
  commercialRegistration: string;
  /** VAT registration number (Saudi Arabia: 15 digits, starting and ending with 3); null where there is no VAT. */
  vatNumber: string | null;
  /**
   * The e-invoicing scheme its sales and refunds are issued under (decision 75): 'zatca' (Saudi
   * Fatoora phase 2: every sale and refund a signed, chained document), null where there is none.
   */
  eInvoicing: 'zatca' | null;
  address: Record<Lang, string>;
  /** E.164 phone number, shown left to right in both languages. */
  phone: string;
}

export const COMPANY = {
  brand: { en: 'Gulf Vitamins', ar: 'خليج الفيتامينات' } satisfies Record<Lang, string>,
  email: 'care@gulfvitamins.com',
  /** Mail sender when the environment does not set MAIL_FROM. */
  mailFrom: 'Gulf Vitamins <no-reply@gulfvitamins.com>',
  entities: {
    KW: {
      legalName: { en: 'Gulf Vitamins General Trading Co. W.L.L.', ar: 'شركة خليج الفيتامينات للتجارة العامة ذ.م.م' },
      commercialRegistration: '412873',
      vatNumber: null,
      eInvoicing: null,
      address: {
        en: 'Office 14, Floor 6, Al Hamra Tower, Al Shuhada Street, Sharq, Kuwait City, Kuwait',
        ar: 'مكتب 14، الطابق 6، برج الحمراء، شارع الشهداء، شرق، مدينة الكويت، الكويت',
      },
      phone: '+96522270400',
    },
    SA: {
      legalName: { en: 'Gulf Vitamins Trading Company', ar: 'شركة خليج الفيتامينات التجارية' },
      commercialRegistration: '1010745112',
      vatNumber: '310457812300003',
      eInvoicing: 'zatca',
      address: {
        en: '7421 King Fahd Road, Al Olaya, Riyadh 12214, Saudi Arabia',
        ar: '7421 طريق الملك فهد، العليا، الرياض 12214، المملكة العربية السعودية',
      },
      phone: '+966112901400',
    },
  } satisfies Record<CountryCode, CompanyEntity>,
} as const;

export function companyEntity(country: CountryCode): CompanyEntity {
  return COMPANY.entities[country];
}
