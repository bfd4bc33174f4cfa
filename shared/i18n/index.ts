// Translation through rosetta, over the typed dictionaries of this folder. Counted entries (plural.ts)
// are chosen by Intl.PluralRules when `count` is given; the count itself is printed with Latin digits
// and the language's grouping, so pages pass the number and keep calling t(key, { count }).
import rosetta from 'rosetta';
import type { Lang } from '../locale';
import type { Dictionary, en, MessageId } from './en';
import { formatCount, isPlural, pluralCategoryOf, type Plural } from './plural';

export type { Dictionary, MessageId } from './en';

export type Params = Record<string, string | number>;

/** Keys of counted entries: their `count` must be the number itself (a formatted string picks no form). */
type PluralId = { [K in MessageId]: (typeof en)[K] extends string ? never : K }[MessageId];
type ParamsOf<K extends MessageId> = K extends PluralId ? [params: Params & { count: number }] : [params?: Params];

export interface Translator {
  lang: Lang;
  t<K extends MessageId>(key: K, ...params: ParamsOf<K>): string;
  /** For keys that arrive at run time (API message keys): an unknown key gives the generic error text, never the key. */
  tKey(key: string, params?: Params): string;
  has(key: string): key is MessageId;
  /** The template itself (for a counted entry: the one for `count`), for interpolating rich content (client/i18n/T.tsx). */
  raw(key: MessageId, count?: number): string;
}

/** The text shown for a key nobody knows (a raw server text, a network error's message). */
export const GENERIC_ERROR_KEY = 'server_error' satisfies MessageId;

export function createTranslator(lang: Lang, dict: Dictionary): Translator {
  const i18n = rosetta<Dictionary>({ [lang]: dict });
  i18n.locale(lang);
  const has = (key: string): key is MessageId => Object.hasOwn(dict, key);

  /** The rosetta path of a key: a counted entry's form is `key.category` (rosetta reads dotted paths). */
  function path(key: MessageId, count: unknown): string {
    const entry = dict[key] as string | Plural;
    if (!isPlural(entry)) return key;
    const category = typeof count === 'number' ? pluralCategoryOf(count, lang) : 'other';
    return entry[category] === undefined ? `${key}.other` : `${key}.${category}`;
  }

  function t<K extends MessageId>(key: K, ...rest: ParamsOf<K>): string {
    const params: Params | undefined = rest[0];
    const count = params?.count;
    const values = typeof count === 'number' ? { ...params, count: formatCount(count, lang) } : params;
    return i18n.t(path(key, count), values) as string;
  }

  return {
    lang,
    t,
    // Run-time keys cannot be checked for a count: a counted one without it takes its `other` form.
    tKey: (key, params) => (has(key) ? (t as (k: MessageId, p?: Params) => string)(key, params) : t(GENERIC_ERROR_KEY)),
    has,
    raw: (key, count) => {
      const entry = dict[key] as string | Plural;
      return isPlural(entry)
        ? (entry[typeof count === 'number' ? pluralCategoryOf(count, lang) : 'other'] ?? entry.other)
        : entry;
    },
  };
}
