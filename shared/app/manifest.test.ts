import { describe, expect, it } from 'vitest';
import { ar } from '../i18n/ar';
import { en } from '../i18n/en';
import { appManifest } from './manifest';
import { APP_BACKGROUND_COLOR, APP_THEME_COLOR, manifestPath } from './paths';

describe('the web app manifest', () => {
  it('in English: English names, left to right, starting on the app shell page', () => {
    const m = appManifest('en', en);
    expect(m).toMatchObject({
      name: 'Gulf Vitamins',
      short_name: 'Gulf Vitamins',
      description: en.brand_tagline,
      lang: 'en',
      dir: 'ltr',
      id: '/_app',
      start_url: '/_app?source=pwa',
      scope: '/',
      display: 'standalone',
      theme_color: APP_THEME_COLOR,
      background_color: APP_BACKGROUND_COLOR,
    });
    expect(m.shortcuts.map((s) => s.url)).toEqual(['/search', '/cart', '/profile/orders']);
    expect(m.shortcuts[1]!.name).toBe('Cart');
  });

  it('in Arabic: Arabic names, right to left, its own start page and identity under /ar', () => {
    const m = appManifest('ar', ar);
    expect(m).toMatchObject({
      name: 'خليج الفيتامينات',
      short_name: 'خليج الفيتامينات',
      description: ar.brand_tagline,
      lang: 'ar',
      dir: 'rtl',
      id: '/ar/_app',
      start_url: '/ar/_app?source=pwa',
      // The whole site: switching language inside the app stays inside the app.
      scope: '/',
      display: 'standalone',
    });
    expect(m.id).not.toBe(appManifest('en', en).id);
    expect(m.shortcuts.map((s) => s.url)).toEqual(['/ar/search', '/ar/cart', '/ar/profile/orders']);
    expect(m.shortcuts[1]!.name).toBe(ar.page_cart);
    // The start page is within the scope, as browsers require.
    expect(m.start_url.startsWith(m.scope)).toBe(true);
  });

  it('lists PNG icons of 192 and 512 px for any use and as maskable, in both languages', () => {
    for (const m of [appManifest('en', en), appManifest('ar', ar)]) {
      const icons = m.icons.map((i) => `${i.purpose} ${i.sizes} ${i.type} ${i.src}`);
      expect(icons).toEqual([
        'any 192x192 image/png /icons/icon-192.png',
        'any 512x512 image/png /icons/icon-512.png',
        'maskable 192x192 image/png /icons/maskable-192.png',
        'maskable 512x512 image/png /icons/maskable-512.png',
      ]);
    }
  });

  it('is linked per language', () => {
    expect(manifestPath('en')).toBe('/manifest.webmanifest');
    expect(manifestPath('ar')).toBe('/ar/manifest.webmanifest');
  });
});
