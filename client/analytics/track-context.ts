// What a builder call needs from the page. Its own module because track.ts names the builders' type and
// the builders take this context: with it in track.ts the two would import each other.
import type { CurrencyInfo } from '#shared/money';

/** What a builder call needs from the page: the shopper's currency and base price → what they pay. */
export interface TrackContext {
  currency: CurrencyInfo;
  /** A base price (KWD fils) in minor units of the shopper's currency, VAT included (shared/money). */
  payable: (fils: number) => number;
}
