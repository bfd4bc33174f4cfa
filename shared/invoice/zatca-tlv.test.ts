import { describe, expect, it } from 'vitest';
import { bytesToBase64 as base64 } from '../bytes';
import { zatcaQrPayload } from './zatca-tlv';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** An independent base64 decoder (bit strings, unlike the encoder's shifts). */
function fromBase64(b64: string): Uint8Array {
  const bits = [...b64.replace(/=+$/, '')].map((ch) => ALPHABET.indexOf(ch).toString(2).padStart(6, '0')).join('');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Uint8Array.from(bytes);
}

const utf8 = (s: string) => new TextEncoder().encode(s);

/** Splits the TLV fields to check the encoding field by field. */
function decode(b64: string): Array<{ tag: number; length: number; value: string }> {
  const bytes = fromBase64(b64);
  const out: Array<{ tag: number; length: number; value: string }> = [];
  for (let i = 0; i < bytes.length; ) {
    const tag = bytes[i]!;
    const length = bytes[i + 1]!;
    out.push({ tag, length, value: new TextDecoder().decode(bytes.subarray(i + 2, i + 2 + length)) });
    i += 2 + length;
  }
  return out;
}

describe('ZATCA phase-1 QR payload', () => {
  it('matches the widely published example byte for byte', () => {
    const b64 = zatcaQrPayload({
      sellerName: 'Salla',
      vatNumber: '1234567891',
      timestamp: '2021-07-12T14:25:09Z',
      total: '100.00',
      vat: '15.00',
    });
    expect(b64).toBe('AQVTYWxsYQIKMTIzNDU2Nzg5MQMUMjAyMS0wNy0xMlQxNDoyNTowOVoEBjEwMC4wMAUFMTUuMDA=');
    expect(decode(b64)).toEqual([
      { tag: 1, length: 5, value: 'Salla' },
      { tag: 2, length: 10, value: '1234567891' },
      { tag: 3, length: 20, value: '2021-07-12T14:25:09Z' },
      { tag: 4, length: 6, value: '100.00' },
      { tag: 5, length: 5, value: '15.00' },
    ]);
  });

  it('counts an Arabic seller name in UTF-8 bytes, not letters', () => {
    const name = 'شركة خليج الفيتامينات التجارية';
    const b64 = zatcaQrPayload({
      sellerName: name,
      vatNumber: '310457812300003',
      timestamp: '2026-11-22T09:00:00Z',
      total: '113.40',
      vat: '14.79',
    });
    const fields = decode(b64);
    expect(fields[0]).toEqual({ tag: 1, length: utf8(name).length, value: name });
    expect(fields[0]!.length).toBeGreaterThan(name.length);
    expect(fields.map((f) => f.value).slice(1)).toEqual(['310457812300003', '2026-11-22T09:00:00Z', '113.40', '14.79']);
    // Arabic letters take two bytes each in UTF-8: the length byte counts bytes.
    expect(fromBase64(b64)[1]).toBe(utf8(name).length);
  });

  it('pads base64 like the standard encoder (RFC 4648 test vectors)', () => {
    const vectors: Array<[string, string]> = [
      ['', ''],
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg=='],
      ['fooba', 'Zm9vYmE='],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [text, expected] of vectors) expect(base64(utf8(text))).toBe(expected);
    expect([...fromBase64(base64(utf8('سلام')))]).toEqual([...utf8('سلام')]);
  });
});
