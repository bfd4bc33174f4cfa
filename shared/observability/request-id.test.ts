import { describe, expect, it } from 'vitest';
import { isSafeRequestId, requestIdFrom } from './request-id';

describe('request ids', () => {
  it('keeps a plain id of 8 to 64 letters, digits and dashes', () => {
    expect(requestIdFrom('req-0123456789abcdef')).toBe('req-0123456789abcdef');
    expect(requestIdFrom('a'.repeat(64))).toBe('a'.repeat(64));
  });

  it.each([
    '',
    'short',
    'a'.repeat(65),
    'has space in it',
    'under_score1',
    'x=y-0123456',
    '"><script>',
    'ré-0123456789',
  ])('replaces %j with a fresh uuid', (id) => {
    expect(isSafeRequestId(id)).toBe(false);
    expect(requestIdFrom(id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('makes one when there is none', () => {
    expect(isSafeRequestId(requestIdFrom(undefined))).toBe(true);
    expect(requestIdFrom(null)).not.toBe(requestIdFrom(null));
  });
});
