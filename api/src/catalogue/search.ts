// FTS5 queries from a shopper's words (shared/search/query.ts explains the expansion): the match, the
// relevance tiers, and the fallback that looks the words up in the index vocabulary when a search
// finds nothing (one typo in Latin or Arabic, Arabic long vowels added or dropped, a confusable first
// letter, words and numbers typed without their spaces).
import { editDistance } from '#shared/search/normalize';
import {
  bestSplit,
  expandQuery,
  gluedSynonym,
  gluedTerms,
  matchExpression,
  meaningfulTokens,
  phoneticKey,
  segmentGlued,
  segmentGroups,
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
  /** The synonym sets the query was expanded with (a correction expands with them too). */
  synonyms: SynonymSet[];
}

export function searchMatch(query: string | undefined, synonyms: SynonymSet[] = []): SearchMatch | null {
  return matchFromGroups(meaningfulTokens(query ?? ''), expandQuery(query ?? '', synonyms), synonyms);
}

function matchFromGroups(tokens: string[], groups: QueryGroup[], synonyms: SynonymSet[]): SearchMatch | null {
  const match = matchExpression(groups);
  if (!match) return null;
  return {
    tokens,
    groups,
    synonyms,
    match,
    inName: matchExpression(groups, { columns: ['name'] })!,
    inNameAndBrand: matchExpression(groups, { columns: ['name', 'brand'] })!,
    anyInName: matchExpression(groups, { columns: ['name'], any: true })!,
    inDescription: matchExpression(groups, { columns: ['category', 'ingredients', 'tags'] })!,
  };
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

// First letters a shopper puts for one another. Latin: the sounds Arabic has no letter for and writes
// with its nearest (p as b, v as f or b: "brotein", "fitamin", "bitamin"), the vowels it does not tell
// apart (e/i, o/u: "ilderberry", "umega") and the letters English spells alike (c/k/q, s/c, g/j).
// Arabic: the g letters, ت/ط, س/ص, ذ/ز/ظ, د/ض; the alef forms, ة/ه and ى/ي are one letter already
// once normalised (normalize.ts). A letter's candidates are every class it is in.
const CONFUSABLE_FIRST: string[][] = [
  ['p', 'b'],
  ['v', 'f'],
  ['b', 'v'],
  ['e', 'i'],
  ['o', 'u'],
  ['c', 'k', 'q'],
  ['s', 'c'],
  ['g', 'j'],
  G_CLASS,
  ['ت', 'ط'],
  ['س', 'ص'],
  ['ذ', 'ز', 'ظ'],
  ['د', 'ض'],
];

/** The letters a vocabulary term may begin with to be near the word: its own, then its confusables. */
export function firstLetters(word: string): string[] {
  const head = word[0]!;
  return [...new Set([head, ...CONFUSABLE_FIRST.filter((c) => c.includes(head)).flat()])];
}

// Arabic loanwords that begin with ال (الكتروليت) keep it in the index when the article is also there
// (الإلكتروليت → الكتروليت): compared with and without it.
const withoutAl = (term: string) => (term.startsWith('ال') && term.length > 4 ? [term, term.slice(2)] : [term]);

/**
 * How near an index term is to the query word: 0 the same sound (Arabic: long vowels, g letters, final
 * ه aside), 1 one typo (words of four letters or more, as in Latin) or a confusable first letter
 * alone (firstLetters), 2 a confusable first letter and one typo more (words of five letters or more),
 * null not near.
 */
export function nearness(word: string, term: string): 0 | 1 | 2 | null {
  const near = spelling(word, term);
  if (near !== null) return near;
  const latin = LATIN_WORD.test(word);
  for (const t of latin ? [term] : withoutAl(term)) {
    const head = t[0]!;
    if (head === word[0] || !firstLetters(word).includes(head)) continue;
    // The first letter as the term has it, then the rest compared as any word is.
    const swapped = head + word.slice(1);
    const rest = latin ? (editDistance(swapped, t, 1) <= 1 ? 1 : null) : spelling(swapped, t);
    if (rest === 0) return 1;
    if (rest === 1 && word.length >= 5) return 2;
  }
  return null;
}

/** nearness with the same first letter (or g letter): the sound, then one typo. */
function spelling(word: string, term: string): 0 | 1 | null {
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
  /** Index in m.tokens of each word that may be words (and numbers) glued, in statement order after fixable's. */
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
    // Each first letter's range of terms, joined from a JSON list with the list as the outer loop, so
    // fts5vocab reads one range at a time: ORed ranges became a multi-index OR that returned no row
    // at all when one range was empty (workerd's SQLite), and D1 caps a compound SELECT's terms.
    const ranges = starts.map((l) => [l, l.slice(0, -1) + String.fromCharCode(l.charCodeAt(l.length - 1) + 1)]);
    // Arabic words grow or shrink by their long vowels: a wider length window.
    const slack = LATIN_WORD.test(word) ? 1 : 3;
    return db
      .prepare(
        `SELECT v.term, v.doc FROM json_each(?1) AS r CROSS JOIN product_search_vocab AS v
         WHERE v.term >= json_extract(r.value, '$[0]') AND v.term < json_extract(r.value, '$[1]') AND length(v.term) BETWEEN ?2 AND ?3
         ORDER BY v.doc DESC LIMIT 1000`,
      )
      .bind(JSON.stringify(ranges), word.length - slack, word.length + slack + (LATIN_WORD.test(word) ? 0 : 2));
  });
  // A glued word ("fishoil", "زيتالسمك", "vitamind31000iu"): every piece it may be made of, looked up
  // whole in the same batch, a few hundred terms at most, as one JSON parameter (D1 binds 100 at most).
  const splittable = plain ? m.tokens.map((t, i) => (gluedTerms(t).length ? i : -1)).filter((i) => i >= 0) : [];
  const splits = splittable.map((i) => {
    const terms = [...new Set([...splitTerms(m.tokens[i]!), ...gluedTerms(m.tokens[i]!)])];
    return db
      .prepare('SELECT term, doc FROM product_search_vocab WHERE term IN (SELECT value FROM json_each(?))')
      .bind(JSON.stringify(terms));
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
    const s = lookup.splittable.indexOf(i);
    if (k < 0 && s < 0) return [g];
    const alternatives = g.map((t) => t.text);
    if (k >= 0 && results[k]!.some((r) => alternatives.some((a) => r.term.startsWith(a)))) return [g];
    // Index words (and numbers) typed without the spaces between them: read apart, before any typo.
    // Two words as before (bestSplit), else as many as the word holds (segmentGlued).
    if (s >= 0) {
      const docs = new Map(results[lookup.fixable.length + s]!.map((r) => [r.term, r.doc]));
      const split = bestSplit(m.tokens[i]!, docs);
      const pieces = split ?? segmentGlued(m.tokens[i]!, docs);
      if (pieces) {
        changed = true;
        words[i] = pieces.join(' ');
        return split ? splitGroups(split) : segmentGroups(pieces);
      }
      // A synonym phrase typed as one word, a later word's article glued on too ("حبةالبركة" for "حبة
      // البركة"): the index may hold none of its words (it is the shop's other name for a product).
      const phrase = gluedSynonym(m.tokens[i]!, m.synonyms);
      if (phrase) {
        changed = true;
        words[i] = phrase;
        return expandQuery(phrase, m.synonyms);
      }
    }
    if (k < 0) return [g];
    const terms = results[k]!;
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
  return { match: matchFromGroups(suggestion.split(' '), groups, m.synonyms)!, suggestion };
}
