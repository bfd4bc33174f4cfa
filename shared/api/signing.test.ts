import { bytesToHex } from '../bytes';
import { describe, expect, it } from 'vitest';
import { canonicalString, hmacHex, sha256Hex, SIGNED_HEADERS, signRequest, verifyHmacHex } from './signing';

const SECRET = 'unit-test-secret-0123456789abcdef0123';

describe('request signing', () => {
  it('signs method, path with query, timestamp, nonce and body digest', async () => {
    const h = await signRequest(SECRET, 'post', '/a?b=1', '{"x":1}', 1_700_000_000_000, 'nonce-0123456789abcdef');
    expect(h['x-ts']).toBe('1700000000');
    const message = canonicalString(
      'POST',
      '/a?b=1',
      '1700000000',
      'nonce-0123456789abcdef',
      await sha256Hex('{"x":1}'),
    );
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

  it('covers every identity header: a changed, added or removed one breaks the signature', async () => {
    const identity = {
      authorization: 'Bearer user-a',
      'x-token': 'dv1.a.b',
      lang: 'ar',
      'x-country': 'SA',
      'x-client-ip': '192.0.2.1',
      'x-site-origin': 'https://shop.example',
    };
    const body = await sha256Hex('');
    const sig = await hmacHex(SECRET, canonicalString('GET', '/user/me', '1', 'n', body, identity));
    expect(
      await verifyHmacHex(SECRET, canonicalString('GET', '/user/me', '1', 'n', body, new Headers(identity)), sig),
    ).toBe(true);
    for (const name of SIGNED_HEADERS) {
      for (const changed of [
        { ...identity, [name]: `${identity[name]}x` },
        { ...identity, [name]: undefined },
      ]) {
        expect(
          await verifyHmacHex(SECRET, canonicalString('GET', '/user/me', '1', 'n', body, changed), sig),
          name,
        ).toBe(false);
      }
    }
    expect(SIGNED_HEADERS).toEqual(['authorization', 'x-token', 'lang', 'x-country', 'x-client-ip', 'x-site-origin']);
  });

  it('digests an empty body as SHA-256 does, for every kind of empty input', async () => {
    const digest = async (data: Uint8Array) => bytesToHex(await crypto.subtle.digest('SHA-256', data as BufferSource));
    const expected = await digest(new Uint8Array());
    expect(await sha256Hex('')).toBe(expected);
    expect(await sha256Hex(new Uint8Array())).toBe(expected);
    expect(await sha256Hex(new ArrayBuffer(0))).toBe(expected);
    expect(await sha256Hex('a')).toBe(await digest(new TextEncoder().encode('a')));
  });
});
