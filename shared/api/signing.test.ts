import { describe, expect, it } from 'vitest';
import { canonicalString, hmacHex, sha256Hex, signRequest, verifyHmacHex } from './signing';

const SECRET = 'unit-test-secret-0123456789abcdef0123';

describe('request signing', () => {
  it('signs method, path with query, timestamp, nonce and body digest', async () => {
    const h = await signRequest(SECRET, 'post', '/a?b=1', '{"x":1}', 1_700_000_000_000, 'nonce-0123456789abcdef');
    expect(h['x-ts']).toBe('1700000000');
    const message = canonicalString('POST', '/a?b=1', '1700000000', 'nonce-0123456789abcdef', await sha256Hex('{"x":1}'));
    expect(h['x-hash']).toBe(await hmacHex(SECRET, message));
    expect(await verifyHmacHex(SECRET, message, h['x-hash'])).toBe(true);
  });

  it('fails verification for any changed part or a malformed signature', async () => {
    const body = await sha256Hex('{}');
    const message = canonicalString('GET', '/a', '1', 'n', body);
    const sig = await hmacHex(SECRET, message);
    expect(await verifyHmacHex(SECRET, canonicalString('GET', '/b', '1', 'n', body), sig)).toBe(false);
    expect(await verifyHmacHex(SECRET, canonicalString('GET', '/a', '2', 'n', body), sig)).toBe(false);
    expect(await verifyHmacHex('other-secret-0123456789abcdef012345', message, sig)).toBe(false);
    expect(await verifyHmacHex(SECRET, message, 'zz')).toBe(false);
  });
});
