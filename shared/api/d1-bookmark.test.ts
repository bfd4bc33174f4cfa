import { describe, expect, it } from 'vitest';
import { laterBookmark } from './d1-bookmark';

const at = (n: number) => `0000000${n}-00000000-00000000-${'0'.repeat(32)}`;

describe('the later bookmark', () => {
  it('keeps the later state, and never takes what is no bookmark', () => {
    expect(laterBookmark(at(1), at(2))).toBe(at(2));
    expect(laterBookmark(at(2), at(1))).toBe(at(2));
    expect(laterBookmark(null, at(1))).toBe(at(1));
    // A version made without a bookmark, a header that is not one: what was held stays.
    for (const other of [null, undefined, '', 'zzz', `${at(3)}; x=1`]) expect(laterBookmark(at(1), other)).toBe(at(1));
    expect(laterBookmark(null, null)).toBeNull();
  });
});
