// Reads a stored (method 0) ZIP through its central directory, checking each entry's CRC-32: the
// tests' view of the data archive (shared/zip/zip-writer.ts writes it; unzip reads it in the unit test).
import { crc32 } from './zip-writer';

export function readZip(bytes: Uint8Array): Map<string, Uint8Array> {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  if (v.getUint32(end, true) !== 0x06054b50) throw new Error('not a zip (no end record)');
  const count = v.getUint16(end + 10, true);
  let p = v.getUint32(end + 16, true);
  const out = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    if (v.getUint32(p, true) !== 0x02014b50) throw new Error('broken central directory');
    const size = v.getUint32(p + 20, true);
    const nameLength = v.getUint16(p + 28, true);
    const offset = v.getUint32(p + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(p + 46, p + 46 + nameLength));
    const start = offset + 30 + v.getUint16(offset + 26, true) + v.getUint16(offset + 28, true);
    const data = bytes.subarray(start, start + size);
    if (crc32(data) !== v.getUint32(p + 16, true)) throw new Error(`${name}: CRC mismatch`);
    out.set(name, data);
    p += 46 + nameLength + v.getUint16(p + 30, true) + v.getUint16(p + 32, true);
  }
  return out;
}

export const zipText = (entries: Map<string, Uint8Array>, name: string): string => {
  const data = entries.get(name);
  if (!data) throw new Error(`${name} not in the archive: ${[...entries.keys()].join(', ')}`);
  return new TextDecoder().decode(data);
};
