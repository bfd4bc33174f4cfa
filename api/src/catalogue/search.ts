// FTS5 query building: every word is a prefix match (as-you-type), all words must match; when a
// search finds nothing, a Latin word of 4+ letters is corrected to index terms one edit away.
import { editDistance, searchTokens } from '../../../shared/search/normalize';

export function matchExpression(tokens: string[]): string | null {
  if (!tokens.length) return null;
  return tokens.map((t) => `"${t.replaceAll('"', '')}"*`).join(' AND ');
}

export function queryMatch(query: string | undefined): { tokens: string[]; match: string | null } {
  const tokens = searchTokens(query ?? '');
  return { tokens, match: matchExpression(tokens) };
}

const LATIN_WORD = /^[a-z]{4,}$/;

/**
 * Replaces words that match no index term by the index terms one edit away (most frequent first).
 * Returns null when nothing could be corrected.
 */
export async function correctTokens(db: D1Database, tokens: string[]): Promise<{ tokens: string[]; match: string } | null> {
  const fixable = tokens.filter((t) => LATIN_WORD.test(t));
  if (!fixable.length) return null;
  // Candidates share the first letter (typos rarely hit it) and have a similar length.
  const statements = fixable.map((t) =>
    db
      .prepare('SELECT term, doc FROM product_search_vocab WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ? ORDER BY doc DESC LIMIT 400')
      .bind(t[0], String.fromCharCode(t.charCodeAt(0) + 1), t.length - 1, t.length + 1),
  );
  const results = await db.batch<{ term: string; doc: number }>(statements);
  let changed = false;
  const parts = tokens.map((t) => {
    const i = fixable.indexOf(t);
    if (i < 0) return `"${t}"*`;
    const terms = results[i]!.results;
    if (terms.some((r) => r.term.startsWith(t))) return `"${t}"*`;
    const near = terms.filter((r) => editDistance(t, r.term, 1) <= 1).slice(0, 5);
    if (!near.length) return `"${t}"*`;
    changed = true;
    return `(${near.map((r) => `"${r.term}"`).join(' OR ')})`;
  });
  return changed ? { tokens, match: parts.join(' AND ') } : null;
}
