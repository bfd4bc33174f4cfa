// "Add all to cart": one line per in-stock suggestion, origin Quiz with the version and the
// position, the reason in both languages on the line (kept on a line already there), one toast.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuizSuggestionView } from '#shared/quiz/api';
import { cart } from '../cart/cart-store';
import { resetToasts, toastState } from '../stores/toasts';
import { addAllToCart } from './ResultView';

const suggestion = (id: number, inStock = true): QuizSuggestionView => ({
  id,
  slug: `p-${id}`,
  name: `Product ${id}`,
  images: [],
  brand: { id: 1, slug: 'alpha', name: 'Alpha' },
  category: { id: 1, slug: 'c', name: 'C', color: '#000' },
  default_sku: {
    id: id * 100,
    name: '60',
    price: { price: 1000 * id, old_price: null },
    buy_limit: null,
    in_stock: inStock,
    will_notify: false,
  },
  free_delivery: false,
  reason: `Reason ${id}`,
  reason_texts: { en: `Reason ${id}`, ar: `سبب ${id}` },
  reasons: [`Reason ${id}`],
  because: [],
  cautions: [],
  payable: { price: 1000 * id, old_price: null },
  alternatives: [],
});

beforeEach(() => {
  cart.items = {};
  resetToasts();
});

describe('add all to cart', () => {
  it('adds the in-stock suggestions with origin Quiz and their reason, with one toast', async () => {
    const added = addAllToCart({ version_id: 3, suggestions: [suggestion(1), suggestion(2, false), suggestion(3)] });
    expect(added).toBe(2);
    expect(Object.keys(cart.items).sort()).toEqual(['100', '300']);
    expect(cart.items['300']).toMatchObject({
      count: 1,
      origin: { source: 'Quiz', id: 3, position: 2 },
      reason: { en: 'Reason 3', ar: 'سبب 3' },
      product: { slug: 'p-3', name: 'Product 3' },
    });
    // The counted text loads with the toast (client/cart/added-toast.ts).
    await vi.waitFor(() =>
      expect(toastState.next ?? toastState.current).toMatchObject({
        message: 'items_added_to_cart',
        params: { count: 2 },
      }),
    );
  });

  it('gives a line already in the cart the reason without replacing one it has', () => {
    addAllToCart({ version_id: 1, suggestions: [suggestion(1)] });
    cart.items['100']!.reason = { en: 'Kept', ar: 'محفوظ' };
    addAllToCart({ version_id: 1, suggestions: [suggestion(1)] });
    expect(cart.items['100']).toMatchObject({ count: 2, reason: { en: 'Kept', ar: 'محفوظ' } });
  });
});
