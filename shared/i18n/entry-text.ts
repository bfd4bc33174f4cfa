// Dictionary texts where there is no translator: the API's mails, messages and labels import the pair of
// dictionaries of their area (orders.en.ts / orders.ar.ts …), not a whole language's, and take their
// texts from it here, as a page's translator gives them (index.ts): a counted entry's form chosen by
// Intl.PluralRules for `count` (Arabic's six), the count printed with Latin digits and the language's
// grouping, and the {{params}} filled.
import type { Lang } from '../locale';
import { type Entry, formatCount, isPlural, pluralCategoryOf, type Translated } from './plural';

export type TextParams = Record<string, string | number>;

/** The keys of a dictionary's counted entries: their `count` must be given, the number itself. */
type CountedKey<E> = { [K in keyof E]: E[K] extends string ? never : K }[keyof E];
type ParamsOf<E, K extends keyof E> =
  K extends CountedKey<E> ? [params: TextParams & { count: number }] : [params?: TextParams];

/** One entry in a language: its form for `params.count` when counted, its parameters filled. */
export function entryText(lang: Lang, entry: Entry, params: TextParams = {}): string {
  const { count } = params;
  const template = isPlural(entry)
    ? (entry[typeof count === 'number' ? pluralCategoryOf(count, lang) : 'other'] ?? entry.other)
    : entry;
  const values = typeof count === 'number' ? { ...params, count: formatCount(count, lang) } : params;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A reader of one area's pair of dictionaries: `text(lang, key, params)`. */
export function textsOf<E extends Record<string, Entry>>(en: E, ar: Translated<E>) {
  return <K extends keyof E & string>(lang: Lang, key: K, ...params: ParamsOf<E, K>): string =>
    entryText(lang, (lang === 'ar' ? ar : en)[key] as Entry, params[0]);
}
