// Each country's address form, for every country (decision 77): one line a country, its own file beside the others'.
import { address as KW } from './kw/address';
import { address as SA } from './sa/address';
import type { CountryCode } from './index';
import type { CountryAddress } from './types';

export const ADDRESS: Record<CountryCode, CountryAddress> = { KW, SA };
