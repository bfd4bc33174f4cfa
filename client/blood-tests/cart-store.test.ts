import { beforeEach, describe, expect, it } from 'vitest';
import type { BloodTestSkuItem } from '#shared/blood-tests/catalogue-types';
import {
  addBloodTest,
  applyBloodTestStorageChange,
  applyBloodTestSync,
  BLOOD_TEST_STORAGE_KEY,
  bloodTestCart,
  bloodTestCartCount,
  bloodTestCartTotals,
  loadBloodTestCart,
  persistBloodTestCart,
  removeBloodTest,
  type AddableBloodTest,
} from './cart-store';
import { resetToasts, toastState } from '../stores/toasts';

const test = (over: Partial<AddableBloodTest> = {}): AddableBloodTest => ({
  id: 1,
  slug: 'vitamin-d-test',
  name: 'Vitamin D (25-OH) test',
  kind: 'test',
  fasting_hours: 0,
  price: { price: 9000, old_price: 12000 },
  currency: 'KWD',
  default_sku: { id: 1001 },
  ...over,
});
const lipid = test({
  id: 9,
  slug: 'lipid-profile',
  name: 'Lipid profile',
  fasting_hours: 10,
  price: { price: 6000, old_price: null },
  default_sku: { id: 1009 },
});
const fresh = (t: AddableBloodTest, over: Partial<BloodTestSkuItem> = {}): BloodTestSkuItem => ({
  id: t.default_sku.id,
  name: t.name,
  price: t.price,
  currency: t.currency,
  blood_test: { id: t.id, slug: t.slug, name: t.name, kind: t.kind, fasting_hours: t.fasting_hours },
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
  bloodTestCart.items = {};
  bloodTestCart.loaded = false;
  resetToasts();
});

describe('blood-test cart', () => {
  it('keys an added test by its default SKU id with the spec’s fields, once, with a toast', () => {
    expect(addBloodTest(test())).toBe('added');
    expect(bloodTestCart.items['1001']).toEqual({ count: 1, bloodTest: test(), sku: { id: 1001 } });
    expect(toastState.current?.message).toBe('blood_test_added_to_cart');
    expect(addBloodTest(test())).toBe('already');
    expect(bloodTestCartCount(bloodTestCart.items)).toBe(1);
  });

  it('removes a test with a toast and totals the rest at current and old prices', () => {
    addBloodTest(test());
    addBloodTest(lipid);
    expect(bloodTestCartTotals(bloodTestCart.items)).toEqual({ total: 15000, before: 18000 });
    resetToasts();
    removeBloodTest(1001);
    expect(Object.keys(bloodTestCart.items)).toEqual(['1009']);
    expect(toastState.current?.message).toBe('blood_test_removed_from_cart');
  });

  it('persists while non-empty and removes the stored cart once empty', () => {
    const storage = memory();
    addBloodTest(test());
    persistBloodTestCart(storage);
    expect(JSON.parse(storage.m.get(BLOOD_TEST_STORAGE_KEY)!)['1001'].bloodTest.slug).toBe('vitamin-d-test');
    bloodTestCart.items = {};
    bloodTestCart.loaded = false;
    loadBloodTestCart(storage);
    expect(Object.keys(bloodTestCart.items)).toEqual(['1001']);
    removeBloodTest(1001);
    persistBloodTestCart(storage);
    expect(storage.m.has(BLOOD_TEST_STORAGE_KEY)).toBe(false);
  });

  it('adds to the stored cart when the storage sync has not loaded it yet, and the sync then keeps the add', () => {
    // The header's sync loads after the page's code: a test added before it must neither start from an
    // empty cart nor be overwritten by the sync's first load.
    const storage = memory();
    storage.setItem(
      BLOOD_TEST_STORAGE_KEY,
      JSON.stringify({ '1009': { count: 1, bloodTest: lipid, sku: { id: 1009 } } }),
    );
    const g = globalThis as { window?: unknown };
    const before = g.window;
    g.window = { localStorage: storage };
    try {
      addBloodTest(test());
    } finally {
      g.window = before;
    }
    expect(Object.keys(bloodTestCart.items).sort()).toEqual(['1001', '1009']);
    loadBloodTestCart(storage);
    expect(Object.keys(bloodTestCart.items).sort()).toEqual(['1001', '1009']);
    expect(Object.keys(JSON.parse(storage.m.get(BLOOD_TEST_STORAGE_KEY)!)).sort()).toEqual(['1001', '1009']);
  });

  it('takes another tab’s cart only when it differs, and ignores a damaged value', () => {
    addBloodTest(test());
    const same = JSON.stringify(bloodTestCart.items);
    expect(applyBloodTestStorageChange(same)).toBe(false);
    const other = JSON.stringify({ '1009': { count: 1, bloodTest: lipid, sku: { id: 1009 } } });
    expect(applyBloodTestStorageChange(other)).toBe(true);
    expect(Object.keys(bloodTestCart.items)).toEqual(['1009']);
    expect(applyBloodTestStorageChange('{not json')).toBe(false);
    expect(Object.keys(bloodTestCart.items)).toEqual(['1009']);
    expect(applyBloodTestStorageChange(null)).toBe(true);
    expect(bloodTestCart.items).toEqual({});
  });
});

