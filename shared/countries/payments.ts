// Each country's ways to pay, for every country (decision 77): one line a country, its own file beside the others'.
import { payments as KW } from './kw/payments';
import { payments as SA } from './sa/payments';
import { payments as AE } from './ae/payments';
import type { CountryCode } from './index';
import type { CountryPayments } from './types';

export const PAYMENTS = { KW, SA, AE } as const satisfies Record<CountryCode, CountryPayments>;
