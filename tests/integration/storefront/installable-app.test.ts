// The installable app: a manifest per language, the service worker's script, the offline
// pages it keeps, the "Get the app" guide and the app's start screen, and the head tags and CSP that
// tie them to every page.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { storefront } from './helpers';

const roundTrips = (res: Response) => Number(res.headers.get('x-d1-roundtrips'));
const cspOf = (res: Response) => res.headers.get('content-security-policy') ?? '';

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

describe('the installable app', () => {
  it('serves a manifest per language as application/manifest+json, cacheable', async () => {
    const en = await storefront('https://shop.test/manifest.webmanifest');
    const ar = await storefront('https://shop.test/ar/manifest.webmanifest');
    for (const res of [en, ar]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    }
    const enBody = (await en.json()) as Record<string, unknown>;
    const arBody = (await ar.json()) as Record<string, unknown>;
    expect(enBody).toMatchObject({ name: 'Gulf Vitamins', lang: 'en', dir: 'ltr', start_url: '/_app?source=pwa' });
    expect(arBody).toMatchObject({
      name: 'خليج الفيتامينات',
      lang: 'ar',
      dir: 'rtl',
      start_url: '/ar/_app?source=pwa',
      display: 'standalone',
    });
    expect(arBody.icons).toEqual(
      expect.arrayContaining([expect.objectContaining({ purpose: 'maskable', sizes: '512x512' })]),
    );
  });

  it('serves /sw.js as JavaScript, never cached without asking, allowed the whole site', async () => {
    const res = await storefront('https://shop.test/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('service-worker-allowed')).toBe('/');
    const source = await res.text();
    // The real bundle: one classic script (no import statement) with its listeners and the offline pages.
    expect(source).toContain('addEventListener(`fetch`');
    expect(source).toContain('/offline');
    expect(source).toContain('/api/');
    expect(source).not.toMatch(/^\s*import\s/m);
    expect(source).not.toContain('__SW_VERSION__');
  });

  it('links each page to the manifest of its language, with the home-screen tags, and lets the worker run', async () => {
    const en = await storefront('https://shop.test/products');
    const ar = await storefront('https://shop.test/ar/products');
    const enHtml = await en.text();
    const arHtml = await ar.text();
    expect(enHtml).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(enHtml).not.toContain('/ar/manifest.webmanifest');
    expect(arHtml).toContain('<link rel="manifest" href="/ar/manifest.webmanifest"/>');
    expect(arHtml).toContain('<meta name="apple-mobile-web-app-title" content="خليج الفيتامينات"/>');
    for (const html of [enHtml, arHtml]) {
      expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/>');
      expect(html).toContain('<meta name="apple-mobile-web-app-capable" content="yes"/>');
      expect(html).toContain('<meta name="theme-color" content="#0d6b5e"/>');
    }
    for (const res of [en, ar]) expect(cspOf(res)).toContain("worker-src 'self'");
  });

  it.each([
    ['/offline', 'en', 'ltr', 'You are offline', 'Try again'],
    ['/ar/offline', 'ar', 'rtl', 'أنت غير متصل بالإنترنت', 'حاول مرة أخرى'],
  ])(
    'renders the offline page %s on its own: language, retry, noindex, no API call',
    async (path, lang, dir, title, retry) => {
      const res = await storefront(`https://shop.test${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(roundTrips(res)).toBe(0);
      const html = await res.text();
      expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
      expect(html).toContain(`<h1>${title}</h1>`);
      expect(html).toContain(`<a class="button" href="">${retry}</a>`);
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain(`<link rel="manifest" href="${lang === 'ar' ? '/ar' : ''}/manifest.webmanifest">`);
      // Its style and its one line of script carry the response's nonce: the CSP lets them run, also
      // when the service worker replays the stored copy with its stored headers.
      const nonce = /'nonce-([^']+)'/.exec(cspOf(res))![1]!;
      expect(html).toContain(`<style nonce="${nonce}">`);
      expect(html).toContain(`<script nonce="${nonce}">`);
      expect(html).not.toMatch(/<script[^>]+src=/);
      expect(html).not.toMatch(/\sstyle="/);
    },
  );

  it.each([
    ['/install', 'Get the app', 'On iPhone and iPad', 'Add to Home Screen'],
    ['/ar/install', 'حمّل التطبيق', 'على iPhone وiPad', 'إضافة إلى الشاشة الرئيسية'],
  ])('renders the guide %s with its numbered iPhone steps and drawings', async (path, title, ios, step) => {
    const res = await storefront(`https://shop.test${path}`);
    expect(res.status).toBe(200);
    expect(roundTrips(res)).toBeLessThanOrEqual(3);
    const html = await res.text();
    expect(html).toContain(`<h1 class="page-title">${title}</h1>`);
    expect(html).toContain(ios);
    expect(html).toContain(step);
    const steps = html.match(/<li class="install-step">/g) ?? [];
    expect(steps).toHaveLength(4);
    // Every drawing is an image with a text alternative.
    const figures = [...html.matchAll(/<svg class="install-figure"[^>]*>/g)].map((m) => m[0]);
    expect(figures).toHaveLength(4);
    for (const f of figures) expect(f).toMatch(/role="img" aria-label="[^"]+"/);
    expect(html).not.toContain('<meta name="robots" content="noindex"/>');
  });

  // Moved down from the e2e story of the Arabic guide (decision 70; its 390 px layout is a page of
  // no-sideways-scroll.spec.ts): the steps' texts and the drawings' names, in order.
  it('renders the Arabic iPhone steps: the share button, Add to Home Screen, notifications, each drawing named', async () => {
    const html = await (await storefront('https://shop.test/ar/install')).text();
    const ios = /data-testid="install-ios"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    const steps = ios.split('<li class="install-step">').slice(1);
    expect(steps).toHaveLength(4);
    expect(steps[0]).toContain('زر المشاركة');
    expect(steps[1]).toContain('إضافة إلى الشاشة الرئيسية');
    expect(steps[3]).toContain('الإشعارات');
    expect(ios).toContain('role="img" aria-label="شريط أدوات Safari مع إبراز زر المشاركة"');
    expect(ios).toContain('role="img" aria-label="الشاشة الرئيسية وعليها أيقونة خليج الفيتامينات"');
  });

  it.each([
    ['/_app', 'What are you looking for today?', '/search', '/cart'],
    ['/ar/_app', 'عمّ تبحث اليوم؟', '/ar/search', '/ar/cart'],
  ])(
    'renders the app start screen %s: search, quick links, categories, noindex',
    async (path, greeting, search, cart) => {
      const res = await storefront(`https://shop.test${path}?source=pwa`);
      expect(res.status).toBe(200);
      expect(roundTrips(res)).toBeLessThanOrEqual(3);
      const html = await res.text();
      expect(html).toContain(greeting);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toMatch(new RegExp(`<form[^>]*action="${search}"`));
      expect(html).toContain(`href="${cart}"`);
      expect(html).toContain('class="app-chip"');
      expect(html).not.toContain('page_coming_soon');
    },
  );

  it('lists the guide, not the app shell, in the site index and the footer as "Get the app"', async () => {
    const html = await (await storefront('https://shop.test/site-index')).text();
    const guide = html.match(/<a href="\/install"[^>]*>Get the app<\/a>/g) ?? [];
    // Once in the index's help group, once in the footer's.
    expect(guide).toHaveLength(2);
    expect(html).not.toContain('href="/_app"');
    const ar = await (await storefront('https://shop.test/ar/site-index')).text();
    expect(ar).toMatch(/<a href="\/ar\/install"[^>]*>حمّل التطبيق<\/a>/);
  });
});
