// A listing's price filter after a country switch (decision 9). The URL's price=min-max is typed in
// the old country's currency, VAT-inclusive as shown; read as the new currency it would mean
// something else (SAR 30 as KWD 30). So both bounds go through base fils to the new currency's
// payable prices, kept to the new currency's own decimals (KWD 3, SAR 2): rounding to whole units
// would widen the range (SAR 50–100 became KWD 3–8, 178 results became 253). The bound is the new
// currency's payable price of the edge product, so the range means the same money.
import { minorToDecimal, payableBoundToBase, payableMinor, type CurrencyInfo } from '#shared/money';

// The converted range's currency label, placed as prices place it: loaded with this module, on demand.
export { withCurrency } from '#shared/money';

const BOUND = /^(\d{1,7}(?:\.\d{1,3})?)?-(\d{1,7}(?:\.\d{1,3})?)?$/;

function convertBound(value: string, from: CurrencyInfo, to: CurrencyInfo, bound: 'min' | 'max'): string {
  const scaled = Number(value) * 10 ** from.decimals;
  const minor = bound === 'min' ? Math.ceil(scaled - 1e-6) : Math.floor(scaled + 1e-6);
  const shown = Math.max(0, payableMinor(payableBoundToBase(minor, from, bound), to));
  // Plain digits with a dot (the URL form), without trailing zeros: 3.592, 42.09, 25.
  const text = minorToDecimal(shown, to.decimals);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * The query string with its price filter converted from one country's currency to another's, or
 * null when there is nothing to convert. A malformed price parameter is dropped (it would be ignored).
 */
export function convertPriceParam(
  search: string,
  from: CurrencyInfo,
  to: CurrencyInfo,
): { search: string; range: string | null } | null {
  const params = new URLSearchParams(search);
  const price = params.get('price');
  if (price === null || from.currency === to.currency) return null;
  const m = BOUND.exec(price);
  // The owner's own prices (decision 77's issue-77 amendment) are not a conversion of KWD: no range in
  // one country means the same money in the other, so the filter is dropped.
  if (!m || !(m[1] || m[2]) || from.pricing === 'own' || to.pricing === 'own') {
    params.delete('price');
    return { search: params.toString(), range: null };
  }
  const range = `${m[1] ? convertBound(m[1], from, to, 'min') : ''}-${m[2] ? convertBound(m[2], from, to, 'max') : ''}`;
  params.set('price', range);
  // The converted range is a new result: start again from its first page.
  params.delete('page');
  return { search: params.toString(), range };
}
