// What a shopper's query means, before it reaches FTS5: the same rules for the listing, /search and the
// header suggestions. Pure functions over normalised text (normalize.ts): the index holds normalised
// words, so every alternative produced here is a normalised word too.
//
// A query becomes groups, one per meaningful word (or synonym phrase); a product must match every group,
// and any alternative of a group will do. Alternatives only widen a word, so a rule that guesses wrong
// costs a little precision, never the product the shopper typed.
import { normalizeSearchText, searchTokens } from './normalize';

interface QueryTerm {
  /** Normalised words; more than one is a phrase (adjacent in the index). */
  text: string;
  /** The last word matches as a prefix (as-you-type, plural and suffixed forms). */
  prefix: boolean;
}

/** Alternatives for one query word or phrase: any one of them matches. */
export type QueryGroup = QueryTerm[];

/** Phrases that mean the same, each normalised (normalizeSearchText), e.g. ['fish oil', 'omega 3', 'زيت سمك']. */
export type SynonymSet = string[];

// Connecting words that carry no product meaning. "a" is vitamin A right after a vitamin word.
const STOP_WORDS = new Set([
  'for',
  'with',
  'and',
  'the',
  'of',
  'in',
  'to',
  'by',
  'a',
  'an',
  'or',
  'plus',
  'from',
  'on',
  'مع',
  'و',
  'في',
  'من',
  'علي',
  'الي',
  'او',
  'عن',
  'ل',
  'لل',
  'ب',
  'بدون',
]);
// "ب" is vitamin B after a vitamin word, and a preposition elsewhere.

const VITAMIN_WORDS = new Set(['vitamin', 'vitamins', 'vit', 'vitamine', 'فيتامين', 'فيتامينات', 'فيتامن', 'فايتمين']);

// Vitamin letters as their own tokens, in both scripts; numbered forms (d3, b12, k2) are tokens too.
// Each maps to every way the catalogue writes that vitamin.
const VITAMIN_LETTERS: Record<string, string[]> = {
  a: ['a', 'ا'],
  b: ['b', 'ب', 'بي', 'b1', 'b2', 'b3', 'b5', 'b6', 'b7', 'b9', 'b12', 'ب1', 'ب2', 'ب3', 'ب5', 'ب6', 'ب7', 'ب9', 'ب12'],
  c: ['c', 'سي'],
  d: ['d', 'د', 'دي', 'd2', 'd3', 'د2', 'د3'],
  e: ['e', 'ه', 'اي'],
  k: ['k', 'ك', 'كي', 'k1', 'k2', 'ك1', 'ك2'],
};
const LETTER_OF: Record<string, string> = {
  a: 'a',
  ا: 'a',
  b: 'b',
  ب: 'b',
  بي: 'b',
  c: 'c',
  سي: 'c',
  d: 'd',
  د: 'd',
  دي: 'd',
  e: 'e',
  ه: 'e',
  اي: 'e',
  k: 'k',
  ك: 'k',
  كي: 'k',
};
// Letters that mean a vitamin even without "vitamin" before them ("c 1000", "د3").
const STANDALONE_LETTERS = new Set(['c', 'd', 'e', 'k', 'سي', 'د']);
const ARABIC_DIGITS_OF: Record<string, string> = { a: 'ا', b: 'ب', d: 'د', k: 'ك' };
const LATIN_OF: Record<string, string> = { ا: 'a', ب: 'b', د: 'd', ك: 'k' };
const NUMBERED_VITAMIN = /^([abdk]|[ابدك])(\d{1,2})$/;

/** Alternatives when the word is a vitamin letter or numbered vitamin (d3, ب12), else null. */
export function vitaminAlternatives(word: string, afterVitaminWord: boolean): string[] | null {
  const numbered = NUMBERED_VITAMIN.exec(word);
  if (numbered) {
    const [, letter, digits] = numbered as unknown as [string, string, string];
    const other = ARABIC_DIGITS_OF[letter] ?? LATIN_OF[letter];
    return [word, `${other}${digits}`];
  }
  const letter = LETTER_OF[word];
  if (!letter || (!afterVitaminWord && !STANDALONE_LETTERS.has(word))) return null;
  return VITAMIN_LETTERS[letter]!;
}

const ARABIC = /[\u0621-\u064A]/;

