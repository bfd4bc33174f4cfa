// A cold order's sealed file (decision 60): the order's row and the rows that moved, as JSON, gzipped,
// then sealed with AES-256-GCM under a fresh data key (uploads/crypto.ts's sealFile). The data key is
// wrapped by the archive keyring: the UPLOAD_KEK secret under its own HKDF salt, so a key of the
// result files never opens an order and the reverse. The wrapped key, nonce and version live in the
// order's row (migration 0063); the object's name is bound in as additional data, so a file copied
// under another order's name does not open.
import type { ApiConfig } from '#api/src/lib/config';
import { keyringFrom, type Keyring } from '../lib/keyring';
import { openFile, sealFile } from '../uploads/crypto';
import type { ColdTable } from './tables';

export const COLD_FORMAT = 'shop-cold-order';
export const COLD_VERSION = 1;

/** The order's row as it was when it moved, and each moving table's rows (SQLite values as D1 gives them). */
export interface ColdOrderFile {
  format: typeof COLD_FORMAT;
  version: typeof COLD_VERSION;
  order_id: number;
  archived_at: number;
  order: Record<string, unknown>;
  /** Refunds stay hot (ledgers point at them); their copy here keeps the file whole on its own. */
  refunds: Record<string, unknown>[];
  tables: Record<ColdTable['name'], Record<string, unknown>[]>;
  /** The names of the staff its events name, as they were (the back office's timeline shows them). */
  staff_names: Record<string, string>;
}

const ARCHIVE_SALT = 'gulfvitamins/cold-orders';

/** The archive's keyring, or null when the configuration has no UPLOAD_KEK (then nothing moves). */
export function archiveKeyring(
  config: Pick<ApiConfig, 'UPLOAD_KEK' | 'UPLOAD_KEK_VERSION' | 'UPLOAD_KEK_RETIRED'>,
): Keyring | null {
  return keyringFrom(config.UPLOAD_KEK, config.UPLOAD_KEK_VERSION, config.UPLOAD_KEK_RETIRED, ARCHIVE_SALT);
}

/**
 * Where an order's file lives in the ARCHIVE bucket: named by the order and the time of the run that
 * claimed it (./move.ts), so a stale claim is known by its name and two runs never write one name.
 */
export const coldKey = (orderId: number, country: string, claimedAt: number) =>
  `orders/${country.toLowerCase()}/${orderId}.${claimedAt}.json.gz.sealed`;

export interface SealedCold {
  bytes: Uint8Array;
  wrapped_key: string;
  iv: string;
  key_version: number;
}

async function gzip(bytes: Uint8Array, format: 'compress' | 'decompress'): Promise<Uint8Array> {
  const stream = format === 'compress' ? new CompressionStream('gzip') : new DecompressionStream('gzip');
  const out = new Response(new Blob([bytes as unknown as ArrayBuffer]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

export async function sealCold(ring: Keyring, key: string, file: ColdOrderFile): Promise<SealedCold> {
  const packed = await gzip(new TextEncoder().encode(JSON.stringify(file)), 'compress');
  const sealed = await sealFile(ring, packed, key);
  return { bytes: sealed.ciphertext, wrapped_key: sealed.wrappedKey, iv: sealed.iv, key_version: sealed.keyVersion };
}

export async function openCold(
  ring: Keyring,
  key: string,
  seal: { wrapped_key: string; iv: string; key_version: number },
  bytes: Uint8Array,
): Promise<ColdOrderFile> {
  const packed = await openFile(ring, seal, bytes, key);
  const file = JSON.parse(new TextDecoder().decode(await gzip(packed, 'decompress'))) as ColdOrderFile;
  if (file.format !== COLD_FORMAT || file.version !== COLD_VERSION) throw new Error(`not a cold order file: ${key}`);
  return file;
}
