// The data archive's ZIP file (decision 49), written by fflate (decision 54). Entries are stored, not
// compressed (level 0): the archive's big parts (PDFs, photos) are compressed already, and storing
// costs the worker no CPU. Names are UTF-8 (fflate sets the flag), in the order given; each file is a
// regular one, rw-r--r--, dated with the moment the archive is made.
import { type Zippable, zipSync } from 'fflate';

export interface ZipEntry {
  /** The path inside the archive, with forward slashes. */
  name: string;
  data: Uint8Array | string;
}

const encoder = new TextEncoder();
const UNIX = 3;
const REGULAR_FILE = (0o100644 << 16) >>> 0;

/** The whole archive in one buffer. */
export function zip(entries: readonly ZipEntry[], at = new Date()): Uint8Array {
  // fflate takes an object: its keys keep the entries' order, as no name is an array index
  // (every name has a dot or a slash); a name given twice would overwrite, so it is refused.
  const files: Zippable = {};
  for (const { name, data } of entries) {
    if (Object.hasOwn(files, name)) throw new Error(`zip: ${name} twice`);
    files[name] = [typeof data === 'string' ? encoder.encode(data) : data, { os: UNIX, attrs: REGULAR_FILE }];
  }
  return zipSync(files, { level: 0, mtime: at });
}
