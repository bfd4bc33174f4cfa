// The United Arab Emirates: what the owner's amounts start at (decision 52).
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryAmountDefaults } from '../types';

/** Round dirham amounts of about the weight of the others': free delivery from AED 200, "Under AED 250". */
export const amounts = {
  free_delivery_minor: 20_000,
  unlock_margin_minor: 2_500,
  price_quick_max_minor: 25_000,
  price_range_max_minor: 1_000_000,
  wallet_top_up_max_minor: 500_000,
} as const satisfies CountryAmountDefaults;
