// The country whose e-invoices this core builds (decision 77): the one whose tax rule's invoice form is
// ZATCA's (`invoice: 'zatca'`), not a literal. Its code is the seller's country in the UBL document and
// the country attribute of the stamp's CSR; the stamp, its audit rows and its sample documents are its.
import { HOME_COUNTRY, type CountryCode } from '../../../shared/countries';
import { countriesInvoicing } from '../../../shared/countries/rules';

export const ZATCA_COUNTRY: CountryCode = countriesInvoicing('zatca')[0] ?? HOME_COUNTRY;
