// Health tables' pages in a backup are AES-256-GCM ciphertext, as their result files are in R2: a
// fresh data key per backup file, wrapped with AES-KW by a key-encryption key that HKDF-SHA256
// derives from the BACKUP_KEK secret and its version. The page's file id, table and number are
// the additional data, so a page moved to another table or file does not open. WebCrypto only, so
// the API writes with it and Node's restore reads with it.
import { base64ToBytes, bytesToBase64 } from '#shared/bytes';
import type { Cell } from './format';

export interface BackupKeyring {
  current: number;
  secrets: ReadonlyMap<number, string>;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** BACKUP_KEK (≥ 32 characters) and its version; older `version:secret` pairs open older files. */
export function backupKeyring(secret: string | undefined, version = 1, retired = ''): BackupKeyring | null {
  if (!secret || secret.length < 32) return null;
  const secrets = new Map<number, string>();
  for (const entry of retired.split(/\s+/).filter(Boolean)) {
    const m = /^(\d{1,6}):(.{32,})$/.exec(entry);
    if (m) secrets.set(Number(m[1]), m[2]!);
  }
  secrets.set(version, secret);
  return { current: version, secrets };
}

async function kek(ring: BackupKeyring, version: number): Promise<CryptoKey> {
  const secret = ring.secrets.get(version);
  if (!secret) throw new BackupKeyError(`this backup was sealed with BACKUP_KEK version ${version}, which is not set`);
  const material = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: encoder.encode('gulfvitamins/backups'),
      info: encoder.encode(`kek-v${version}`),
    },
    material,
    { name: 'AES-KW', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

export class BackupKeyError extends Error {}

/** A new data key for one file, and its wrapped form for the file's header. */
export async function newDataKey(ring: BackupKeyring): Promise<{ key: CryptoKey; wrapped: string; version: number }> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const wrapped = new Uint8Array(await crypto.subtle.wrapKey('raw', key, await kek(ring, ring.current), 'AES-KW'));
  return { key, wrapped: bytesToBase64(wrapped), version: ring.current };
}

export async function openDataKey(ring: BackupKeyring, header: { wrapped: string; version: number }) {
  const wrapped = base64ToBytes(header.wrapped);
  if (!wrapped) throw new BackupKeyError('the backup header holds no wrapped key');
  try {
    return await crypto.subtle.unwrapKey(
      'raw',
      wrapped as BufferSource,
      await kek(ring, header.version),
      'AES-KW',
      { name: 'AES-GCM', length: 256 },
      false,
      ['decrypt'],
    );
  } catch (error) {
    if (error instanceof BackupKeyError) throw error;
    throw new BackupKeyError('BACKUP_KEK does not open this backup (another secret, or the file was altered)');
  }
}

export interface Page {
  columns: string[];
  rows: Cell[][];
}

const aad = (fileId: string, table: string, page: number) => encoder.encode(`${fileId}\n${table}\n${page}`);

export async function sealPage(
  key: CryptoKey,
  fileId: string,
  table: string,
  page: number,
  content: Page,
): Promise<{ iv: string; data: string }> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad(fileId, table, page) },
    key,
    encoder.encode(JSON.stringify(content)),
  );
  return { iv: bytesToBase64(iv), data: bytesToBase64(new Uint8Array(data)) };
}

export async function openPage(
  key: CryptoKey,
  fileId: string,
  line: { table: string; page: number; iv: string; data: string },
): Promise<Page> {
  const iv = base64ToBytes(line.iv);
  const data = base64ToBytes(line.data);
  if (!iv || !data) throw new BackupKeyError(`a sealed page of ${line.table} is not base64`);
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: iv as BufferSource, additionalData: aad(fileId, line.table, line.page) },
      key,
      data as BufferSource,
    );
    return JSON.parse(decoder.decode(plain)) as Page;
  } catch {
    throw new BackupKeyError(`a sealed page of ${line.table} does not open: the file was altered`);
  }
}

/**
 * The whole file is authenticated, not only the health pages (format 2): every line's bytes, in
 * order, are chained through HMAC-SHA256 under a key HKDF derives from BACKUP_KEK (its own `info`,
 * so it is not the key that wraps data keys), and the end line carries the last link over its
 * counts. An altered, added, removed or reordered line of any table changes the last link. WebCrypto
 * has no incremental HMAC, hence a chain a line (a line is a page of up to 500 rows: a few thousand
 * links for a large shop).
 */
export async function fileMacKey(ring: BackupKeyring, version: number): Promise<CryptoKey> {
  const secret = ring.secrets.get(version);
  if (!secret) throw new BackupKeyError(`this backup was sealed with BACKUP_KEK version ${version}, which is not set`);
  const material = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: encoder.encode('gulfvitamins/backups'),
      info: encoder.encode(`file-mac-v${version}`),
    },
    material,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign'],
  );
}

/** One file's chain of links: `add` each line's text as written, `end` the link the end line carries. */
export class FileMac {
  private link: Uint8Array = encoder.encode('gulfvitamins-d1-backup/2');
  constructor(private readonly key: CryptoKey) {}

  async add(line: string): Promise<void> {
    const bytes = encoder.encode(line);
    const input = new Uint8Array(this.link.length + bytes.length);
    input.set(this.link);
    input.set(bytes, this.link.length);
    this.link = new Uint8Array(await crypto.subtle.sign('HMAC', this.key, input as BufferSource));
  }

  /** The last link, over every line added and the end line's counts (as JSON.stringify writes them). */
  async end(counts: Record<string, number>): Promise<string> {
    await this.add(`end\n${JSON.stringify(counts)}`);
    return bytesToBase64(this.link);
  }
}

/** Compares two MACs without leaking where they first differ. */
export function sameMac(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