/** The same Latin word without its plural ending: vitamins → vitamin, gummies → gummy. */
export function englishSingular(word: string): string | null {
  if (!/^[a-z]{4,}$/.test(word) || word.endsWith('ss') || word.endsWith('us')) return null;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return null;
}

/**
 * Light Arabic stems (no root extraction): the conjunction و before a word, the feminine plural ات,
 * and the final ه (ة) of a singular, each only when three letters remain: فيتامينات → فيتامين,
 * وزنك → زنك, كبسوله → كبسول (which then finds كبسولات as a prefix).
 */
export function arabicStems(word: string): string[] {
  if (!ARABIC.test(word)) return [];
  const out = new Set<string>();
  const add = (w: string) => w.length >= 3 && w !== word && out.add(w);
  const bases = [word];
  if (word.startsWith('و') && word.length >= 4) {
    add(word.slice(1));
    bases.push(word.slice(1));
  }
  for (const base of bases) {
    if (base.endsWith('ات') && base.length >= 5) add(base.slice(0, -2));
    if (base.endsWith('يه') && base.length >= 5) add(base.slice(0, -1));
    else if (base.endsWith('ه') && base.length >= 4) add(base.slice(0, -1));
  }
  return [...out];
}

// Letters Arabic uses for the g sound of foreign words: Saudi shoppers write ق or ج, Kuwaitis ج or غ,
// the catalogue may say غ. ك stands for g in some brand names too.
const G_LETTERS = ['ج', 'غ', 'ق', 'ك'];
const MAX_PHONETIC = 24;
// Keeps one word's OR list (and the MATCH expression) small whatever the word.
const MAX_ALTERNATIVES = 40;

/**
 * Spellings of a transliterated Arabic word that sound the same: every ج/غ/ق/ك (the g sound) as each
 * of the others, تش ↔ ش, and a final ه ↔ ا (جنكه/جنكا). Long vowels added or dropped are matched
 * against the index vocabulary instead (phoneticKey), as they cannot be listed.
 */
export function arabicPhoneticVariants(word: string): string[] {
  if (!ARABIC.test(word) || word.length < 3) return [];
  let forms = [word];
  for (let i = 0; i < word.length; i++) {
    if (!G_LETTERS.includes(word[i]!)) continue;
    forms = forms.flatMap((f) => G_LETTERS.map((g) => f.slice(0, i) + g + f.slice(i + 1)));
    if (forms.length > MAX_PHONETIC) break;
  }
  const more = forms.flatMap((f) => {
    const extra: string[] = [];
    if (f.includes('تش')) extra.push(f.replaceAll('تش', 'ش'));
    else if (f.includes('ش')) extra.push(f.replace('ش', 'تش'));
    if (f.endsWith('ه')) extra.push(`${f.slice(0, -1)}ا`);
    else if (f.endsWith('ا')) extra.push(`${f.slice(0, -1)}ه`);
    return extra;
  });
  return [...new Set([...forms, ...more])].filter((f) => f !== word).slice(0, MAX_PHONETIC);
}

/**
 * A spelling-independent key of an Arabic word: g letters as one, تش as ش, long vowels (ا و ي) and a
 * final ه dropped after the first letter, doubled letters once. ماغنيسيوم, مغنيسيوم and مغنسيوم share
 * one key, so the index vocabulary can be searched for a word that sounds like the query.
 */
export function phoneticKey(word: string): string {
  if (!ARABIC.test(word)) return word;
  const head = word[0]!;
  const tail = word.slice(1).replaceAll('تش', 'ش').replace(/ه$/, '').replace(/[اوي]/g, '');
  return `${head}${tail}`.replace(/[جغقك]/g, 'ك').replace(/(.)\1+/g, '$1');
}

/** "vitamin b 12", "فيتامين د 3": a vitamin letter and the number after it are one token, as indexed. */
function joinVitaminNumbers(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const letter = tokens[i]!;
    const next = tokens[i + 1];
    const afterVitamin = i > 0 && VITAMIN_WORDS.has(tokens[i - 1]!);
    if (
      next &&
      /^\d{1,2}$/.test(next) &&
      /^[abdk]$|^[ابدك]$/.test(letter) &&
      (afterVitamin || STANDALONE_LETTERS.has(letter))
    ) {
      out.push(`${letter}${next}`);
      i += 1;
    } else out.push(letter);
  }
  return out;
}

