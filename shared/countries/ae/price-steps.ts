// The United Arab Emirates: the "up to" choices of a list's price filter.
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77); apart from the
// amounts, whose home defaults every page carries, so these reach only the pages that offer them.
import type { PriceSteps } from '../types';

/** The blood-test list: AED 100, 200 and 400. */
export const priceSteps: PriceSteps = { bloodTests: [10_000, 20_000, 40_000] };
