// Kuwait: the "up to" choices of a list's price filter.
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77); apart from the
// amounts, whose home defaults every page carries, so these reach only the pages that offer them.
import type { PriceSteps } from '../types';

/** The blood-test list: KWD 5, 10 and 25. */
export const priceSteps: PriceSteps = { bloodTests: [5_000, 10_000, 25_000] };
