// Kuwait: what the owner's amounts start at (decision 52).
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryAmountDefaults } from '../types';

/**
 * Free delivery and the unlock margin on their own: as the home country's, every page's fallback before
 * its country's row arrives (HOME_FREE_DELIVERY), so every page's first JavaScript carries these two.
 */
export const freeDelivery: Pick<CountryAmountDefaults, 'free_delivery_minor' | 'unlock_margin_minor'> = {
  free_delivery_minor: 15_000,
  unlock_margin_minor: 2_000,
};

/** The spec's (§9): free delivery from KWD 15, 'Under KD 25', a range to 1000, the unlock modal's "+ 2". */
export const amounts = {
  ...freeDelivery,
  price_quick_max_minor: 25_000,
  price_range_max_minor: 1_000_000,
  wallet_top_up_max_minor: 500_000,
} as const satisfies CountryAmountDefaults;
