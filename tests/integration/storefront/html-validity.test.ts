// The pages outside validators read, checked with html-validate (its browser build runs here in workerd)
// as the storefront renders them, in both languages: ids that aria attributes point at exist, every
// input says its type, autocomplete tokens fit their input, and no media plays by itself.
import { HtmlValidate, StaticConfigLoader } from 'html-validate/browser';
import { beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, registerShopper, storefront } from './helpers';

const validator = new HtmlValidate(
  new StaticConfigLoader({
    // The standard (not stylistic) rules: React writes camelCase attributes, self-closed void elements
    // and ids from useId, which are valid HTML and only a style question for html-validate.
    extends: ['html-validate:standard', 'html-validate:a11y'],
    rules: {
      'no-autoplay': 'error',
      'no-implicit-input-type': 'error',
      'no-missing-references': 'error',
      // The header search's suggestions are an ARIA combobox's listbox, which a native <select> cannot be.
      'prefer-native-element': ['error', { exclude: ['listbox'] }],
    },
  }),
);

async function problems(path: string, cookie = '') {
  const res = await storefront(path, { headers: cookie ? { cookie } : {} });
  expect(res.status, path).toBe(200);
  const report = await validator.validateString(await res.text(), path);
  return report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector})`));
}

let shopper = '';
beforeAll(async () => {
  const device = cookiesFrom(await storefront('/api/country'));
  shopper = await registerShopper(`html-valid-${crypto.randomUUID()}@example.com`, device);
});

describe('pages as outside validators read them', () => {
  it.each([
    '/',
    '/ar',
    '/products',
    '/ar/products',
    '/how-it-works',
    '/ar/how-it-works',
    '/consultation-check',
    '/ar/consultation-check',
    '/nutritionist-list',
    '/ar/nutritionist-list',
    // Every page's link, titled from its own page's texts: each must have its words here too.
    '/site-index',
    '/ar/site-index',
  ])('%s has no validator finding', async (path) => {
    expect(await problems(path)).toEqual([]);
  });

  it.each(['/profile/account', '/ar/profile/account', '/profile/points', '/ar/profile/points'])(
    'a signed-in shopper’s %s has no validator finding',
    async (path) => {
      expect(await problems(path, shopper)).toEqual([]);
    },
  );
});
