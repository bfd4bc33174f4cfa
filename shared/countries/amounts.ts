// What each country's owner-set amounts start at, for every country (decision 77): one line a country, its own file beside the others'.
import * as KW from './kw/amounts';
import * as SA from './sa/amounts';
import * as AE from './ae/amounts';
import type { CountryCode } from './index';
import type { CountryAmountDefaults } from './types';

export const AMOUNTS: Record<CountryCode, CountryAmountDefaults> = {
  KW: KW.amounts,
  SA: SA.amounts,
  AE: AE.amounts,
};

/** The home country's free delivery and unlock margin: every page's fallback before its country's row. */
export { freeDelivery as HOME_FREE_DELIVERY } from './kw/amounts';
