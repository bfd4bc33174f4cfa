import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createTranslator, type Dictionary, type Translator } from '#shared/i18n';
import type { TextArea } from '#shared/i18n/areas';
import type { Lang } from '#shared/locale';

/** A language's texts for a page's areas (decision 18): scoped on the server, loaded so far in the browser. */
export type TextSource = (lang: Lang, areas: readonly TextArea[]) => Dictionary | undefined;

// Whole dictionaries given by tests; the server and the browser give a source instead.
const whole: Partial<Record<Lang, Dictionary>> = {};

/** The tests' source: the whole dictionaries they gave. A test that loads a real source puts this back. */
export const wholeDictionaries: TextSource = (lang) => whole[lang] ?? whole.en;

let source: TextSource = wholeDictionaries;

export function provideDictionary(lang: Lang, dict: Dictionary): void {
  whole[lang] = dict;
}

export function provideTextSource(next: TextSource): void {
  source = next;
}

const I18nContext = createContext<Translator | null>(null);
const NO_AREAS: readonly TextArea[] = [];

export function I18nProvider({
  lang,
  texts = NO_AREAS,
  children,
}: {
  lang: Lang;
  texts?: readonly TextArea[];
  children: ReactNode;
}) {
  // The areas' names, not the array's identity, decide the texts.
  const areas = texts.join(',');
  const translator = useMemo(() => {
    const dict = source(lang, areas ? (areas.split(',') as TextArea[]) : NO_AREAS);
    if (!dict) throw new Error(`dictionary for ${lang} not loaded`);
    return createTranslator(lang, dict);
  }, [lang, areas]);
  return <I18nContext.Provider value={translator}>{children}</I18nContext.Provider>;
}

export function useI18n(): Translator {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
