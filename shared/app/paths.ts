// The installable app's fixed addresses and colours, shared by the page head (client), the
// storefront worker that serves them, and the service worker. Small on purpose: the browser's entry
// imports it for the head's <link rel="manifest">.
import { localizePath, type Lang } from '../locale';

export const APP_THEME_COLOR = '#0d6b5e';
export const APP_BACKGROUND_COLOR = '#f6f8f7';

/** One manifest per language: /manifest.webmanifest and /ar/manifest.webmanifest. */
export const manifestPath = (lang: Lang): string => localizePath('/manifest.webmanifest', lang);

/** The service worker's script: unhashed, at the site root, so its scope can be the whole site. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** The page shown when a page cannot be fetched for want of a network: /offline and /ar/offline. */
export const offlinePath = (lang: Lang): string => localizePath('/offline', lang);

export const APPLE_TOUCH_ICON = '/icons/apple-touch-icon.png';
