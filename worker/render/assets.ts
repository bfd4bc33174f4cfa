// Which scripts and styles a page needs, from the client build manifest (or the dev server).
import manifest from 'virtual:client-manifest';
import { textModule } from '#shared/i18n/areas';
import type { Lang } from '#shared/locale';

const ENTRY = 'client/entry.client.tsx';

export interface AssetPlan {
  bootstrapModules: string[];
  css: string[];
  /** JS files to modulepreload for these page and text modules, and the shell's dictionary. */
  preloads: (modules: string[], lang: Lang) => string[];
  /** Stylesheets of the shell and these page modules (decision 18): page CSS loads with its page. */
  styles: (modules: string[]) => string[];
  /** Fonts to preload for a language. */
  fonts: (lang: Lang) => string[];
}

function collect(key: string, seen: Set<string>, js: Set<string>, css: Set<string>): void {
  const chunk = manifest?.[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  js.add(`/${chunk.file}`);
  for (const c of chunk.css ?? []) css.add(`/${c}`);
  for (const i of chunk.imports ?? []) collect(i, seen, js, css);
}

/**
 * Walked once per set of modules: the build's chunks never change while the worker runs, and a page's
 * modules are one of the route tree's finite combinations, so the map stops growing once each page
 * type has been seen. The answer is frozen, being shared by every render that asks.
 */
function once<A extends [string[], ...string[]]>(plan: (...args: A) => string[]): (...args: A) => string[] {
  const known = new Map<string, readonly string[]>();
  return (...args) => {
    const key = args.flat().join('\n');
    let found = known.get(key);
    if (!found) {
      found = Object.freeze(plan(...args));
      known.set(key, found);
    }
    return found as string[];
  };
}

function buildPlan(): AssetPlan {
  if (!manifest) {
    // Vite dev server: it serves sources and injects CSS itself.
    return {
      bootstrapModules: ['/@vite/client', '/client/dev-entry.ts'],
      css: [],
      preloads: () => [],
      styles: () => [],
      fonts: () => [],
    };
  }
  const entryJs = new Set<string>();
  const entryCss = new Set<string>();
  collect(ENTRY, new Set(), entryJs, entryCss);
  const entryFile = `/${manifest[ENTRY]!.file}`;
  // Regular and bold Arabic: body text and headings (the hero, often the largest paint) use both.
  const arabicFonts = (manifest[ENTRY]!.assets ?? [])
    .filter((a) => /arabic-(400|700)-normal.*\.woff2$/.test(a))
    .map((a) => `/${a}`);
  return {
    bootstrapModules: [entryFile],
    css: [...entryCss],
    preloads: once((modules, lang) => {
      const js = new Set<string>(entryJs);
      const seen = new Set<string>();
      for (const m of [...modules, textModule(lang)]) collect(m, seen, js, new Set());
      js.delete(entryFile);
      return [...js];
    }),
    styles: once((modules) => {
      const css = new Set<string>(entryCss);
      const seen = new Set<string>();
      for (const m of modules) collect(m, seen, new Set(), css);
      return [...css];
    }),
    fonts: (lang) => (lang === 'ar' ? arabicFonts : []),
  };
}

export const assetPlan: AssetPlan = buildPlan();
