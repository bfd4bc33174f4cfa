// FTS5 queries from a shopper's words (shared/search/query.ts explains the expansion): the match, the
// relevance tiers, and the fallback that looks the words up in the index vocabulary when a search
// finds nothing (one typo in Latin or Arabic, Arabic long vowels added or dropped).
import { editDistance } from '#shared/search/normalize';
import {
  bestSplit,
  expandQuery,
  matchExpression,
  meaningfulTokens,
  phoneticKey,
  splitGroups,
  splitTerms,
  type QueryGroup,
  type SynonymSet,
} from '#shared/search/query';

export interface SearchMatch {
  /** The shopper's meaningful words (stop words dropped), normalised. */
  tokens: string[];
  groups: QueryGroup[];
  /** Every group somewhere in the product's text. */
  match: string;
  /** Relevance tiers, best first (see relevanceOrder). */
  inName: string;
  inNameAndBrand: string;
  anyInName: string;
  inDescription: string;
}

export function searchMatch(query: string | undefined, synonyms: SynonymSet[] = []): SearchMatch | null {
  return matchFromGroups(meaningfulTokens(query ?? ''), expandQuery(query ?? '', synonyms));
}

function matchFromGroups(tokens: string[], groups: QueryGroup[]): SearchMatch | null {
  const match = matchExpression(groups);
  if (!match) return null;
  return {
    tokens,
    groups,
    match,
    inName: matchExpression(groups, { columns: ['name'] })!,
    inNameAndBrand: matchExpression(groups, { columns: ['name', 'brand'] })!,
    anyInName: matchExpression(groups, { columns: ['name'], any: true })!,
    inDescription: matchExpression(groups, { columns: ['category', 'ingredients', 'tags'] })!,
  };
}

/** Kept for callers that only need the expression (suggestions). */
export function queryMatch(
  query: string | undefined,
  synonyms: SynonymSet[] = [],
): { tokens: string[]; match: string | null } {
  const m = searchMatch(query, synonyms);
  return { tokens: m?.tokens ?? [], match: m?.match ?? null };
}

// The expressions go into ORDER BY as SQL literals: ORDER BY appears twice in the page statement and
// positional parameters there would shift every filter's. They hold only normalised letters and
// digits, quotes, *, braces and parentheses; the quote doubling keeps even a surprise harmless.
const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
const inFts = (expr: string) =>
  `p.id IN (SELECT rowid FROM product_search WHERE product_search MATCH ${literal(expr)})`;

/**
 * Relevance: every word in the product's own name, then in name and brand together ("gulf vital
 * vitamin c") when the name has at least one, then products the description (category, ingredients,
 * tags) helped find, then the rest: products found through their brand's name alone. In stock before
 * out of stock within a tier, then bm25 (name > brand > category > ingredients = tags) and popularity.
 * "Some word in the name / description" comes from column-weighted bm25 of the one FTS scan (the `r` table of ranked-page.ts);
 * only "every word" needs a second FTS query, and a one-word query needs none.
 */
export function relevanceOrder(m: SearchMatch): string {
  const allInName = m.groups.length === 1 ? 'r.in_name < 0' : inFts(m.inName);
  const allInNameAndBrand = m.groups.length === 1 ? 'r.in_name < 0' : `r.in_name < 0 AND ${inFts(m.inNameAndBrand)}`;
  const tier = `CASE WHEN ${allInName} THEN 0 WHEN ${allInNameAndBrand} THEN 1 WHEN r.in_desc < 0 THEN 2 ELSE 3 END`;
  return `${tier} ASC, p.in_stock DESC, r.rank ASC, p.popularity DESC`;
}

// The synonym table (migration 0018) is small and read on nearly every search: each isolate keeps it
// for a minute, so the back office's edits show within a minute and a warm search reads it not at all.
// Requests that arrive together on a cold isolate (the search page's listing and filters) share one read.
// Keyed by time only: an isolate serves one database (and the per-request query counter wraps the binding).
const SYNONYM_TTL_MS = 60_000;
let synonymCache: { at: number; sets: Promise<SynonymSet[]> } | null = null;

export function loadSynonyms(db: D1Database, now = Date.now()): Promise<SynonymSet[]> {
  if (synonymCache && now - synonymCache.at < SYNONYM_TTL_MS) return synonymCache.sets;
  const sets = readSynonyms(db);
  synonymCache = { at: now, sets };
  // A failed read is not kept: the next search tries again.
  sets.catch(() => {
    if (synonymCache?.sets === sets) synonymCache = null;
  });
  return sets;
}

async function readSynonyms(db: D1Database): Promise<SynonymSet[]> {
  const { results } = await db
    .prepare('SELECT set_id, phrase FROM search_synonyms ORDER BY set_id, id')
    .all<{ set_id: number; phrase: string }>();
  const sets = new Map<number, string[]>();
  for (const r of results) sets.set(r.set_id, [...(sets.get(r.set_id) ?? []), r.phrase]);
  return [...sets.values()];
}

/** Forgets the cached synonyms (tests, and the back office after an edit). */
export function clearSynonymCache(): void {
  synonymCache = null;
}

const LATIN_WORD = /^[a-z]{4,}$/;
const ARABIC_WORD = /^[\u0621-\u064A]{3,}$/;
const G_CLASS = ['ج', 'غ', 'ق', 'ك'];