describe('blood-test cart sync (spec §4)', () => {
  it('drops the items the server no longer returns', () => {
    addBloodTest(test());
    addBloodTest(lipid);
    const changes = applyBloodTestSync([fresh(lipid)]);
    expect(Object.keys(bloodTestCart.items)).toEqual(['1009']);
    expect(changes).toEqual([{ sku_id: 1001, name: 'Vitamin D (25-OH) test', kind: 'removed' }]);
  });

  it('marks an item whose price changed as outOfStock and takes the new price', () => {
    addBloodTest(test());
    addBloodTest(lipid);
    const changes = applyBloodTestSync([fresh(test(), { price: { price: 9500, old_price: 12000 } }), fresh(lipid)]);
    expect(bloodTestCart.items['1001']).toMatchObject({ outOfStock: true, bloodTest: { price: { price: 9500 } } });
    expect(bloodTestCart.items['1009']!.outOfStock).toBeUndefined();
    expect(changes).toEqual([{ sku_id: 1001, name: 'Vitamin D (25-OH) test', kind: 'price', from: 9000, to: 9500 }]);
    // The next sync at the same price: the shopper has seen it, the mark goes.
    applyBloodTestSync([fresh(test(), { price: { price: 9500, old_price: 12000 } }), fresh(lipid)]);
    expect(bloodTestCart.items['1001']!.outOfStock).toBeUndefined();
  });

  it('marks the change when the shopper moved to another country’s currency', () => {
    addBloodTest(test());
    applyBloodTestSync([fresh(test(), { price: { price: 15000, old_price: 19900 }, currency: 'SAR' })]);
    expect(bloodTestCart.items['1001']).toMatchObject({ outOfStock: true, bloodTest: { currency: 'SAR' } });
  });

  it('says which items were dropped because the shopper’s country does not sell them (issue 77)', () => {
    addBloodTest(test());
    addBloodTest(lipid);
    const changes = applyBloodTestSync([fresh(lipid)], [1001]);
    expect(Object.keys(bloodTestCart.items)).toEqual(['1009']);
    expect(changes).toEqual([{ sku_id: 1001, name: 'Vitamin D (25-OH) test', kind: 'not_sold' }]);
    // Nothing of it left in the new country: the whole cart goes, each with its reason.
    expect(applyBloodTestSync([], [1009]).map((c) => c.kind)).toEqual(['not_sold']);
  });

  it('clears the cart when the server returns no items', () => {
    addBloodTest(test());
    addBloodTest(lipid);
    expect(applyBloodTestSync([]).map((c) => c.kind)).toEqual(['removed', 'removed']);
    expect(bloodTestCart.items).toEqual({});
  });

  it('takes the names of the answer’s language', () => {
    addBloodTest(test());
    applyBloodTestSync([fresh(test(), { blood_test: { ...fresh(test()).blood_test, name: 'فحص فيتامين د' } })]);
    expect(bloodTestCart.items['1001']!.bloodTest.name).toBe('فحص فيتامين د');
  });
});
