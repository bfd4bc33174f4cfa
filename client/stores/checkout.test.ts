import { describe, expect, it, vi } from 'vitest';
import { leadsBack, PENDING_MARK_TTL_MS } from './checkout';

describe('a card order left on the card page', () => {
  it('leads checkout back to it while its charge may be open, not after it failed or the sweep closed it', () => {
    const now = 1_800_000_000_000;
    expect(leadsBack(null, now)).toBe(false);
    expect(leadsBack({ id: 1234567890, link: null, waiting: true, at: now - 60_000 }, now)).toBe(true);
    expect(leadsBack({ id: 1234567890, link: null, waiting: false, at: now - 60_000 }, now)).toBe(false);
    expect(leadsBack({ id: 1234567890, link: null, waiting: true, at: now - PENDING_MARK_TTL_MS - 1 }, now)).toBe(
      false,
    );
  });
});

describe('the choices kept between checkout pages', () => {
  it('are read from storage once a page load, so a page that mounts later keeps a choice just made', async () => {
    const storage = () => {
      const map = new Map<string, string>();
      return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    };
    vi.stubGlobal('localStorage', storage());
    vi.stubGlobal('sessionStorage', storage());
    // A fresh copy of the store: the flag is the page load's, and this worker's other files share modules.
    vi.resetModules();
    try {
      const store = await import('./checkout');
      sessionStorage.setItem('checkout', JSON.stringify({ paymentMethod: 'cod', addressId: 7 }));
      expect(store.checkoutRestored()).toBe(false);
      store.restoreCheckout(); // the shipping page
      expect(store.checkout.addressId).toBe(7);
      // "Pay online", picked as the review page appears and before its save has run…
      store.checkout.paymentMethod = 'card';
      store.restoreCheckout(); // …and the review page mounting
      expect(store.checkout.paymentMethod).toBe('card');
      expect(store.checkoutRestored()).toBe(true);
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});