// Vitamin words a shopper glues to the vitamin's letter, longest first ("vitamine" before "vitamin").
const GLUING_VITAMIN_WORDS = [...VITAMIN_WORDS].sort((a, b) => b.length - a.length);

/**
 * A vitamin word with its letter glued on, as two words: "vitamind3" → vitamin d3, "vitaminc" →
 * vitamin c, "فيتامينسي" → فيتامين سي. After the short "vit", only a letter that is a vitamin on its own
 * (c, d, e, k) splits, so "vita" typed on its way to "vitamin" stays one word. Null when it is not one.
 */
export function splitVitaminWord(token: string): [string, string] | null {
  if (VITAMIN_WORDS.has(token)) return null;
  for (const word of GLUING_VITAMIN_WORDS) {
    if (token.length <= word.length || !token.startsWith(word)) continue;
    const rest = token.slice(word.length);
    if (NUMBERED_VITAMIN.test(rest)) return [word, rest];
    if (LETTER_OF[rest] && (word !== 'vit' || STANDALONE_LETTERS.has(rest))) return [word, rest];
  }
  return null;
}

// Where Arabic letters meet Latin ones inside a word: no index word mixes the scripts.
const SCRIPT_BOUNDARY = /(?<=[\u0621-\u064A])(?=[a-z])|(?<=[a-z])(?=[\u0621-\u064A])/;

/**
 * Words typed without their space, in either script, as the words the index holds: split where the
 * script changes ("فيتامينd3") and where a vitamin word meets its letter ("vitamind3", "فيتامينسي").
 * A word glued to a number ("omega3") stays whole here: expandQuery reads it both ways. Glued words the
 * rules cannot see ("fishoil", "vitamind31000iu") are split against the index vocabulary when a search
 * finds nothing (splitCandidates and bestSplit for two words, gluedTerms and segmentGlued for more).
 */
export function splitGluedTokens(tokens: string[]): string[] {
  return tokens.flatMap((t) => t.split(SCRIPT_BOUNDARY)).flatMap((t) => splitVitaminWord(t) ?? [t]);
}

/** The words of a query that carry meaning: connecting words dropped unless nothing else is left. */
export function meaningfulTokens(input: string): string[] {
  const tokens = joinVitaminNumbers(splitGluedTokens(searchTokens(input)));
  const kept = tokens.filter((t, i) => {
    if (!STOP_WORDS.has(t)) return true;
    // "vitamin a", "فيتامين ب": the letter after a vitamin word is the vitamin.
    return i > 0 && VITAMIN_WORDS.has(tokens[i - 1]!) && LETTER_OF[t] !== undefined;
  });
  return kept.length ? kept : tokens;
}

function wordGroup(word: string, previous: string | undefined): QueryGroup {
  const vitamin = vitaminAlternatives(word, previous !== undefined && VITAMIN_WORDS.has(previous));
  if (vitamin) return vitamin.map((text) => ({ text, prefix: false }));
  // One letter or digit alone would match every word starting with it.
  const prefix = word.length >= 2;
  const alternatives = [word, ...(englishSingular(word) ? [englishSingular(word)!] : []), ...arabicStems(word)];
  for (const w of [...alternatives]) alternatives.push(...arabicPhoneticVariants(w));
  return [...new Set(alternatives)]
    .slice(0, MAX_ALTERNATIVES)
    .map((text) => ({ text, prefix: prefix && text.length >= 2 }));
}

/** The base forms a word may be compared with a synonym phrase by. */
function forms(word: string): string[] {
  return [word, ...(englishSingular(word) ? [englishSingular(word)!] : []), ...arabicStems(word)];
}

// The article a shopper glues to the next word along with dropping the space ("حبةالبركة" for "حبة
// البركة"), in the forms normalize.ts drops from a word's start; '' for a phrase typed with no space alone.
const GLUED_ARTICLES = ['', 'ال', 'وال', 'بال', 'فال', 'لل'];
const ARABIC_LETTERS = /^[\u0621-\u064A]+$/;

/**
 * The synonym phrase (longest first) a glued word is, with its spaces: "حبهالبركه" → "حبه بركه"; null
 * when it is none. A search that found nothing tries it after the index's own words (search.ts).
 */
export function gluedSynonym(token: string, synonyms: SynonymSet[]): string | null {
  const phrases = synonyms.flat().filter((p) => p.includes(' '));
  phrases.sort((a, b) => b.split(' ').length - a.split(' ').length);
  return phrases.find((p) => isGluedPhrase(token, p.split(' '))) ?? null;
}

