// A WOFF 1.0 font as the plain TrueType/OpenType file inside it (W3C WOFF 1.0, section 5: a header,
// a table directory, each table zlib-compressed when that made it smaller). The label's font ships as
// WOFF; fontkit reads WOFF too, but inflates its tables with a slow pure-JS inflater on every label
// (about 350 ms of CPU a label); inflated once an isolate with fflate, a label takes about 40 ms.
import { unzlibSync } from 'fflate';

const HEADER = 44;
const ENTRY = 20;

/** The sfnt file of a WOFF 1.0 font. */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) throw new TypeError('not a WOFF 1.0 font');
  const flavor = view.getUint32(4);
  const count = view.getUint16(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = HEADER + i * ENTRY;
    return {
      tag: view.getUint32(at),
      offset: view.getUint32(at + 4),
      compressed: view.getUint32(at + 8),
      length: view.getUint32(at + 12),
      checksum: view.getUint32(at + 16),
    };
  });
  const padded = (n: number) => (n + 3) & ~3;
  const out = new Uint8Array(tables.reduce((size, t) => size + padded(t.length), 12 + 16 * count));
  const sfnt = new DataView(out.buffer);
  // The directory's binary-search fields, as the OpenType spec defines them.
  const selector = Math.floor(Math.log2(count));
  sfnt.setUint32(0, flavor);
  sfnt.setUint16(4, count);
  sfnt.setUint16(6, 16 << selector);
  sfnt.setUint16(8, selector);
  sfnt.setUint16(10, count * 16 - (16 << selector));
  let offset = 12 + 16 * count;
  tables.forEach((t, i) => {
    const stored = woff.subarray(t.offset, t.offset + t.compressed);
    out.set(t.compressed < t.length ? unzlibSync(stored) : stored, offset);
    const entry = 12 + i * 16;
    sfnt.setUint32(entry, t.tag);
    sfnt.setUint32(entry + 4, t.checksum);
    sfnt.setUint32(entry + 8, offset);
    sfnt.setUint32(entry + 12, t.length);
    offset += padded(t.length);
  });
  return out;
}
