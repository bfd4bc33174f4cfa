import { describe, expect, it } from 'vitest';
import { shouldOfferInstall, storedNumber, type InstallMoment } from './install-rules';

const NOW = Date.UTC(2026, 10, 23);
const DAY = 24 * 60 * 60 * 1000;
const base: InstallMoment = {
  page: 'home',
  pageViews: 3,
  visits: 1,
  cartCount: 0,
  dismissedAt: null,
  now: NOW,
};

describe('when the install banner is offered', () => {
  it('after an order is placed, on the success page of either checkout', () => {
    expect(shouldOfferInstall({ ...base, page: 'checkout-success' })).toBe(true);
    expect(shouldOfferInstall({ ...base, page: 'bt-checkout-success' })).toBe(true);
  });

  it('to a returning shopper with something in the cart, not to a first visit', () => {
    expect(shouldOfferInstall({ ...base, visits: 2, cartCount: 1 })).toBe(true);
    expect(shouldOfferInstall({ ...base, visits: 1, cartCount: 3 })).toBe(false);
    expect(shouldOfferInstall({ ...base, visits: 5, cartCount: 0 })).toBe(false);
  });

  it('never on the first page view of a visit', () => {
    expect(shouldOfferInstall({ ...base, page: 'checkout-success', pageViews: 1 })).toBe(false);
    expect(shouldOfferInstall({ ...base, visits: 3, cartCount: 2, pageViews: 1 })).toBe(false);
  });

  it('not for 30 days after "Not now", then again', () => {
    const ready = { ...base, page: 'checkout-success' as const };
    expect(shouldOfferInstall({ ...ready, dismissedAt: NOW - 29 * DAY })).toBe(false);
    expect(shouldOfferInstall({ ...ready, dismissedAt: NOW - 31 * DAY })).toBe(true);
  });

  it('reads stored counts defensively', () => {
    expect(storedNumber(null)).toBeNull();
    expect(storedNumber('4')).toBe(4);
    expect(storedNumber('garbage')).toBeNull();
  });
});
