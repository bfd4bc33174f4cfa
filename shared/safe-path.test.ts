import { describe, expect, it } from 'vitest';
import { HOSTILE_TARGETS } from './testing/hostile-inputs';
import { breaksHeader, sameOriginPath } from './safe-path';

describe('sameOriginPath', () => {
  it('keeps the shop paths it is given, with query and hash', () => {
    expect(sameOriginPath('/')).toBe('/');
    expect(sameOriginPath('/ar/cart?x=1#top')).toBe('/ar/cart?x=1#top');
    expect(sameOriginPath('/products?q=%D9%81%D9%8A%D8%AA%D8%A7%D9%85%D9%8A%D9%86')).toBe(
      '/products?q=%D9%81%D9%8A%D8%AA%D8%A7%D9%85%D9%8A%D9%86',
    );
    // What the browser would make of it: the tab goes, the path stays on the site.
    expect(sameOriginPath('/ca\trt')).toBe('/cart');
  });

  for (const [trick, targets] of Object.entries(HOSTILE_TARGETS)) {
    it(`refuses ${trick} targets`, () => {
      for (const target of targets) expect(sameOriginPath(target), JSON.stringify(target)).toBeNull();
    });
  }

  it('refuses empty and overlong values', () => {
    for (const v of [undefined, null, '', `/${'a'.repeat(3000)}`]) expect(sameOriginPath(v)).toBeNull();
  });

  it('names the characters that cannot go into a Location header', () => {
    expect(breaksHeader('/a\rb')).toBe(true);
    expect(breaksHeader('/a\nb')).toBe(true);
    expect(breaksHeader('/a\0b')).toBe(true);
    expect(breaksHeader('/a\tb')).toBe(false);
  });
});
