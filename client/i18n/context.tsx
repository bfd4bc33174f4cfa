import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createTranslator, type Dictionary, type Translator } from '../../shared/i18n';
import type { Lang } from '../../shared/locale';

// Dictionaries the current runtime has loaded: both on the server, one (the page's) in the browser.
const loaded: Partial<Record<Lang, Dictionary>> = {};

export function provideDictionary(lang: Lang, dict: Dictionary): void {
  loaded[lang] = dict;
}

const I18nContext = createContext<Translator | null>(null);

export function I18nProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  const translator = useMemo(() => {
    const dict = loaded[lang] ?? loaded.en;
    if (!dict) throw new Error(`dictionary for ${lang} not loaded`);
    return createTranslator(lang, dict);
  }, [lang]);
  return <I18nContext.Provider value={translator}>{children}</I18nContext.Provider>;
}

export function useI18n(): Translator {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
