// A parcel's ranks: the normal order of steps, a new round after a failed attempt above the failure,
// a stale step of an earlier round below it, and the journey's ends above every round.
import { describe, expect, it } from 'vitest';
import { parcelRank } from './ranks';

describe('parcel ranks', () => {
  it('orders one round of steps as a parcel moves', () => {
    const round = ['created', 'picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt'] as const;
    const ranks = round.map((s) => parcelRank(s, 0));
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(new Set(ranks).size).toBe(ranks.length);
  });

  it('ranks the next round above the failed attempt before it, and a stale step below it', () => {
    const failed = parcelRank('failed_attempt', 0);
    expect(parcelRank('out_for_delivery', 1)).toBeGreaterThan(failed);
    expect(parcelRank('in_transit', 0)).toBeLessThan(failed);
    expect(parcelRank('failed_attempt', 1)).toBeGreaterThan(parcelRank('out_for_delivery', 1));
  });

  it('puts delivered above coming back, and both above any round', () => {
    const late = parcelRank('failed_attempt', 50);
    expect(parcelRank('returning', 0)).toBeGreaterThan(late);
    expect(parcelRank('returned', 0)).toBeGreaterThan(parcelRank('returning', 0));
    expect(parcelRank('delivered', 0)).toBeGreaterThan(parcelRank('returned', 0));
  });
});
