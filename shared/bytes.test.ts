import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  bytesToHex,
  hexToBytes,
  randomHex,
  timingSafeEqual,
  timingSafeEqualText,
} from './bytes';

describe('hex', () => {
  it('writes two lower-case digits a byte and reads them back', () => {
    expect(bytesToHex(new Uint8Array([0, 15, 16, 255]))).toBe('000f10ff');
    expect(bytesToHex(new Uint8Array([1, 2]).buffer)).toBe('0102');
    expect(hexToBytes('000F10ff')).toEqual(new Uint8Array([0, 15, 16, 255]));
  });
  it('refuses odd lengths and non-hex text', () => {
    expect(hexToBytes('abc')).toBeNull();
    expect(hexToBytes('zz')).toBeNull();
  });
  it('makes random hex of the asked length', () => {
    expect(randomHex(12)).toMatch(/^[0-9a-f]{24}$/);
    expect(randomHex(12)).not.toBe(randomHex(12));
  });
});

describe('base64', () => {
  // RFC 4648 test vectors, and an Arabic word's UTF-8 bytes.
  it.each([
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['سلام', '2LPZhNin2YU='],
  ])('encodes %j as %j and decodes it back', (text, expected) => {
    const bytes = new TextEncoder().encode(text);
    expect(bytesToBase64(bytes)).toBe(expected);
    expect(base64ToBytes(expected)).toEqual(bytes);
  });
  it('refuses text that is not padded base64', () => {
    expect(base64ToBytes('abc')).toBeNull();
    expect(base64ToBytes('ab$=')).toBeNull();
  });
});

describe('timingSafeEqual', () => {
  afterEach(() => vi.restoreAllMocks());

  it('accepts equal bytes and rejects a mismatch or another length (Node has no native one: the loop)', () => {
    expect((crypto.subtle as { timingSafeEqual?: unknown }).timingSafeEqual).toBeUndefined();
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2]))).toBe(false);
    expect(timingSafeEqualText('a'.repeat(64), 'a'.repeat(64))).toBe(true);
    expect(timingSafeEqualText('a'.repeat(64), `${'a'.repeat(63)}b`)).toBe(false);
  });

  it("uses the runtime's crypto.subtle.timingSafeEqual where it exists (workerd)", () => {
    const native = vi.fn((a: ArrayBufferView, b: ArrayBufferView) => a.byteLength === b.byteLength && false);
    Object.defineProperty(crypto.subtle, 'timingSafeEqual', { value: native, configurable: true });
    try {
      expect(timingSafeEqual(new Uint8Array([7]), new Uint8Array([7]))).toBe(false);
      expect(native).toHaveBeenCalledOnce();
    } finally {
      delete (crypto.subtle as { timingSafeEqual?: unknown }).timingSafeEqual;
    }
  });
});
