// The tests' view of a ZIP file (the data archive, api/src/data-rights/zip.ts): its entries by name,
// read by fflate. The unit test (api/src/data-rights/zip.test.ts) checks the same archives with unzip.
import { unzipSync } from 'fflate';

export const readZip = (bytes: Uint8Array): Map<string, Uint8Array> => new Map(Object.entries(unzipSync(bytes)));

export const zipText = (entries: Map<string, Uint8Array>, name: string): string => {
  const data = entries.get(name);
  if (!data) throw new Error(`${name} not in the archive: ${[...entries.keys()].join(', ')}`);
  return new TextDecoder().decode(data);
};