/**
 * Whether one typed word is a synonym phrase of two words or more without its spaces, each later Arabic
 * word perhaps with its article glued on: "حبهالبركه" is the phrase "حبه بركه". Only whole phrases the
 * synonyms name, so no word is cut where the shop knows of no phrase.
 */
export function isGluedPhrase(token: string, words: readonly string[]): boolean {
  if (words.length < 2) return false;
  const rest = (at: number, k: number): boolean => {
    if (k === words.length) return at === token.length;
    const word = words[k]!;
    const articles = k > 0 && ARABIC_LETTERS.test(word) ? GLUED_ARTICLES : [''];
    return articles.some((a) => token.startsWith(a + word, at) && rest(at + a.length + word.length, k + 1));
  };
  return rest(0, 0);
}

/**
 * The query as groups: connecting words dropped, synonym phrases found (longest first) and replaced by
 * their whole set, each other word widened by its vitamin, plural, stem and sound-alike forms.
 */
export function expandQuery(input: string, synonyms: SynonymSet[] = []): QueryGroup[] {
  const tokens = meaningfulTokens(input);
  const phrases = synonyms
    .flatMap((set) => set.map((phrase) => ({ words: phrase.split(' '), set })))
    .filter((p) => p.words.length > 0 && p.words[0] !== '')
    .sort((a, b) => b.words.length - a.words.length);
  const groups: QueryGroup[] = [];
  for (let i = 0; i < tokens.length; ) {
    // "omega3", "اوميقا٣": a word with a number glued on is also read as the word and the number.
    const glued = GLUED_NUMBER.exec(tokens[i]!);
    const ahead = glued ? [glued[1]!, glued[2]!, ...tokens.slice(i + 1)] : tokens.slice(i);
    const hit = phrases.find(
      (p) =>
        (!glued || p.words.length >= 2) &&
        p.words.every((w, k) => ahead[k] !== undefined && forms(ahead[k]!).includes(w)),
    );
    if (hit) {
      const own = ahead.slice(0, hit.words.length).join(' ');
      groups.push(
        dedupe([
          { text: own, prefix: true },
          ...hit.set.map((text) => ({ text, prefix: !/^\d+$/.test(text.split(' ').at(-1)!) })),
        ]),
      );
      i += glued ? hit.words.length - 1 : hit.words.length;
      continue;
    }
    if (glued) {
      // As typed (a name indexed glued, "CoQ10"), or as the words the index has ("omega 3"), one phrase.
      const [, word, number] = glued;
      groups.push(
        dedupe([
          { text: tokens[i]!, prefix: true },
          ...wordGroup(word!, tokens[i - 1]).map((t) => ({ text: `${t.text} ${number}`, prefix: false })),
        ]),
      );
      i += 1;
      continue;
    }
    // "1000iu", "٥٠٠ملغ": a number with its unit glued on, as typed or as the two words.
    const unit = GLUED_UNIT.exec(tokens[i]!);
    if (unit) {
      groups.push([
        { text: tokens[i]!, prefix: true },
        { text: `${unit[1]} ${unit[2]}`, prefix: true },
      ]);
      i += 1;
      continue;
    }
    groups.push(wordGroup(tokens[i]!, tokens[i - 1]));
    i += 1;
  }
  return groups;
}

/** Two letters or more, then digits: a word with its number glued on (a vitamin's "b12" is one letter). */
const GLUED_NUMBER = /^(\p{L}{2,})(\d{1,4})$/u;
/** Digits, then two letters or more: an amount with its unit glued on ("1000iu", "500mg"). */
const GLUED_UNIT = /^(\d{1,6})(\p{L}{2,})$/u;

const SPLIT_WORD = /^(?:[a-z]{5,30}|[\u0621-\u064A]{4,30})$/;

/**
 * The ways a glued word may be two index words, each part two letters or more: "fishoil" → fish|oil,
 * "زيتالسمك" → زيت|سمك (the second word normalised as indexed, its article dropped). Only plain words of
 * one script, long enough to hold two words; the parts are looked up in the index vocabulary.
 */
export function splitCandidates(word: string): Array<[string, string]> {
  if (!SPLIT_WORD.test(word)) return [];
  const out: Array<[string, string]> = [];
  for (let k = 2; k <= word.length - 2; k++) {
    const right = normalizeSearchText(word.slice(k));
    if (right.length >= 2) out.push([word.slice(0, k), right]);
  }
  return out;
}

