// Each country's ways to pay, for every country (decision 77): one line a country, its own file beside the others'.
import { cash as KWcash, payments as KW } from './kw/payments';
import { cash as SAcash, payments as SA } from './sa/payments';
import { cash as AEcash, payments as AE } from './ae/payments';
import type { CountryCode } from './index';
import type { CountryCash, CountryPayments } from './types';

export const PAYMENTS = { KW, SA, AE } as const satisfies Record<CountryCode, CountryPayments>;

/**
 * Cash on delivery as each country starts (the owner's choice replaces it, shared/payments/cash-on-delivery.ts).
 * Only the API and the back office read it: a page's bundle that does not drops it (decision 77).
 */
export const CASH: Record<CountryCode, CountryCash> = { KW: KWcash, SA: SAcash, AE: AEcash };
