// The browser's texts (decision 18): the shell's dictionary for the page's language, then each area as
// the routes and lazy parts that show it load. Every area is its own chunk; the server modulepreloads
// the page's areas and the entry loads them before hydrating, so the first render has the same texts
// as the server's (server-texts.ts). The dictionary object only grows, and translators read it live.
import type { Dictionary } from '#shared/i18n';
import type { TextArea } from '#shared/i18n/areas';
import type { Lang } from '#shared/locale';

type Texts = Partial<Dictionary>;
type Part = TextArea | 'shell';

// Literal imports, one per file, so that the bundler makes each its own chunk.
const LOADERS: Record<Lang, Record<Part, () => Promise<Texts>>> = {
  en: {
    shell: () => import('#shared/i18n/shell.en').then((m) => m.shellEn),
    catalogue: () => import('#shared/i18n/catalogue.en').then((m) => m.catalogueEn),
    accounts: () => import('#shared/i18n/accounts.en').then((m) => m.accountsEn),
    orders: () => import('#shared/i18n/orders.en').then((m) => m.ordersEn),
    'static-pages': () => import('#shared/i18n/static-pages.en').then((m) => m.staticPagesEn),
    'blood-tests': () => import('#shared/i18n/blood-tests.en').then((m) => m.bloodTestsEn),
  },
  ar: {
    shell: () => import('#shared/i18n/shell.ar').then((m) => m.shellAr),
    catalogue: () => import('#shared/i18n/catalogue.ar').then((m) => m.catalogueAr),
    accounts: () => import('#shared/i18n/accounts.ar').then((m) => m.accountsAr),
    orders: () => import('#shared/i18n/orders.ar').then((m) => m.ordersAr),
    'static-pages': () => import('#shared/i18n/static-pages.ar').then((m) => m.staticPagesAr),
    'blood-tests': () => import('#shared/i18n/blood-tests.ar').then((m) => m.bloodTestsAr),
  },
};

const loaded: Record<Lang, Texts> = { en: {}, ar: {} };
const pending = new Map<string, Promise<void>>();
// One language per document: the language switch reloads the page.
let pageLang: Lang = 'en';

/** The texts loaded so far for a language (shell first); a live object that grows as areas load. */
export function browserTexts(lang: Lang): Dictionary {
  return loaded[lang] as Dictionary;
}

/** Loads the shell's texts and the given areas once each; the server has every text, so there it does nothing. */
export function loadTexts(lang: Lang, areas: readonly TextArea[]): Promise<void> {
  if (import.meta.env.SSR) return Promise.resolve();
  pageLang = lang;
  const parts: Part[] = ['shell', ...areas];
  return Promise.all(
    parts.map((part) => {
      const key = `${lang}:${part}`;
      let p = pending.get(key);
      if (!p) {
        p = LOADERS[lang][part]().then((texts) => void Object.assign(loaded[lang], texts));
        // A failed chunk (offline) may load on the next try.
        p.catch(() => pending.delete(key));
        pending.set(key, p);
      }
      return p;
    }),
  ).then(() => undefined);
}

/** Wraps a lazy part's import so that its areas' texts are there before it renders. */
export function withTexts<T>(areas: readonly TextArea[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadTexts(pageLang, areas)]).then(([mod]) => mod);
}