/** Every part of every candidate split, once: what to look up in the vocabulary. */
export function splitTerms(word: string): string[] {
  return [...new Set(splitCandidates(word).flat())];
}

/**
 * The split whose two parts are both index words, the rarer part as common as can be (then the more
 * even split): "fishoil" → ["fish", "oil"]. `docs` holds the documents of each looked-up term.
 */
export function bestSplit(word: string, docs: ReadonlyMap<string, number>): [string, string] | null {
  let best: { parts: [string, string]; score: number; even: number } | null = null;
  for (const parts of splitCandidates(word)) {
    const score = Math.min(docs.get(parts[0]) ?? 0, docs.get(parts[1]) ?? 0);
    const even = Math.min(parts[0].length, parts[1].length);
    if (score > 0 && (!best || score > best.score || (score === best.score && even > best.even)))
      best = { parts, score, even };
  }
  return best?.parts ?? null;
}

// Segmenting a glued query of any length (a product's whole name typed without spaces,
// "vitamind31000iu", "فيتاميند31000وحده"): every piece a word of the index vocabulary or a number,
// a unit after a number, a vitamin letter after a vitamin word, or a connecting word.

/** Letters of one script and digits, long enough to hold three words or a word and a number. */
const GLUED_WORD = /^(?=.*\p{L})(?:[a-z0-9]{5,30}|[\u0621-\u064A0-9]{4,30})$/u;
/**
 * The longest piece looked up: the index's words are 16 letters at most but one (a 50,000-product
 * catalogue's), and every term looked up costs (about 0.07 ms each there): a few hundred at most.
 */
const MAX_PIECE = 16;
/** Units written after an amount, which the index may not hold (then dropped, as a unit narrows little). */
const UNIT_WORDS = new Set([
  'iu',
  'mg',
  'mcg',
  'ug',
  'g',
  'kg',
  'ml',
  'ملغ',
  'مغ',
  'ملجم',
  'مجم',
  'مكغ',
  'ميكروغرام',
  'غ',
  'غم',
  'جم',
  'كغ',
  'مل',
  'وحده',
]);

/** How a glued piece reads as an index word: Arabic pieces lose an article, as indexed words do. */
function pieceTerm(piece: string): string {
  return normalizeSearchText(piece);
}

/**
 * The index terms a glued word's pieces may be (every piece of two characters or more, or a digit, up
 * to MAX_PIECE, normalised as indexed): what the vocabulary is asked about. Empty when the word is not one
 * that may be glued (one script with digits, or letters only, five characters or more; digits alone are
 * a number).
 */
export function gluedTerms(word: string): string[] {
  if (!GLUED_WORD.test(word)) return [];
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++)
    // A single digit too ("omega3…"): whether the index holds it decides whether it stays in the reading.
    for (let j = /\d/.test(word[i]!) ? i + 1 : i + 2; j <= Math.min(word.length, i + MAX_PIECE); j++) {
      const term = pieceTerm(word.slice(i, j));
      if (term && !term.includes(' ')) out.add(term);
    }
  return [...out];
}

type Piece = { text: string; kind: 'word' | 'number' | 'unit' | 'letter' | 'stop'; doc: number };

/**
 * A piece and what it costs: 2 each, 3 for a number the index does not hold (it is dropped) and for a
 * lone vitamin letter (an index word, "d3", is the likelier reading of "d3…").
 */
function readPiece(piece: string, last: Piece | undefined, docs: ReadonlyMap<string, number>): [Piece, number] | null {
  if (/^\d+$/.test(piece)) {
    // Two numbers side by side are one number.
    if (last?.kind === 'number') return null;
    const doc = docs.get(piece) ?? 0;
    return [{ text: piece, kind: 'number', doc }, doc > 0 ? 2 : 3];
  }
  if (last?.kind === 'number' && UNIT_WORDS.has(piece))
    return [{ text: piece, kind: 'unit', doc: docs.get(piece) ?? 0 }, 2];
  if (piece.length === 1) {
    // "vitaminc", "فيتامينسي": a vitamin letter, only right after a vitamin word.
    return LETTER_OF[piece] && last && VITAMIN_WORDS.has(last.text)
      ? [{ text: piece, kind: 'letter', doc: 0 }, 3]
      : null;
  }
  const term = pieceTerm(piece);
  const doc = docs.get(term) ?? 0;
  if (doc > 0) return [{ text: term, kind: 'word', doc }, 2];
  if (STOP_WORDS.has(piece)) return [{ text: piece, kind: 'stop', doc: 0 }, 2];
  return null;
}

