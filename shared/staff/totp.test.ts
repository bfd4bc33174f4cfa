import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpCode, TOTP_STEP_S } from './totp';

const ascii = (s: string) => new TextEncoder().encode(s);

describe('HOTP (RFC 4226 appendix D)', () => {
  const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it('gives the RFC values for counters 0–9', async () => {
    const key = ascii('12345678901234567890');
    for (const [counter, value] of expected.entries()) expect(await hotp(key, counter)).toBe(value);
  });
});

describe('TOTP (RFC 6238 appendix B, 8 digits)', () => {
  const vectors: [number, string, string, string][] = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  const sha1 = ascii('12345678901234567890');
  const sha256 = ascii('12345678901234567890123456789012');
  const sha512 = ascii('1234567890123456789012345678901234567890123456789012345678901234');
  it('gives the RFC values for SHA-1, SHA-256 and SHA-512', async () => {
    for (const [t, v1, v256, v512] of vectors) {
      const counter = Math.floor(t / TOTP_STEP_S);
      expect(await hotp(sha1, counter, 8, 'SHA-1')).toBe(v1);
      expect(await hotp(sha256, counter, 8, 'SHA-256')).toBe(v256);
      expect(await hotp(sha512, counter, 8, 'SHA-512')).toBe(v512);
    }
  });
});

describe('base32 (RFC 4648 §10)', () => {
  it('encodes and decodes the RFC examples', () => {
    const pairs: [string, string][] = [
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [plain, coded] of pairs) {
      expect(base32Encode(ascii(plain))).toBe(coded);
      expect(new TextDecoder().decode(base32Decode(coded)!)).toBe(plain);
    }
  });
  it('ignores spaces, dashes, padding and case, and refuses other characters', () => {
    expect(new TextDecoder().decode(base32Decode('mzxw 6ytb-oi======')!)).toBe('foobar');
    expect(base32Decode('MZXW1')).toBeNull();
  });
});

describe('matchTotp', () => {
  const secret = base32Encode(ascii('12345678901234567890'));
  const now = 1_234_567_890_000;
  it('accepts the current code and one step either side, and says which step matched', async () => {
    const step = Math.floor(now / 1000 / TOTP_STEP_S);
    expect(await matchTotp(secret, await totpCode(secret, now), now)).toBe(step);
    expect(await matchTotp(secret, await totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(await matchTotp(secret, await totpCode(secret, now + 30_000), now)).toBe(step + 1);
  });
  it('refuses codes two steps away, wrong lengths and non-digits', async () => {
    expect(await matchTotp(secret, await totpCode(secret, now - 60_000), now)).toBeNull();
    expect(await matchTotp(secret, '12345', now)).toBeNull();
    expect(await matchTotp(secret, 'abcdef', now)).toBeNull();
  });
  it('writes the otpauth URI authenticator apps read', () => {
    expect(otpauthUri('ABC', 'owner@example.com', 'Gulf Vitamins')).toBe(
      'otpauth://totp/Gulf%20Vitamins%3Aowner%40example.com?secret=ABC&issuer=Gulf+Vitamins&algorithm=SHA1&digits=6&period=30',
    );
  });
});
