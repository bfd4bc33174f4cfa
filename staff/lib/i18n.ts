// The staff app's translator: its own texts (shared/i18n/staff.*) over the shop's shell texts, which
// hold the API's message keys, so an API failure reads the same here as in the shop.
import rosetta from 'rosetta';
import type { Lang } from '#shared/locale';
import { isPlural, pluralCategoryOf, type Entry } from '#shared/i18n/plural';
import { shellEn } from '#shared/i18n/shell.en';
import { shellAr } from '#shared/i18n/shell.ar';
import { staffTextsAr, staffTextsEn } from '#shared/i18n/staff-texts';
import { GENERIC_ERROR_KEY } from '#shared/i18n';

export type StaffTextId = keyof typeof staffTextsEn;
type Params = Record<string, string | number>;

const DICTS: Record<Lang, Record<string, Entry>> = {
  en: { ...shellEn, ...staffTextsEn },
  ar: { ...shellAr, ...staffTextsAr },
};

export interface StaffTranslator {
  lang: Lang;
  t(key: StaffTextId, params?: Params): string;
  /** An API message key (meta.msg); an unknown one reads as the generic failure. */
  tKey(key: string, params?: Params): string;
  /** A number with Latin digits and the language's grouping. */
  n(value: number): string;
}

const translators = new Map<Lang, StaffTranslator>();

export function staffTranslator(lang: Lang): StaffTranslator {
  const cached = translators.get(lang);
  if (cached) return cached;
  const dict = DICTS[lang];
  const i18n = rosetta({ [lang]: dict });
  i18n.locale(lang);
  const numbers = new Intl.NumberFormat(`${lang}-u-nu-latn`);
  const translate = (key: string, params?: Params) => {
    const entry = dict[key];
    const count = params?.count;
    if (isPlural(entry)) {
      const category = typeof count === 'number' ? pluralCategoryOf(count, lang) : 'other';
      const path = entry[category] === undefined ? `${key}.other` : `${key}.${category}`;
      return i18n.t(path, {
        ...params,
        count: typeof count === 'number' ? numbers.format(count) : (count ?? ''),
      }) as string;
    }
    return i18n.t(key, params) as string;
  };
  const translator: StaffTranslator = {
    lang,
    t: translate,
    tKey: (key, params) => (Object.hasOwn(dict, key) ? translate(key, params) : translate(GENERIC_ERROR_KEY, params)),
    n: (value) => numbers.format(value),
  };
  translators.set(lang, translator);
  return translator;
}
