// The free-delivery banner as rendered in both languages: the amount left below 80 % of the threshold,
// the unlock button from 80 %, the enjoy message at the threshold. The browser story (buying.spec.ts)
// walks it in Arabic; English is checked here (decision 70).
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY_AMOUNTS } from '#shared/country-amounts';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import { provideDictionary } from '../i18n/context';
import { emptyCart, fillCart, renderInShop } from './cart-render.test-support';
import { FreeDeliveryBanner } from './FreeDeliveryBanner';

provideDictionary('en', en);
provideDictionary('ar', ar);

function render(lang: Lang, subtotalFils: number): string {
  fillCart(subtotalFils);
  return renderInShop(lang, <FreeDeliveryBanner />);
}

afterEach(() => {
  emptyCart();
});

// No country row in the boot data: Kuwait's own default threshold (decision 52).
const threshold = DEFAULT_COUNTRY_AMOUNTS.KW.free_delivery_minor;
const TEXT = {
  en: {
    more: /Add <bdi[^>]*>.*?<\/bdi> more for free delivery/,
    unlock: 'Unlock free delivery',
    enjoy: 'Enjoy free delivery on this order!',
  },
  ar: {
    more: /أضف <bdi[^>]*>.*?<\/bdi> أخرى للحصول على توصيل مجاني/,
    unlock: 'احصل على التوصيل المجاني',
    enjoy: 'استمتع بالتوصيل المجاني لهذا الطلب!',
  },
} as const;

describe('FreeDeliveryBanner', () => {
  it.each(['en', 'ar'] as const)('says how much is left below 80 per cent, with no unlock button (%s)', (lang) => {
    const html = render(lang, Math.floor(threshold / 2));
    expect(html).toMatch(TEXT[lang].more);
    expect(html).not.toContain(TEXT[lang].unlock);
    expect(html).not.toContain(TEXT[lang].enjoy);
  });

  it.each(['en', 'ar'] as const)('offers to unlock free delivery from 80 per cent (%s)', (lang) => {
    const html = render(lang, Math.ceil(threshold * 0.85));
    expect(html).toMatch(TEXT[lang].more);
    expect(html).toContain(`data-testid="unlock-free-delivery">${TEXT[lang].unlock}</button>`);
  });

  it.each(['en', 'ar'] as const)('says delivery is free at the threshold (%s)', (lang) => {
    const html = render(lang, threshold);
    expect(html).toContain(TEXT[lang].enjoy);
    expect(html).not.toContain(TEXT[lang].unlock);
  });
});
