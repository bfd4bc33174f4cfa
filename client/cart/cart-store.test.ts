import { beforeEach, describe, expect, it } from 'vitest';
import {
  addToCart,
  applyStorageChange,
  cart,
  cartCount,
  decrementCart,
  loadCart,
  persistCart,
  STORAGE_KEY,
  type CartSku,
} from './cart-store';
import { addManyToCart, applyNames, applySkuSync, cartPrice, namesNotIn } from './cart-sync';
import { resetToasts, toastState } from '../stores/toasts';

const product = { id: 1, slug: 'd3', name: 'Vitamin D3', brand: { id: 1, name: 'Alpha' } };
const sku = (over: Partial<CartSku> = {}): CartSku => ({
  id: 101,
  name: '60',
  price: { price: 3500, old_price: null },
  buy_limit: null,
  in_stock: true,
  ...over,
});
const memory = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    m,
  };
};

beforeEach(() => {
  cart.items = {};
  resetToasts();
});

describe('cart store', () => {
  it('adds a new item with the item_added_to_cart toast, then increases its count', () => {
    expect(addToCart({ sku: sku(), product, origin: { source: 'Home Page' } })).toBe('added');
    expect(toastState.current?.message).toBe('item_added_to_cart');
    expect(addToCart({ sku: sku(), product, origin: { source: 'Home Page' } })).toBe('increased');
    expect(cart.items['101']).toMatchObject({ count: 2, origin: { source: 'Home Page' } });
    expect(cartCount(cart.items)).toBe(2);
  });

  it('never goes above the buy limit, and adds nothing out of stock', () => {
    addToCart({ sku: sku({ buy_limit: 2 }), product, origin: { source: 'Search' } });
    addToCart({ sku: sku({ buy_limit: 2 }), product, origin: { source: 'Search' } });
    expect(addToCart({ sku: sku({ buy_limit: 2 }), product, origin: { source: 'Search' } })).toBe('limit');
    expect(cart.items['101']!.count).toBe(2);
    expect(addToCart({ sku: sku({ id: 9, in_stock: false }), product, origin: { source: 'Search' } })).toBe('limit');
    expect(cart.items['9']).toBeUndefined();
  });

  it('lowers a count above 1 and removes at 1 with the item_removed_from_cart toast', () => {
    addToCart({ sku: sku(), product, origin: { source: 'Product' } });
    addToCart({ sku: sku(), product, origin: { source: 'Product' } });
    decrementCart(101);
    expect(cart.items['101']!.count).toBe(1);
    resetToasts();
    decrementCart(101);
    expect(cart.items['101']).toBeUndefined();
    expect(toastState.current?.message).toBe('item_removed_from_cart');
  });

  it('reorder sums counts with the cart, within limits', () => {
    addToCart({ sku: sku({ buy_limit: 3 }), product, origin: { source: 'Product' } });
    resetToasts();
    const added = addManyToCart([
      { sku: sku({ buy_limit: 3 }), product, count: 5, origin: { source: 'My Orders' } },
      { sku: sku({ id: 7 }), product, count: 2, origin: { source: 'My Orders' } },
    ]);
    expect(cart.items['101']!.count).toBe(3);
    expect(cart.items['7']!.count).toBe(2);
    // It says nothing itself: the caller's toast (client/cart/added-toast.ts) or notice says how many.
    expect(added).toBe(2);
    expect(toastState.current).toBeNull();
  });

  it('reorder counts only the products it could add', () => {
    addManyToCart([{ sku: sku({ buy_limit: 2 }), product, count: 2, origin: { source: 'Product' } }]);
    const added = addManyToCart([
      { sku: sku({ buy_limit: 2 }), product, count: 1, origin: { source: 'My Orders' } },
      { sku: sku({ id: 7 }), product, count: 1, origin: { source: 'My Orders' } },
    ]);
    expect(cart.items['101']!.count).toBe(2);
    expect(added).toBe(1);
  });

  it('is stored while non-empty and removed from storage when empty', () => {
    const s = memory();
    addToCart({ sku: sku(), product, origin: { source: 'Product' } });
    persistCart(s);
    expect(JSON.parse(s.m.get(STORAGE_KEY)!)['101'].count).toBe(1);
    decrementCart(101);
    persistCart(s);
    expect(s.m.has(STORAGE_KEY)).toBe(false);
  });

  it('gives items loaded without an origin the product origin', () => {
    const s = memory();
    s.setItem(STORAGE_KEY, JSON.stringify({ 101: { count: 1, sku: sku(), product } }));
    loadCart(s);
    expect(cart.items['101']!.origin).toEqual({ source: 'Product' });
    s.setItem(STORAGE_KEY, '{broken');
    loadCart(s);
    expect(cart.items).toEqual({});
  });

  it('applies another tab’s change only when it differs and has no flushAfter marker', () => {
    const other = { 101: { count: 3, sku: sku(), product, origin: { source: 'Product' } } };
    expect(applyStorageChange(JSON.stringify(other))).toBe(true);
    expect(cart.items['101']!.count).toBe(3);
    expect(applyStorageChange(JSON.stringify(other))).toBe(false);
    expect(applyStorageChange(JSON.stringify({ 101: { ...other[101], count: 5, flushAfter: 1 } }))).toBe(false);
    expect(cart.items['101']!.count).toBe(3);
    expect(applyStorageChange(null)).toBe(true);
    expect(cart.items).toEqual({});
  });

  it('syncs SKU data: a count over the new buy limit comes down and is reported; vanished SKUs are marked; prices update', () => {
    cart.items = {
      '101': { count: 5, sku: sku(), product, origin: { source: 'Product' } },
      '102': { count: 1, sku: sku({ id: 102 }), product: { ...product, name: 'Gone' }, origin: { source: 'Product' } },
      '103': {
        count: 1,
        sku: sku({ id: 103 }),
        product: { ...product, name: 'Dearer' },
        origin: { source: 'Product' },
      },
    };
    const changes = applySkuSync([
      { id: 101, name: '60', price: { price: 3500, old_price: null }, buy_limit: 3, in_stock: true },
      { id: 103, name: '60', price: { price: 4000, old_price: null }, buy_limit: null, in_stock: true },
    ]);
    expect(changes).toEqual(
      expect.arrayContaining([
        { sku_id: 101, name: 'Vitamin D3', kind: 'limit', from: 5, to: 3 },
        { sku_id: 102, name: 'Gone', kind: 'unavailable' },
        { sku_id: 103, name: 'Dearer', kind: 'price', from: 3500, to: 4000 },
      ]),
    );
    expect(cart.items['101']!.count).toBe(3);
    expect(cart.items['102']!.outOfStock).toBe(true);
    // Only what can be bought counts towards free delivery.
    expect(cartPrice(cart.items)).toBe(3 * 3500 + 4000);
    // A second sync with the same data reports nothing new.
    expect(
      applySkuSync([
        { id: 101, name: '60', price: { price: 3500, old_price: null }, buy_limit: 3, in_stock: true },
        { id: 103, name: '60', price: { price: 4000, old_price: null }, buy_limit: null, in_stock: true },
      ]),
    ).toEqual([]);
  });

  it('removes what the shopper’s new country does not sell and says why (issue 77), keeping the rest', () => {
    cart.items = {
      '101': { count: 2, sku: sku(), product, origin: { source: 'Product' } },
      '102': {
        count: 1,
        sku: sku({ id: 102 }),
        product: { ...product, name: 'Kuwait only' },
        origin: { source: 'Product' },
      },
    };
    const changes = applySkuSync(
      [{ id: 101, name: '60', price: { price: 3500, old_price: null }, buy_limit: null, in_stock: true }],
      undefined,
      [102],
    );
    expect(changes).toEqual([{ sku_id: 102, name: 'Kuwait only', kind: 'not_sold' }]);
    expect(Object.keys(cart.items)).toEqual(['101']);
    expect(cart.items['101']!.count).toBe(2);
  });

  it('takes the names of the page language from the sync: product, brand and size follow it', () => {
    cart.items = {
      '101': {
        count: 1,
        sku: sku({ name: '٦٠ كبسولة' }),
        product: { ...product, name: 'فيتامين د٣', brand: { id: 1, name: 'ألفا' } },
        origin: { source: 'Product' },
        lang: 'ar',
      },
      '102': { count: 1, sku: sku({ id: 102 }), product: { ...product, name: 'قديم' }, origin: { source: 'Product' } },
    };
    expect(namesNotIn(cart.items, 'en')).toEqual([101, 102]);
    expect(namesNotIn(cart.items, 'ar')).toEqual([102]);
    // The English page's sync: 102 is no longer sold, so it keeps its name but is not asked again.
    applyNames(
      [
        {
          id: 101,
          name: '60 capsules',
          price: { price: 3500, old_price: null },
          buy_limit: null,
          in_stock: true,
          product: { name: 'Vitamin D3', brand: { name: 'Alpha' } },
        },
      ],
      'en',
      [101, 102],
    );
    expect(cart.items['101']).toMatchObject({
      sku: { name: '60 capsules' },
      product: { name: 'Vitamin D3', brand: { id: 1, name: 'Alpha' } },
      lang: 'en',
    });
    expect(cart.items['102']).toMatchObject({ product: { name: 'قديم' }, lang: 'en' });
    expect(namesNotIn(cart.items, 'en')).toEqual([]);

    // The cart page's own sync does the same in its language.
    applySkuSync(
      [
        {
          id: 101,
          name: '٦٠ كبسولة',
          price: { price: 3500, old_price: null },
          buy_limit: null,
          in_stock: true,
          product: { name: 'فيتامين د٣', brand: { name: 'ألفا' } },
        },
      ],
      'ar',
    );
    expect(cart.items['101']).toMatchObject({ product: { name: 'فيتامين د٣', brand: { name: 'ألفا' } }, lang: 'ar' });
  });

  it("keeps a suggestion's reason on the line through storage, another tab and the syncs", () => {
    const reason = {
      en: 'Your vitamin D was 18 ng/mL on 3 March, below 30.',
      ar: 'كان فيتامين د لديك 18 ng/mL في 3 مارس، أقل من 30.',
    };
    const origin = { source: 'Blood Test Results', id: 'vitd-low' } as const;
    addToCart({ sku: sku(), product, origin, suggestionId: 'vitd-low:2026-03-03', reason });
    const s = memory();
    persistCart(s);
    cart.items = {};
    loadCart(s);
    expect(cart.items['101']).toMatchObject({ origin, suggestionId: 'vitd-low:2026-03-03', reason });
    // Another tab's copy keeps it, and so do the server's SKU and name syncs.
    cart.items = {};
    expect(applyStorageChange(s.getItem(STORAGE_KEY))).toBe(true);
    applySkuSync(
      [
        {
          id: 101,
          name: '60',
          price: { price: 3000, old_price: 3500 },
          buy_limit: null,
          in_stock: true,
          product: { name: 'فيتامين د٣', brand: { name: 'ألفا' } },
        },
      ],
      'ar',
    );
    expect(cart.items['101']).toMatchObject({ reason, sku: { price: { price: 3000 } }, lang: 'ar' });
    applySkuSync([]);
    expect(cart.items['101']).toMatchObject({ reason, outOfStock: true });
  });

  it('reads older stored lines without a reason as they were', () => {
    const s = memory();
    s.setItem(STORAGE_KEY, JSON.stringify({ 101: { count: 2, sku: sku(), product, origin: { source: 'Search' } } }));
    loadCart(s);
    expect(cart.items['101']).toEqual({ count: 2, sku: sku(), product, origin: { source: 'Search' } });
  });
});
