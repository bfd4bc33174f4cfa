// The drawn files of public/ that pages and validators ask for by fixed address (scripts/app-icons.mjs):
// /favicon.ico, which crawlers and validators request without reading the page's <link rel="icon">,
// and the blood tests' picture that their Product structured data names.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const file = (path: string) => readFileSync(new URL(`../public/${path}`, import.meta.url));
const PNG = '89504e470d0a1a0a';

describe('public files', () => {
  it('has /favicon.ico: an ICO of 16, 32 and 48 px PNG images', () => {
    const ico = file('favicon.ico');
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]); // reserved, type icon
    const count = ico.readUInt16LE(4);
    const images = Array.from({ length: count }, (_, i) => {
      const at = 6 + 16 * i;
      const size = ico.readUInt32LE(at + 8);
      const offset = ico.readUInt32LE(at + 12);
      const png = ico.subarray(offset, offset + size);
      expect(png.subarray(0, 8).toString('hex')).toBe(PNG);
      // The PNG's own width and height (IHDR) agree with the directory's.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([ico[at]!, ico[at + 1]!]);
      return ico[at];
    });
    expect(images).toEqual([16, 32, 48]);
  });

  it('has the blood tests’ picture, a 1200 px square PNG', () => {
    const png = file('images/blood-test.png');
    expect(png.subarray(0, 8).toString('hex')).toBe(PNG);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 1200]);
  });
});
