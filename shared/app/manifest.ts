// The web app manifest of each language: the storefront worker serves it as
// /manifest.webmanifest and /ar/manifest.webmanifest, and each page's head links the one of its language.
//
// start_url is the application shell page /_app (spec §2) and not the home page: the installed app opens
// on a start screen made for it (search first, quick links to categories, cart, orders and blood tests),
// while the home page stays the web's landing page with its banners and search-engine text. The
// ?source=pwa parameter tells launches from the icon apart in the logs.
//
// Both languages are separate apps (their own id), each with its own name and direction, so browsing in
// the other language never renames an installed app. The scope is the whole site in both, so switching
// language inside the app stays inside the app.
import type { Dictionary } from '../i18n';
import { dirOf, localizePath, type Lang } from '../locale';
import { APP_BACKGROUND_COLOR, APP_THEME_COLOR } from './paths';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: 'any' | 'maskable' | 'monochrome';
}

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: Lang;
  dir: 'ltr' | 'rtl';
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'portrait';
  theme_color: string;
  background_color: string;
  categories: string[];
  icons: ManifestIcon[];
  shortcuts: Array<{ name: string; url: string }>;
}

/** The texts the manifest takes from a language's dictionary. */
export type ManifestTexts = Pick<
  Dictionary,
  'brand_name' | 'brand_tagline' | 'page_search' | 'page_cart' | 'page_profile_orders'
>;

const APP_ICONS: readonly ManifestIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** The app's landing page in a language: the application shell page. */
const appStartPath = (lang: Lang): string => localizePath('/_app', lang);

export function appManifest(lang: Lang, texts: ManifestTexts): WebAppManifest {
  const start = appStartPath(lang);
  return {
    id: start,
    name: texts.brand_name,
    short_name: texts.brand_name,
    description: texts.brand_tagline,
    lang,
    dir: dirOf(lang),
    start_url: `${start}?source=pwa`,
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: APP_THEME_COLOR,
    background_color: APP_BACKGROUND_COLOR,
    categories: ['shopping', 'health'],
    icons: [...APP_ICONS],
    shortcuts: [
      { name: texts.page_search, url: localizePath('/search', lang) },
      { name: texts.page_cart, url: localizePath('/cart', lang) },
      { name: texts.page_profile_orders, url: localizePath('/profile/orders', lang) },
    ],
  };
}
