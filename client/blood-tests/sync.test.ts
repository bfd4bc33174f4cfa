import { beforeEach, expect, it } from 'vitest';
import type { ApiClient } from '#shared/api/client';
import { bloodTestCart } from './cart-store';
import { refreshBloodTestCart } from './sync';

const entry = (sku: number, price: number) => ({
  count: 1,
  bloodTest: {
    id: sku - 1000,
    slug: `t${sku}`,
    name: `Test ${sku}`,
    kind: 'test' as const,
    fasting_hours: 0,
    price: { price, old_price: null },
    currency: 'KWD' as const,
    default_sku: { id: sku },
  },
  sku: { id: sku },
});

beforeEach(() => {
  bloodTestCart.items = { '1009': entry(1009, 6000), '1001': entry(1001, 9000) };
});

it('asks for the cart’s SKUs and applies the answer: one dropped, one re-priced and marked', async () => {
  const asked: unknown[] = [];
  const api = {
    post: async (path: string, body: unknown) => {
      asked.push([path, body]);
      return {
        data: {
          items: [
            {
              id: 1001,
              name: 'Test 1001',
              price: { price: 9500, old_price: null },
              currency: 'KWD',
              blood_test: { id: 1, slug: 't1001', name: 'Test 1001', kind: 'test', fasting_hours: 0 },
            },
          ],
        },
      };
    },
  } as unknown as ApiClient;
  const changes = await refreshBloodTestCart(api);
  expect(asked).toEqual([['/bloodTest/sku', { ids: [1001, 1009] }]]);
  expect(Object.keys(bloodTestCart.items)).toEqual(['1001']);
  expect(bloodTestCart.items['1001']).toMatchObject({ outOfStock: true, bloodTest: { price: { price: 9500 } } });
  expect(changes.map((c) => c.kind).sort()).toEqual(['price', 'removed']);
});

it('asks nothing for an empty cart', async () => {
  bloodTestCart.items = {};
  const api = { post: () => Promise.reject(new Error('no call expected')) } as unknown as ApiClient;
  expect(await refreshBloodTestCart(api)).toEqual([]);
});
