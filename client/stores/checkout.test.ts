import { describe, expect, it } from 'vitest';
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
