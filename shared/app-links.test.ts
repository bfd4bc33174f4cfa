import { describe, expect, it } from 'vitest';
import {
  appleAssociation,
  assetLinks,
  associationOpens,
  componentOf,
  globMatches,
  localizedPatterns,
  legacyPathOf,
  matchesComponent,
  opensInApp,
  type AppAssociation,
  type AppLinkComponent,
} from './app-links';

const url = (s: string) => new URL(s, 'https://shop.test');
const legacy = (paths: string[]): AppAssociation => ({ applinks: { details: [{ appID: 'X.app', paths }] } });

describe('app-link matcher: legacy paths, as iOS 12 and earlier read them', () => {
  it('matches a pattern against the URL’s path alone, exactly, "*" any run and "?" one character', () => {
    expect(associationOpens(legacy(['/cart']), url('/cart'))).toBe(true);
    expect(associationOpens(legacy(['/cart']), url('/cart?step=2'))).toBe(true); // the query is not read
    expect(associationOpens(legacy(['/cart']), url('/cart/'))).toBe(false);
    expect(associationOpens(legacy(['/cart']), url('/carts'))).toBe(false);
    expect(associationOpens(legacy(['/products/*']), url('/products/vitamin-d3'))).toBe(true);
    expect(associationOpens(legacy(['/products/*']), url('/products'))).toBe(false);
  });

  it('reads "?" as one character of the path, never as a query (why a spec query pattern is not put there)', () => {
    const file = legacy(['/nutritionist?id=*']);
    expect(associationOpens(file, url('/nutritionist?id=4'))).toBe(false);
    expect(associationOpens(file, url('/nutritionistXid=4'))).toBe(true);
  });

  it('keeps out what a NOT pattern matches, the first matching pattern deciding', () => {
    const file = legacy(['NOT /products/secret*', '/products/*']);
    expect(associationOpens(file, url('/products/secret-offer'))).toBe(false);
    expect(associationOpens(file, url('/products/zinc'))).toBe(true);
  });

  it('says a spec pattern in the legacy format only where it means the same, never opening more', () => {
    expect(legacyPathOf('/products/*')).toBe('/products/*');
    expect(legacyPathOf('NOT /quiz/secret')).toBe('NOT /quiz/secret');
    expect(legacyPathOf('/nutritionist?id=*')).toBeNull();
    expect(legacyPathOf('NOT /products?ref=*')).toBe('NOT /products');
  });
});

