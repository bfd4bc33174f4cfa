// Search text normalisation, applied identically when indexing and when querying, so a shopper's
// spelling variant finds the product: alef forms (أ إ آ ٱ → ا), ى → ي, ة → ه, the Persian and Urdu
// letters a keyboard set to Persian types for ي, ك and ه (ی ک ە ھ), tatweel and diacritics
// removed, Arabic-Indic digits → 0-9, the definite article (ال، وال، بال …) dropped so "زنك" finds
// "الزنك", Latin lower-cased and stripped of accents.

const ARABIC_DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED]/g;
const TATWEEL = /\u0640/g;
const ALEF_FORMS = /[\u0622\u0623\u0625\u0671]/g; // آ أ إ ٱ
const ALEF_MAKSURA = /\u0649/g; // ى
const TEH_MARBUTA = /\u0629/g; // ة
const PERSIAN_YEH = /\u06CC/g; // ی
const KEHEH = /\u06A9/g; // ک
const PERSIAN_HEH = /[\u06BE\u06D5]/g; // ھ ە
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669]/g;
const EXTENDED_ARABIC_INDIC_DIGITS = /[\u06F0-\u06F9]/g;
const LATIN_MARKS = /[\u0300-\u036f]/g;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;
// The article and its common prefixed forms, removed when at least two letters remain. Not كال ("like
// the"): rare in a search, and it would cut كالسيوم (calcium) to سيوم.
const ARABIC_ARTICLE = /^(?:وال|بال|فال|لل|ال)(?=[\u0621-\u064A]{2})/;

export function normalizeSearchText(input: string): string {
  return input
    .normalize('NFKD')
    .replace(LATIN_MARKS, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(ARABIC_DIACRITICS, '')
    .replace(TATWEEL, '')
    .replace(ALEF_FORMS, '\u0627')
    .replace(ALEF_MAKSURA, '\u064A')
    .replace(PERSIAN_YEH, '\u064A')
    .replace(KEHEH, '\u0643')
    .replace(TEH_MARBUTA, '\u0647')
    .replace(PERSIAN_HEH, '\u0647')
    .replace(ARABIC_INDIC_DIGITS, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(EXTENDED_ARABIC_INDIC_DIGITS, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(NOT_WORD, ' ')
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(ARABIC_ARTICLE, ''))
    .join(' ');
}

/** Normalised words of a query, at most `max` of them. */
export function searchTokens(input: string, max = 8): string[] {
  const text = normalizeSearchText(input);
  return text ? text.split(' ').slice(0, max) : [];
}

/**
 * Edit distance where swapping two neighbouring letters counts as one edit (optimal string alignment):
 * "magnesuim" is one typo away from "magnesium". Stops early once it exceeds `limit`.
 */
export function editDistance(a: string, b: string, limit = 2): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      cur[j] = d;
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > limit) return limit + 1;
    before = prev;
    prev = cur;
  }
  return prev[b.length]!;
}
