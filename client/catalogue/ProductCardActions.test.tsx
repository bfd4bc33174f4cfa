// A product card offers one action (issue 73): Add while its size can be bought (a buy limit too),
// "notify me" once it cannot. The product page keeps spec §4's notify button beside Add for a size with
// a buy limit (tests/integration/storefront/catalogue-pages.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductCard as Card } from '#shared/catalogue/types';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import { emptyCart, renderInShop } from '../cart/cart-render.test-support';
import { cart } from '../cart/cart-store';
import { provideDictionary } from '../i18n/context';
import { ProductCard } from './ProductCard';

provideDictionary('en', en);
provideDictionary('ar', ar);

const card = (sku: { buy_limit: number | null; in_stock: boolean }): Card => ({
  id: 1,
  slug: 'alpha-vitamin-d3-1000',
  name: 'Vitamin D3 1000 IU',
  images: [],
  brand: { id: 1, slug: 'alpha-labs', name: 'Alpha Labs' },
  category: { id: 11, slug: 'vitamins', name: 'Vitamins', color: '#123456' },
  default_sku: { id: 101, name: '60', price: { price: 3500, old_price: null }, will_notify: false, ...sku },
  free_delivery: false,
});

function render(product: Card, lang: Lang = 'en'): string {
  // A loaded cart without this product: the unit project shares modules between files (isolate:
  // false), and the cart store's own tests may leave it in the cart, which shows a quantity, not Add.
  emptyCart();
  cart.loaded = true;
  return renderInShop(lang, <ProductCard product={product} origin={{ source: 'Home Page' }} />);
}

afterEach(() => {
  emptyCart();
});

describe('a product card', () => {
  it('offers Add alone for a size that can be bought, with a buy limit or without, in both languages', () => {
    for (const lang of ['en', 'ar'] as const)
      for (const buy_limit of [null, 2]) {
        const html = render(card({ buy_limit, in_stock: true }), lang);
        expect(html, `${lang} ${buy_limit}`).toContain('add-button');
        expect(html, `${lang} ${buy_limit}`).not.toContain('data-testid="notify-button"');
      }
  });

  it('offers "notify me" alone once the size cannot be bought', () => {
    for (const [lang, text] of [
      ['en', 'Notify me'],
      ['ar', 'أعلمني عند التوفر'],
    ] as const) {
      const html = render(card({ buy_limit: 2, in_stock: false }), lang);
      expect(html).toMatch(new RegExp(`data-testid="notify-button"[^>]*>${text}<`));
      expect(html).not.toContain('add-button');
    }
  });
});
