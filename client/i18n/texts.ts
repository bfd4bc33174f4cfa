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
// Each dictionary module exports its one object: the loader takes it whatever its name.
const LOADERS: Record<Lang, Record<Part, () => Promise<Record<string, Texts>>>> = {
  en: {
    shell: () => import('#shared/i18n/shell.en'),
    catalogue: () => import('#shared/i18n/catalogue.en'),
    accounts: () => import('#shared/i18n/accounts.en'),
    orders: () => import('#shared/i18n/orders.en'),
    'static-pages': () => import('#shared/i18n/static-pages.en'),
    'blood-tests': () => import('#shared/i18n/blood-tests.en'),
    'blood-test-results': () => import('#shared/i18n/blood-test-results.en'),
    push: () => import('#shared/i18n/push.en'),
    app: () => import('#shared/i18n/app.en'),
    wishlists: () => import('#shared/i18n/wishlists.en'),
    consent: () => import('#shared/i18n/consent.en'),
    quiz: () => import('#shared/i18n/quiz.en'),
    reviews: () => import('#shared/i18n/reviews.en'),
    subscriptions: () => import('#shared/i18n/subscriptions.en'),
    consultations: () => import('#shared/i18n/consultations.en'),
    'consultation-call': () => import('#shared/i18n/consultation-call.en'),
    points: () => import('#shared/i18n/points.en'),
    tracking: () => import('#shared/i18n/tracking.en'),
    returns: () => import('#shared/i18n/returns.en'),
  },
  ar: {
    shell: () => import('#shared/i18n/shell.ar'),
    catalogue: () => import('#shared/i18n/catalogue.ar'),
    accounts: () => import('#shared/i18n/accounts.ar'),
    orders: () => import('#shared/i18n/orders.ar'),
    'static-pages': () => import('#shared/i18n/static-pages.ar'),
    'blood-tests': () => import('#shared/i18n/blood-tests.ar'),
    'blood-test-results': () => import('#shared/i18n/blood-test-results.ar'),
    push: () => import('#shared/i18n/push.ar'),
    app: () => import('#shared/i18n/app.ar'),
    wishlists: () => import('#shared/i18n/wishlists.ar'),
    consent: () => import('#shared/i18n/consent.ar'),
    quiz: () => import('#shared/i18n/quiz.ar'),
    reviews: () => import('#shared/i18n/reviews.ar'),
    subscriptions: () => import('#shared/i18n/subscriptions.ar'),
    consultations: () => import('#shared/i18n/consultations.ar'),
    'consultation-call': () => import('#shared/i18n/consultation-call.ar'),
    points: () => import('#shared/i18n/points.ar'),
    tracking: () => import('#shared/i18n/tracking.ar'),
    returns: () => import('#shared/i18n/returns.ar'),
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
        p = LOADERS[lang][part]().then((m) => void Object.assign(loaded[lang], ...Object.values(m)));
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
