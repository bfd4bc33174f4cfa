// A small ZIP writer (PKWARE APPNOTE 6.3): entries stored (method 0, no compression), each with
// its CRC-32 and UTF-8 name (general purpose bit 11), then the central directory. Stored because the
// archive's big parts (PDFs, photos) are compressed already, and a stored archive is built in one pass
// with no dependency. No ZIP64: one archive stays far below 4 GiB (an account's uploads are at most
// a few hundred MB), and a writer asked for more refuses rather than write a broken file.
const encoder = new TextEncoder();

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO-HDLC, the one ZIP and gzip use). */
export function crc32(bytes: Uint8Array, seed = 0): number {
  let c = ~seed >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

export interface ZipEntry {
  /** The path inside the archive, with forward slashes. */
  name: string;
  data: Uint8Array | string;
}

/** MS-DOS date and time of a moment (local to UTC: ZIP has no zone; readers show what is written). */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

const LIMIT = 0xffffffff;

/** The archive as chunks, in order: each entry's header and data, then the central directory. */
export function zipChunks(entries: readonly ZipEntry[], at = new Date()): Uint8Array[] {
  const { time, date } = dosTime(at);
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const data = typeof entry.data === 'string' ? encoder.encode(entry.data) : entry.data;
    if (data.length >= LIMIT || offset >= LIMIT) throw new Error('zip: archive too large without ZIP64');
    const crc = crc32(data);
    const local = new Uint8Array(30 + name.length);
    const l = new DataView(local.buffer);
    l.setUint32(0, 0x04034b50, true);
    l.setUint16(4, 20, true); // version needed: 2.0
    l.setUint16(6, 0x0800, true); // UTF-8 names
    l.setUint16(8, 0, true); // stored
    l.setUint16(10, time, true);
    l.setUint16(12, date, true);
    l.setUint32(14, crc, true);
    l.setUint32(18, data.length, true);
    l.setUint32(22, data.length, true);
    l.setUint16(26, name.length, true);
    l.setUint16(28, 0, true);
    local.set(name, 30);
    chunks.push(local, data);

    const header = new Uint8Array(46 + name.length);
    const h = new DataView(header.buffer);
    h.setUint32(0, 0x02014b50, true);
    h.setUint16(4, 0x0314, true); // made by: Unix, 2.0
    h.setUint16(6, 20, true);
    h.setUint16(8, 0x0800, true);
    h.setUint16(10, 0, true);
    h.setUint16(12, time, true);
    h.setUint16(14, date, true);
    h.setUint32(16, crc, true);
    h.setUint32(20, data.length, true);
    h.setUint32(24, data.length, true);
    h.setUint16(28, name.length, true);
    // extra, comment, disk, internal attributes: 0; external: a regular file, rw-r--r--.
    h.setUint32(38, (0o100644 << 16) >>> 0, true);
    h.setUint32(42, offset, true);
    header.set(name, 46);
    central.push(header);
    offset += local.length + data.length;
  }
  const size = central.reduce((n, c) => n + c.length, 0);
  if (entries.length > 0xffff || offset + size >= LIMIT) throw new Error('zip: archive too large without ZIP64');
  const end = new Uint8Array(22);
  const e = new DataView(end.buffer);
  e.setUint32(0, 0x06054b50, true);
  e.setUint16(8, entries.length, true);
  e.setUint16(10, entries.length, true);
  e.setUint32(12, size, true);
  e.setUint32(16, offset, true);
  return [...chunks, ...central, end];
}

/** The whole archive in one buffer. */
export function zip(entries: readonly ZipEntry[], at?: Date): Uint8Array {
  const chunks = zipChunks(entries, at);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at_ = 0;
  for (const c of chunks) {
    out.set(c, at_);
    at_ += c.length;
  }
  return out;
}
