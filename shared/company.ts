// The shop's legal and contact details. The footer, contact and legal pages, mails and the Saudi tax
// invoice all read them from here, so a change of address or number is one edit. Each country has its
// own trading entity (a Kuwaiti W.L.L. and a Saudi company registered for VAT), written in its module
// (shared/countries/); the brand, e-mail and site are shared and written here.
import { ENTITIES } from './countries/entities';
import type { CountryEntity } from './countries/types';
import type { CountryCode, Lang } from './locale';

/** The shop's trading entity in a country (each country's module holds its own). */
export type CompanyEntity = CountryEntity;

export const COMPANY = {
  brand: { en: 'Gulf Vitamins', ar: 'خليج الفيتامينات' } satisfies Record<Lang, string>,
  email: 'care@gulfvitamins.com',
  /** Mail sender when the environment does not set MAIL_FROM. */
  mailFrom: 'Gulf Vitamins <no-reply@gulfvitamins.com>',
  entities: ENTITIES,
} as const;

export function companyEntity(country: CountryCode): CompanyEntity {
  return COMPANY.entities[country];
}