describe('app-link matcher: iOS 13 components, as Apple documents them', () => {
  it('reads "*" as any run of characters (none included) and "?" as exactly one, the rest literally', () => {
    expect(globMatches('/products/*', '/products/')).toBe(true);
    expect(globMatches('/products/*', '/products/a/b')).toBe(true);
    expect(globMatches('/products/*', '/products')).toBe(false);
    expect(globMatches('????', '4815')).toBe(true);
    expect(globMatches('????', '481')).toBe(false);
    expect(globMatches('?*', '')).toBe(false);
    expect(globMatches('?*', 'x')).toBe(true);
    expect(globMatches('/a.b+c', '/a.b+c')).toBe(true);
    expect(globMatches('/a.b', '/axb')).toBe(false);
    // Anchored at both ends, and case-sensitive.
    expect(globMatches('/quiz', '/quiz/x')).toBe(false);
    expect(globMatches('/quiz', '/Quiz')).toBe(false);
  });

  it('matches path, query and fragment together, a key left out matching anything', () => {
    const help: AppLinkComponent = { '/': '/help/*', '?': { articleNumber: '????' } };
    expect(matchesComponent(help, url('/help/1?articleNumber=4815'))).toBe(true);
    expect(matchesComponent(help, url('/help/1?articleNumber=48'))).toBe(false);
    expect(matchesComponent(help, url('/help/1'))).toBe(false); // the named item must be there
    expect(matchesComponent(help, url('/help/1?x=1&articleNumber=4815#top'))).toBe(true);
    expect(matchesComponent({ '?': 'id=*' }, url('/anything?id=7'))).toBe(true); // the whole query
    expect(matchesComponent({ '?': 'id=*' }, url('/anything?x=1&id=7'))).toBe(false);
    expect(matchesComponent({ '#': 'no_universal_links' }, url('/x#no_universal_links'))).toBe(true);
    expect(matchesComponent({}, url('/whatever?a=1#b'))).toBe(true);
  });

  it('matches the path percent-encoded, as it travels (an Arabic slug)', () => {
    const arabic = url('/ar/products/فيتامين-د3');
    expect(arabic.pathname).toMatch(/^\/ar\/products\/%D9%81/);
    expect(matchesComponent({ '/': '/ar/products/*' }, arabic)).toBe(true);
  });

  it('lets the first matching component decide, an excluding one keeping the URL out', () => {
    const file: AppAssociation = {
      applinks: {
        details: [
          {
            appIDs: ['ABCDE12345.com.example.app'],
            components: [
              { '#': 'no_universal_links', exclude: true },
              { '/': '/help/website/*', exclude: true },
              { '/': '/help/*', '?': { articleNumber: '????' } },
            ],
          },
        ],
      },
    };
    expect(associationOpens(file, url('/help/1?articleNumber=4815'))).toBe(true);
    expect(associationOpens(file, url('/help/website/1?articleNumber=4815'))).toBe(false);
    expect(associationOpens(file, url('/help/1?articleNumber=4815#no_universal_links'))).toBe(false);
    expect(associationOpens(file, url('/elsewhere'))).toBe(false);
  });

  it('reads an entry’s components rather than its paths, as iOS 13 and later do', () => {
    const file: AppAssociation = {
      applinks: { details: [{ appIDs: ['X.app'], paths: ['/old/*'], components: [{ '/': '/new/*' }] }] },
    };
    expect(associationOpens(file, url('/new/1'))).toBe(true);
    expect(associationOpens(file, url('/old/1'))).toBe(false);
  });
});

