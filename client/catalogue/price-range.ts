// The price filter's two inputs → the range to filter by. Digits typed on an Arabic keyboard
// (١٢٫٥) count; reversed bounds are swapped rather than refused.
import { parseDecimal } from '#shared/text/digits';

export type PriceRange = { min?: number; max?: number };

/** The range typed, null when both inputs are empty (no filter), 'invalid' when one is not a number. */
export function priceRangeOf(minText: string, maxText: string): PriceRange | null | 'invalid' {
  const read = (text: string) => (text.trim() === '' ? undefined : parseDecimal(text));
  const lo = read(minText);
  const hi = read(maxText);
  if (lo === null || hi === null) return 'invalid';
  if (lo === undefined && hi === undefined) return null;
  if (lo !== undefined && hi !== undefined && lo > hi) return { min: hi, max: lo };
  return { ...(lo !== undefined ? { min: lo } : {}), ...(hi !== undefined ? { max: hi } : {}) };
}