function firstLetters(word: string): string[] {
  return G_CLASS.includes(word[0]!) ? G_CLASS : [word[0]!];
}

// Arabic loanwords that begin with ال (الكتروليت) keep it in the index when the article is also there
// (الإلكتروليت → الكتروليت): compared with and without it.
const withoutAl = (term: string) => (term.startsWith('ال') && term.length > 4 ? [term, term.slice(2)] : [term]);

/**
 * How near an index term is to the query word: 0 the same sound (Arabic: long vowels, g letters, final
 * ه aside), 1 one typo (words of four letters or more, as in Latin), null not near.
 */
export function nearness(word: string, term: string): 0 | 1 | null {
  if (LATIN_WORD.test(word)) return editDistance(word, term, 1) <= 1 ? 1 : null;
  let best: 0 | 1 | null = null;
  for (const t of withoutAl(term)) {
    const a = phoneticKey(word);
    const b = phoneticKey(t);
    if (a === b) return 0;
    if (word.length >= 4 && (editDistance(word, t, 1) <= 1 || (a.length >= 4 && editDistance(a, b, 1) <= 1))) best = 1;
  }
  return best;
}

export function isNear(word: string, term: string): boolean {
  return nearness(word, term) !== null;
}

export interface Correction {
  match: SearchMatch;
  /** The query as corrected, in index words (normalised), for "did you mean". */
  suggestion: string;
}

interface VocabLookup {
  /** Index of each looked-up word in m.tokens, in statement order. */
  fixable: number[];
  /** Index in m.tokens of each word that may be two words glued, in statement order after fixable's. */
  splittable: number[];
  statements: D1PreparedStatement[];
}

/** Vocabulary look-ups for the plain words of a query (vitamin letters and synonym phrases stay). */
export function vocabLookup(db: D1Database, m: SearchMatch): VocabLookup {
  const plain = m.groups.length === m.tokens.length;
  const fixable = m.tokens
    .map((t, i) => (plain && (LATIN_WORD.test(t) || ARABIC_WORD.test(t)) ? i : -1))
    .filter((i) => i >= 0);
  const statements = fixable.map((i) => {
    const word = m.tokens[i]!;
    const letters = firstLetters(word);
    const starts = LATIN_WORD.test(word) ? letters : [...letters, ...letters.map((l) => `ال${l}`)];
    const ranges = starts.map(() => '(term >= ? AND term < ?)').join(' OR ');
    const bounds = starts.flatMap((l) => [l, l.slice(0, -1) + String.fromCharCode(l.charCodeAt(l.length - 1) + 1)]);
    // Arabic words grow or shrink by their long vowels: a wider length window.
    const slack = LATIN_WORD.test(word) ? 1 : 3;
    return db
      .prepare(
        `SELECT term, doc FROM product_search_vocab WHERE (${ranges}) AND length(term) BETWEEN ? AND ? ORDER BY doc DESC LIMIT 1000`,
      )
      .bind(...bounds, word.length - slack, word.length + slack + (LATIN_WORD.test(word) ? 0 : 2));
  });
  // A glued word ("fishoil", "زيتالسمك"): its possible halves, looked up whole in the same batch.
  const splittable = fixable.filter((i) => splitTerms(m.tokens[i]!).length > 0);
  const splits = splittable.map((i) => {
    const terms = splitTerms(m.tokens[i]!);
    return db
      .prepare(`SELECT term, doc FROM product_search_vocab WHERE term IN (${terms.map(() => '?').join(', ')})`)
      .bind(...terms);
  });
  return { fixable, splittable, statements: [...statements, ...splits] };
}

/**
 * Replaces words that match no index term by the index terms that sound or are spelt nearly the same
 * (most frequent first), from the vocabLookup results. Returns null when nothing could be corrected.
 */
export function correctFromVocab(
  m: SearchMatch,
  lookup: VocabLookup,
  results: Array<Array<{ term: string; doc: number }>>,
): Correction | null {
  let changed = false;
  const words = [...m.tokens];
  const groups = m.groups.flatMap((g, i): QueryGroup[] => {
    const k = lookup.fixable.indexOf(i);
    if (k < 0) return [g];
    const terms = results[k]!;
    const alternatives = g.map((t) => t.text);
    if (terms.some((r) => alternatives.some((a) => r.term.startsWith(a)))) return [g];
    // Two index words typed without the space between them: read apart, before any typo.
    const s = lookup.splittable.indexOf(i);
    const halves = s < 0 ? [] : results[lookup.fixable.length + s]!;
    const split = bestSplit(m.tokens[i]!, new Map(halves.map((r) => [r.term, r.doc])));
    if (split) {
      changed = true;
      words[i] = split.join(' ');
      return splitGroups(split);
    }
    // Same-sounding terms when there are any, else the one-typo ones; most frequent first.
    const scored = terms
      .map((r) => ({ term: r.term, near: nearness(m.tokens[i]!, r.term) }))
      .filter((r) => r.near !== null);
    const closest = Math.min(...scored.map((r) => r.near!));
    const near = scored.filter((r) => r.near === closest).slice(0, 5);
    if (!near.length) return [g];
    changed = true;
    words[i] = near[0]!.term;
    return [near.map((r) => ({ text: r.term, prefix: false }))];
  });
  if (!changed) return null;
  const suggestion = words.join(' ');
  return { match: matchFromGroups(suggestion.split(' '), groups)!, suggestion };
}