describe('the association file built from configuration', () => {
  const patterns = ['/products/*', '/products?brand=*', '/categories', '/nutritionist?id=*', 'NOT /quiz/secret'];
  const file = appleAssociation(['ABCDE12345.com.gulfvitamins.app'], patterns);

  it('serves each pattern in English and under /ar, as components and (where it can be said) as paths', () => {
    expect(localizedPatterns(['/', '/quiz', 'NOT /x/*'])).toEqual([
      '/',
      '/ar',
      '/quiz',
      '/ar/quiz',
      'NOT /x/*',
      'NOT /ar/x/*',
    ]);
    const [detail] = file.applinks!.details!;
    expect(file.applinks!.apps).toEqual([]);
    // iOS 13 and later read appIDs; iOS 12 and earlier the singular appID of each entry.
    expect(detail!.appIDs).toEqual(['ABCDE12345.com.gulfvitamins.app']);
    expect(detail!.appID).toBe('ABCDE12345.com.gulfvitamins.app');
    expect(detail!.paths).toEqual([
      '/products/*',
      '/ar/products/*',
      '/categories',
      '/ar/categories',
      'NOT /quiz/secret',
      'NOT /ar/quiz/secret',
    ]);
    expect(detail!.paths!.some((p) => p.includes('?'))).toBe(false);
    expect(detail!.components).toEqual([
      { '/': '/products/*' },
      { '/': '/ar/products/*' },
      { '/': '/products', '?': { brand: '*' } },
      { '/': '/ar/products', '?': { brand: '*' } },
      { '/': '/categories' },
      { '/': '/ar/categories' },
      { '/': '/nutritionist', '?': { id: '*' } },
      { '/': '/ar/nutritionist', '?': { id: '*' } },
      { '/': '/quiz/secret', exclude: true },
      { '/': '/ar/quiz/secret', exclude: true },
    ]);
    expect(componentOf('NOT /a?b=c')).toEqual({ '/': '/a', '?': { b: 'c' }, exclude: true });
  });

  it('gives each app its own entry, so that iOS 12 finds every app id', () => {
    const two = appleAssociation(['ABCDE12345.com.gulfvitamins.app', 'ABCDE12345.com.gulfvitamins.clip'], patterns);
    expect(two.applinks!.details!.map((d) => [d.appID, d.appIDs])).toEqual([
      ['ABCDE12345.com.gulfvitamins.app', ['ABCDE12345.com.gulfvitamins.app']],
      ['ABCDE12345.com.gulfvitamins.clip', ['ABCDE12345.com.gulfvitamins.clip']],
    ]);
  });

  it('opens the URLs iOS 13 would by components, and never more by paths (iOS 12)', () => {
    const byPaths = legacy(file.applinks!.details![0]!.paths!);
    for (const lang of ['', '/ar']) {
      for (const [path, components, paths] of [
        ['/products/alpha-vitamin-d3', true, true],
        ['/products?brand=3', true, false],
        ['/products?brand=3&page=2', true, false],
        ['/products', false, false],
        ['/products?category=11', false, false],
        ['/categories', true, true],
        ['/nutritionist?id=noura', true, false],
        ['/nutritionist', false, false],
        ['/quiz/secret', false, false],
        ['/brands/alpha', false, false],
        ['/cart', false, false],
      ] as const) {
        const u = url(`${lang}${path}`);
        expect(associationOpens(file, u), `components ${u.href}`).toBe(components);
        expect(associationOpens(byPaths, u), `paths ${u.href}`).toBe(paths);
      }
    }
  });

  it('has no entry when no app is configured', () => {
    expect(appleAssociation([], patterns)).toEqual({ applinks: { apps: [], details: [] } });
  });

  it('builds the Digital Asset Links statement list for the Android app', () => {
    const fp = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0').toUpperCase()).join(':');
    expect(assetLinks('com.gulfvitamins.app', [fp])).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: { namespace: 'android_app', package_name: 'com.gulfvitamins.app', sha256_cert_fingerprints: [fp] },
      },
    ]);
    expect(assetLinks('', [fp])).toEqual([]);
    expect(assetLinks('com.gulfvitamins.app', [])).toEqual([]);
  });
});

describe('opensInApp', () => {
  it('answers from the association file', async () => {
    const file: AppAssociation = { applinks: { details: [{ appIDs: ['X.app'], paths: ['/products/*', '/quiz'] }] } };
    expect(await opensInApp('/products/a?x=1', async () => file)).toBe(true);
    expect(await opensInApp('/cart', async () => file)).toBe(false);
    const modern = appleAssociation(['ABCDE12345.com.gulfvitamins.app'], ['/products/*']);
    expect(await opensInApp('/ar/products/a', async () => modern)).toBe(true);
  });

  it('defaults to true when the file cannot be read', async () => {
    expect(await opensInApp('/cart', async () => Promise.reject(new Error('offline')))).toBe(true);
    expect(await opensInApp('/cart', async () => JSON.parse('not json'))).toBe(true);
  });
});

describe('a page pinned to a country (decision 77, search engines per country)', () => {
  it('opens in the app as its bare URL does: the patterns name no country, `?country=` is one more query item', () => {
    const patterns = [
      '/products/*',
      '/products?category=*',
      '/nutritionist?id=*',
      '/categories',
      'NOT /products/hidden',
    ];
    const file = appleAssociation(['ABCDE12345.com.gulfvitamins.app'], patterns);
    for (const path of [
      '/products/vitamin-d3',
      '/ar/products?category=3',
      '/nutritionist?id=noura',
      '/ar/categories',
      '/products/hidden',
      '/cart',
    ])
      for (const country of ['KW', 'SA'])
        expect(associationOpens(file, url(`${path}${path.includes('?') ? '&' : '?'}country=${country}`)), path).toBe(
          associationOpens(file, url(path)),
        );
  });
});
