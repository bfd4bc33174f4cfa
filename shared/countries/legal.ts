// Each country's legal facts (its law on personal data), for every country (decision 77): one line a
// country, its own file beside the others'. Read by the privacy policy, which lists every country.
import { legal as AE } from './ae/legal';
import { legal as KW } from './kw/legal';
import { legal as SA } from './sa/legal';
import type { CountryCode } from './index';
import type { CountryLegal } from './types';

export const LEGAL: Record<CountryCode, CountryLegal> = { KW, SA, AE };
