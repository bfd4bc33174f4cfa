import { describe, expect, it } from 'vitest';
import { createTranslator } from '#shared/i18n';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { formatNumber } from '#shared/money';
import { countLinkName } from './count-name';

describe('a count badge’s link name holds the number it shows', () => {
  for (const [lang, dictionary] of [
    ['en', en],
    ['ar', ar],
  ] as const) {
    it(`in ${lang === 'en' ? 'English' : 'Arabic'}, for every plural form`, () => {
      const { t } = createTranslator(lang, dictionary);
      for (const count of [0, 1, 2, 3, 11, 100]) {
        const shown = formatNumber(count, lang, 'KW');
        const name = countLinkName(t('cart_label'), t('cart_count', { count }), shown);
        expect(name, `${count}`).toContain(shown);
        expect(name).toContain(t('cart_label'));
      }
    });
  }

  it('says the number once where the words already carry it', () => {
    expect(countLinkName('Cart', '3 items in cart', '3')).toBe('Cart, 3 items in cart');
    expect(countLinkName('السلة', 'لا توجد منتجات في السلة', '0')).toBe('السلة 0, لا توجد منتجات في السلة');
  });
});
