// Translation through rosetta, over the typed dictionaries of this folder.
import rosetta from 'rosetta';
import type { Lang } from '../locale';
import type { Dictionary, MessageId } from './en';

export type { Dictionary, MessageId } from './en';

export type Params = Record<string, string | number>;

export interface Translator {
  lang: Lang;
  t(key: MessageId, params?: Params): string;
  /** For keys that arrive at run time (API message keys): falls back to the text itself. */
  tKey(key: string, params?: Params): string;
  has(key: string): key is MessageId;
  /** The template itself, for interpolating rich content (see client/i18n/T.tsx). */
  raw(key: MessageId): string;
}

export function createTranslator(lang: Lang, dict: Dictionary): Translator {
  const i18n = rosetta<Dictionary>({ [lang]: dict });
  i18n.locale(lang);
  const has = (key: string): key is MessageId => Object.prototype.hasOwnProperty.call(dict, key);
  return {
    lang,
    t: (key, params) => i18n.t(key, params) as string,
    tKey: (key, params) => (has(key) ? (i18n.t(key, params) as string) : key),
    has,
    raw: (key) => dict[key],
  };
}

/** Loads one language's dictionary; a separate chunk per language on the client. */
export async function loadDictionary(lang: Lang): Promise<Dictionary> {
  return lang === 'ar' ? (await import('./ar')).ar : (await import('./en')).en;
}