interface Segmentation {
  pieces: Piece[];
  cost: number;
  /** Documents of the rarest word: the more common, the likelier the reading. */
  rarest: number;
  /** The shortest word's length: the more even, the likelier. */
  shortest: number;
}

function better(a: Segmentation, b: Segmentation | undefined): boolean {
  if (!b) return true;
  if (a.cost !== b.cost) return a.cost < b.cost;
  if (a.rarest !== b.rarest) return a.rarest > b.rarest;
  return a.shortest > b.shortest;
}

/**
 * A glued word read as the words and numbers it is made of, by dynamic programming over its positions
 * (at most MAX_PIECE back from each): the fewest pieces, then the rarest word as common as can be, then
 * the most even. "vitamind31000iu" → vitamin d3 1000 iu; "wheyproteinisolate" → whey protein isolate.
 * `docs` holds the documents of each looked-up term (gluedTerms). Numbers and units the index does not
 * hold are left out of the reading, as they could only make it find nothing. Null when no reading
 * covers the whole word with at least two pieces, or the reading is one expandQuery already tried (a
 * word and its number, an amount and its unit).
 */
export function segmentGlued(word: string, docs: ReadonlyMap<string, number>): string[] | null {
  if (!GLUED_WORD.test(word)) return null;
  const best: Array<Segmentation | undefined> = [{ pieces: [], cost: 0, rarest: Infinity, shortest: Infinity }];
  for (let j = 1; j <= word.length; j++) {
    for (let i = Math.max(0, j - MAX_PIECE); i < j; i++) {
      const before = best[i];
      if (!before) continue;
      const read = readPiece(word.slice(i, j), before.pieces.at(-1), docs);
      if (!read) continue;
      const [piece, cost] = read;
      const isWord = piece.kind === 'word';
      const next: Segmentation = {
        pieces: [...before.pieces, piece],
        cost: before.cost + cost,
        rarest: isWord ? Math.min(before.rarest, piece.doc) : before.rarest,
        shortest: isWord ? Math.min(before.shortest, piece.text.length) : before.shortest,
      };
      if (better(next, best[j])) best[j] = next;
    }
  }
  const found = best[word.length];
  if (!found || found.pieces.length < 2 || !found.pieces.some((p) => p.kind === 'word')) return null;
  if (found.pieces.length === 2 && (GLUED_NUMBER.test(word) || GLUED_UNIT.test(word))) return null;
  return found.pieces.filter((p) => (p.kind !== 'number' && p.kind !== 'unit') || p.doc > 0).map((p) => p.text);
}

/** The groups of a glued word's pieces, as if typed apart (connecting words dropped, vitamins read). */
export function segmentGroups(pieces: string[]): QueryGroup[] {
  return expandQuery(pieces.join(' '));
}

/** The groups of two words found glued, as if typed apart. */
export function splitGroups(parts: [string, string]): QueryGroup[] {
  return [wordGroup(parts[0], undefined), wordGroup(parts[1], parts[0])];
}

function dedupe(group: QueryGroup): QueryGroup {
  const seen = new Set<string>();
  return group.filter((t) => !seen.has(t.text) && seen.add(t.text));
}

function termExpression(t: QueryTerm): string {
  return `"${t.text.replaceAll('"', '')}"${t.prefix ? '*' : ''}`;
}

/**
 * The FTS5 MATCH expression: every group (AND), any alternative (OR); `columns` limits it to those
 * columns ({name brand} : …), `any` asks for one group instead of all.
 */
export function matchExpression(
  groups: QueryGroup[],
  options: { columns?: string[]; any?: boolean } = {},
): string | null {
  const parts = groups.filter((g) => g.length).map((g) => `(${g.map(termExpression).join(' OR ')})`);
  if (!parts.length) return null;
  const body = parts.join(options.any ? ' OR ' : ' AND ');
  return options.columns?.length ? `{${options.columns.join(' ')}} : (${body})` : body;
}

/** The normalised query, for logging and grouping spelling variants of one search. */
export function queryKey(input: string): string {
  return normalizeSearchText(input).slice(0, 100);
}
