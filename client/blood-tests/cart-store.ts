// The blood-test cart (spec §3, §4), separate from the product cart: keyed by the test's default SKU id,
// each entry { count, bloodTest {id, name, price {price, old_price}, default_sku {id}}, sku }. Persisted
// to localStorage while non-empty and removed when empty; another tab's change applies only when it
// differs. Its sync (POST /bloodTest/sku): items the server no longer returns are dropped, an item whose
// price changed is marked outOfStock (the spec's word) and takes the new price, and an empty answer
// clears the cart. The checkout pages read this store too.
import type { BloodTestSkuItem } from '#shared/blood-tests/catalogue-types';
import { toast } from '../stores/toasts';
import { type AddableBloodTest, type BloodTestCartEntry, bloodTestCart, ensureBloodTestCartLoaded } from './cart-state';

export * from './cart-state';

export function bloodTestCartTotals(items: Record<string, BloodTestCartEntry>): { total: number; before: number } {
  let total = 0;
  let before = 0;
  for (const e of Object.values(items)) {
    total += e.bloodTest.price.price * e.count;
    before += (e.bloodTest.price.old_price ?? e.bloodTest.price.price) * e.count;
  }
  return { total, before };
}

export function addBloodTest(test: AddableBloodTest): 'added' | 'already' {
  ensureBloodTestCartLoaded();
  const key = String(test.default_sku.id);
  if (bloodTestCart.items[key]) return 'already';
  bloodTestCart.items[key] = { count: 1, bloodTest: { ...test }, sku: { id: test.default_sku.id } };
  toast.success('blood_test_added_to_cart');
  return 'added';
}

export function removeBloodTest(skuId: number): void {
  ensureBloodTestCartLoaded();
  const key = String(skuId);
  if (!bloodTestCart.items[key]) return;
  delete bloodTestCart.items[key];
  toast.success('blood_test_removed_from_cart');
}

export function clearBloodTestCart(): void {
  ensureBloodTestCartLoaded();
  bloodTestCart.items = {};
}

export type BloodTestCartChange =
  | { sku_id: number; name: string; kind: 'removed' }
  /** Not sold in the shopper's country (issue 77: a cart moved between countries). */
  | { sku_id: number; name: string; kind: 'not_sold' }
  | { sku_id: number; name: string; kind: 'price'; from: number; to: number };

/**
 * Applies the server's answer to the cart's SKU ids (spec §4 blood-test cart sync). Names follow the
 * answer's language. An item whose price matches again loses its mark: the shopper has seen the change.
 * An item the server names as not sold in her country (`notSold`, issue 77) is reported with that reason.
 */
export function applyBloodTestSync(fresh: BloodTestSkuItem[], notSold: readonly number[] = []): BloodTestCartChange[] {
  const changes: BloodTestCartChange[] = [];
  const why = (skuId: number) => (notSold.includes(skuId) ? 'not_sold' : 'removed');
  if (!fresh.length) {
    for (const e of Object.values(bloodTestCart.items))
      changes.push({ sku_id: e.sku.id, name: e.bloodTest.name, kind: why(e.sku.id) });
    bloodTestCart.items = {};
    return changes;
  }
  const byId = new Map(fresh.map((s) => [s.id, s]));
  for (const [key, entry] of Object.entries(bloodTestCart.items)) {
    const s = byId.get(entry.sku.id);
    if (!s) {
      changes.push({ sku_id: entry.sku.id, name: entry.bloodTest.name, kind: why(entry.sku.id) });
      delete bloodTestCart.items[key];
      continue;
    }
    const changed = s.price.price !== entry.bloodTest.price.price || s.currency !== entry.bloodTest.currency;
    if (changed)
      changes.push({
        sku_id: s.id,
        name: s.blood_test.name,
        kind: 'price',
        from: entry.bloodTest.price.price,
        to: s.price.price,
      });
    const next: BloodTestCartEntry = {
      ...entry,
      bloodTest: {
        ...entry.bloodTest,
        id: s.blood_test.id,
        slug: s.blood_test.slug,
        name: s.blood_test.name,
        kind: s.blood_test.kind,
        fasting_hours: s.blood_test.fasting_hours,
        price: s.price,
        currency: s.currency,
      },
    };
    if (changed) next.outOfStock = true;
    else delete next.outOfStock;
    bloodTestCart.items[key] = next;
  }
  return changes;
}

/** The SKU ids to sync, in a stable order. */
export function bloodTestSkuIds(items: Record<string, BloodTestCartEntry>): number[] {
  return Object.values(items)
    .map((e) => e.sku.id)
    .sort((a, b) => a - b);
}
