// Each country's "up to" price choices, for every country (decision 77): one line a country, its own file beside the others'.
import { priceSteps as AE } from './ae/price-steps';
import { priceSteps as KW } from './kw/price-steps';
import { priceSteps as SA } from './sa/price-steps';
import type { CountryCode } from './index';
import type { PriceSteps } from './types';

export const PRICE_STEPS: Record<CountryCode, PriceSteps> = { KW, SA, AE };
