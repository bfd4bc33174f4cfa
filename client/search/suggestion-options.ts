// The header popup's options as one flat list (the combobox moves through them by index), grouped for
// display: recent searches while the box is (nearly) empty, else products, blood tests (their own
// group, labelled as tests), brands and categories.
import { DEFAULT_COUNTRY } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import type { BloodTestCard } from '#shared/blood-tests/catalogue-types';
import type { ProductCard, SearchSuggestions } from '#shared/catalogue/types';

export type SuggestionOption =
  | { kind: 'recent'; key: string; term: string }
  | { kind: 'product'; key: string; product: ProductCard; position: number }
  | { kind: 'test'; key: string; test: BloodTestCard; currency: string }
  | { kind: 'brand'; key: string; id: number; name: string }
  | { kind: 'category'; key: string; id: number; name: string };

/** What the options are built from: GET /product/search's answer, its blood tests read as possibly absent. */
type SuggestionsRead = Pick<SearchSuggestions, 'products' | 'brands' | 'categories'> &
  Partial<Pick<SearchSuggestions, 'blood_tests' | 'currency'>>;

/** Suggestions start at two letters (one letter matches too much to help). */
export const MIN_SUGGEST_LENGTH = 2;

export function suggestionOptions(text: string, recent: string[], data: SuggestionsRead | null): SuggestionOption[] {
  if (text.trim().length < MIN_SUGGEST_LENGTH)
    return recent.map((term) => ({ kind: 'recent', key: `r:${term}`, term }));
  if (!data) return [];
  return [
    ...data.products.map((product, i) => ({
      kind: 'product' as const,
      key: `p:${product.id}`,
      product,
      position: i + 1,
    })),
    ...(data.blood_tests ?? []).map((test) => ({
      kind: 'test' as const,
      key: `t:${test.id}`,
      test,
      currency: data.currency ?? COUNTRY_FACTS[DEFAULT_COUNTRY].currency,
    })),
    ...data.brands.map((b) => ({ kind: 'brand' as const, key: `b:${b.id}`, id: b.id, name: b.name })),
    ...data.categories.map((c) => ({ kind: 'category' as const, key: `c:${c.id}`, id: c.id, name: c.name })),
  ];
}
