// The listing's "N products" line: past the API's count cap it says "1,000+ products" (decision 24).
import type { Translator } from '#shared/i18n';

export function resultsCountText(t: Translator['t'], listing: { total: number; total_capped?: boolean }): string {
  return t(listing.total_capped ? 'results_count_capped' : 'results_count', { count: listing.total });
}
