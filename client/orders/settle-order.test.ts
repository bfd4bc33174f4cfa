// The card order a shopper left waiting (the card page's tab closed, or the thanks page left before it had
// read the order): the cart reads it again, and a paid order empties the cart as the thanks page would have.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '#shared/api/client';
import { ApiFailure } from '#shared/api/client';
import { cart } from '../cart/cart-store';
import { markPendingOrder, readPendingOrder } from '../stores/checkout';
import { leftOrder } from './settle-order';

function storage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

/** An API whose order 4827361950 has `status` (or cannot be read). */
const apiWith = (status: string | null) =>
  ({
    get: vi.fn(async (path: string) => {
      expect(path).toBe('/order/4827361950');
      if (status === null) throw new ApiFailure(503, { msg: 'service_busy', code: 503 } as never);
      return { data: { id: 4827361950, status } };
    }),
  }) as unknown as Pick<ApiClient, 'get'>;

const ITEM = { sku: { id: 101 }, count: 2 } as never;

beforeEach(() => {
  vi.stubGlobal('localStorage', storage());
  vi.stubGlobal('sessionStorage', storage());
  cart.items = { '101': ITEM };
  markPendingOrder({ id: 4827361950, link: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  cart.items = {};
});

describe('the card order this browser left waiting, read again on the cart', () => {
  it('empties the cart and lets go of the order once it is paid', async () => {
    expect(await leftOrder(apiWith('paid'))).toEqual({ id: 4827361950, paid: true });
    expect(cart.items).toEqual({});
    expect(readPendingOrder()).toBeNull();
  });

  it('names an order still waiting for its payment, or whose payment failed, and keeps the cart', async () => {
    for (const status of ['pending_payment', 'payment_failed']) {
      expect(await leftOrder(apiWith(status)), status).toEqual({ id: 4827361950, paid: false });
      expect(cart.items, status).toEqual({ '101': ITEM });
      expect(readPendingOrder()?.id, status).toBe(4827361950);
    }
  });

  it('keeps the cart as it was for a cancelled order, and names nothing', async () => {
    expect(await leftOrder(apiWith('cancelled'))).toBeNull();
    expect(cart.items).toEqual({ '101': ITEM });
    expect(readPendingOrder()).toBeNull();
  });

  it('names the order as its mark says when it cannot be read now, and changes nothing', async () => {
    expect(await leftOrder(apiWith(null))).toEqual({ id: 4827361950, paid: false });
    expect(cart.items).toEqual({ '101': ITEM });
  });

  it('asks nothing without an order left waiting', async () => {
    localStorage.removeItem('pending_order');
    const api = apiWith('paid');
    expect(await leftOrder(api)).toBeNull();
    expect(api.get).not.toHaveBeenCalled();
  });
});
