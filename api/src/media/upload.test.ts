import { describe, expect, it } from 'vitest';
import { checkedImage, imageSize, sniffImageType } from './upload';

const bytes = (...parts: Array<number[] | string>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

// A JPEG's start: SOI, an APP0 segment, then a baseline frame header of 300 × 200.
const JPEG = bytes(
  [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00],
  [0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 200, 0x01, 0x2c],
);
// A WebP with a VP8X header of 640 × 480 (stored minus one, 24-bit little-endian).
const WEBP = bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8X', [10, 0, 0, 0], [0, 0, 0, 0], [127, 2, 0], [223, 1, 0]);
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR', [0, 0, 4, 0], [0, 0, 3, 0]);
const b64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));

describe('uploaded images', () => {
  it('are typed by their first bytes, whatever the name said', () => {
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    expect(sniffImageType(bytes('GIF89a'))).toBeNull();
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('read their size from the header', () => {
    expect(imageSize(JPEG, 'image/jpeg')).toEqual({ width: 300, height: 200 });
    expect(imageSize(PNG, 'image/png')).toEqual({ width: 1024, height: 768 });
    expect(imageSize(WEBP, 'image/webp')).toEqual({ width: 640, height: 480 });
  });

  it('refuse text and anything else with a 415 and its message key', () => {
    expect(() => checkedImage(btoa('just text'))).toThrow(expect.objectContaining({ status: 415 }));
    expect(() => checkedImage('%%%not base64')).toThrow(expect.objectContaining({ status: 415 }));
    expect(checkedImage(b64(PNG))).toMatchObject({ type: 'image/png', width: 1024, height: 768 });
  });
});
