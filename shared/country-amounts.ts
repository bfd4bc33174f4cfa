// Amounts a shop owner sets per country (decision 52): each in integer minor units of that country's
// own currency, as the shopper pays (VAT included), round in that currency ("SAR 200", not the SAR
// 224.48 that KWD 16 once converted to). Nothing here is converted: the free-delivery threshold is
// compared with the cart's payable subtotal, both in the country's currency. Stored in D1
// (country_settings, migration 0056) and edited in the back office's Amounts page. No zod, no DOM:
// the cart's code holds it (the form's schema is shared/api/country-amounts-schemas.ts).
import { AMOUNTS, HOME_FREE_DELIVERY } from './countries/amounts';
import type { CountryAmounts } from './countries/types';
import { knownCore } from './countries/known';
import type { CountryCode } from './locale';

export type { CountryAmounts } from './countries/types';

export const COUNTRY_AMOUNT_KEYS = [
  'free_delivery_minor',
  'price_quick_max_minor',
  'price_range_max_minor',
  'unlock_margin_minor',
  'wallet_top_up_max_minor',
] as const satisfies readonly (keyof CountryAmounts)[];

/**
 * The home country's free-delivery threshold and unlock margin on their own: the browser's fallback (no
 * country row) needs only these two, and every page's first JavaScript carries them.
 */
export { HOME_FREE_DELIVERY };

/**
 * What a country starts with (migration 0056 writes the same), and what a country without a settings
 * row uses: each country module's `amounts` (Kuwait's are the spec's, §9; Saudi Arabia's round riyal
 * amounts of about the same weight).
 */
export const DEFAULT_COUNTRY_AMOUNTS: Record<CountryCode, CountryAmounts> = AMOUNTS;

/** A settings row's amounts, each missing or unusable one taken from the country's defaults. */
export function countryAmountsOf(
  country: CountryCode,
  row: Partial<Record<keyof CountryAmounts, number | null>> | null | undefined,
): CountryAmounts {
  const fallback = DEFAULT_COUNTRY_AMOUNTS[country];
  const amounts = { ...fallback };
  for (const key of COUNTRY_AMOUNT_KEYS) {
    const v = row?.[key];
    if (typeof v === 'number' && Number.isInteger(v) && v > 0) amounts[key] = v;
  }
  return amounts;
}

/** Minor units as whole major units, rounded up: the price filter's bounds ("Under SAR 250"). */
export function majorCeil(minor: number, country: CountryCode): number {
  // The country's row as the page knows it (her country's in the browser): not the registry's table.
  const scale = 10 ** knownCore(country).decimals;
  return Math.floor((minor + scale - 1) / scale);
}

/**
 * The unlock modal's price limit, ceil(remaining + margin), in whole major units of the country's
 * currency: what is missing for free delivery and the country's margin, both its own minor units.
 */
export function unlockPriceLimit(remainingMinor: number, marginMinor: number, country: CountryCode): number {
  return majorCeil(Math.max(0, remainingMinor) + marginMinor, country);
}

/** Free delivery reached: the cart's payable subtotal against the country's own threshold (one currency). */
export function freeDeliveryReached(subtotalMinor: number, thresholdMinor: number): boolean {
  return subtotalMinor >= thresholdMinor;
}
