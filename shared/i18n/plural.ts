// Counted texts are data: an entry with one text per CLDR plural category, chosen by
// Intl.PluralRules of the page's language (English: one/other; Arabic: zero/one/two/few/many/other).
import type { Lang } from '../locale';

export type PluralCategory = Intl.LDMLPluralRule;

/** One text per plural category of a language; `other` is always there. */
export type Plural = { readonly [C in PluralCategory]?: string } & { readonly other: string };

/** A dictionary entry: a plain template, or a counted one. */
export type Entry = string | Plural;

/** The Arabic (or any other) side of an area's dictionary: same keys, same kinds of entry as English. */
export type Translated<T> = { [K in keyof T]: T[K] extends string ? string : Plural };

export function isPlural(entry: unknown): entry is Plural {
  return typeof entry === 'object' && entry !== null && typeof (entry as Plural).other === 'string';
}

const rules = new Map<Lang, Intl.PluralRules>();

function rulesFor(lang: Lang): Intl.PluralRules {
  let r = rules.get(lang);
  if (!r) {
    r = new Intl.PluralRules(lang);
    rules.set(lang, r);
  }
  return r;
}

/** The categories a language distinguishes, e.g. ['one', 'other'] for English. */
export function pluralCategories(lang: Lang): PluralCategory[] {
  return rulesFor(lang).resolvedOptions().pluralCategories as PluralCategory[];
}

/** The plural category of a count in a language: 3 → 'few' in Arabic, 'other' in English. */
export function pluralCategoryOf(count: number, lang: Lang): PluralCategory {
  return rulesFor(lang).select(count);
}

const numberFormats = new Map<Lang, Intl.NumberFormat>();

/** A count as the texts print it: Latin digits with the language's grouping ("1,250" in both). */
export function formatCount(count: number, lang: Lang): string {
  let f = numberFormats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(`${lang}-u-nu-latn`);
    numberFormats.set(lang, f);
  }
  return f.format(count);
}
