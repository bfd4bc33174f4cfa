// No .example address on any page: a shopper would copy it. Form hints are rendered by the browser (the
// supplier form loads on demand), so the page HTML alone cannot show them: the dictionaries are checked.
import { describe, expect, it } from 'vitest';
import { ar } from './ar';
import { en } from './en';
import { isPlural, type Entry } from './plural';

const texts = (e: Entry): string[] =>
  isPlural(e) ? Object.values(e).filter((v): v is string => typeof v === 'string') : [e];

describe('dictionaries', () => {
  for (const [lang, dict] of [
    ['en', en],
    ['ar', ar],
  ] as const) {
    it(`show no placeholder address such as www.example.com or name@shop.example (${lang})`, () => {
      const found = Object.entries(dict).filter(([, e]) =>
        texts(e as Entry).some((s) => /\bexample\.(com|org|net)\b|[\w-]\.example\b/i.test(s)),
      );
      expect(found.map(([k]) => k)).toEqual([]);
    });
  }

  it('give the supplier a realistic website example in both languages', () => {
    expect(en.supplier_website_hint).toContain('www.yourbrand.com');
    expect(ar.supplier_website_hint).toContain('www.yourbrand.com');
  });
});
