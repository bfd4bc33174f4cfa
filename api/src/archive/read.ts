// Reading a cold order (decision 60): its file from ARCHIVE (or, when the bucket lost it, the backup's
// copy in BACKUPS), opened, and its rows put back beside whatever of the order is still hot, so every
// reader builds the same view from the same rows whether the order moved or not.
import { log } from '../lib/log';
import type { Keyring } from '../lib/keyring';
import type { ApiConfig } from '../lib/config';
import { archiveKeyring, type ColdOrderFile, openCold } from './file';
import { COLD_TABLES, type ColdTable } from './tables';

/** The backup's copy of a file (BACKUPS, beside the nightly files; the nightly prune never touches it). */
export const backupCopyKey = (key: string) => `archive/${key}`;

/** The columns of an orders row that say where its file is. */
export interface ColdPointer {
  id: number;
  archived_at: number | null;
  archive_key: string | null;
  archive_wrapped_key: string | null;
  archive_iv: string | null;
  archive_key_version: number | null;
}

export interface ColdReadEnv {
  ARCHIVE: R2Bucket;
  BACKUPS: R2Bucket;
}

/** Opens cold orders for one request: each file is fetched once however many readers ask. */
export interface ColdReader {
  file(order: ColdPointer): Promise<ColdOrderFile | null>;
}

/** A request's reader, from its worker's buckets and configuration. */
export const coldReaderFor = (
  env: ColdReadEnv,
  config: Pick<ApiConfig, 'UPLOAD_KEK' | 'UPLOAD_KEK_VERSION' | 'UPLOAD_KEK_RETIRED'>,
) => coldReader(env, archiveKeyring(config));

export const isCold = (o: Partial<ColdPointer>) => !!o.archived_at && !!o.archive_key;

export function coldReader(env: ColdReadEnv, ring: Keyring | null): ColdReader {
  const files = new Map<string, Promise<ColdOrderFile>>();
  return {
    file(order) {
      if (!isCold(order)) return Promise.resolve(null);
      if (!ring) throw new Error('cold orders need the archive keyring (UPLOAD_KEK)');
      const key = order.archive_key!;
      let file = files.get(key);
      if (!file) {
        file = fetchFile(env, ring, order as ColdPointer & { archive_key: string });
        files.set(key, file);
      }
      return file;
    },
  };
}

async function fetchFile(env: ColdReadEnv, ring: Keyring, o: ColdPointer & { archive_key: string }) {
  let object = await env.ARCHIVE.get(o.archive_key);
  if (!object) {
    // The archive bucket lost it (a mistaken delete, a restore to a new account): the backup's copy.
    log.error('cold order file missing from ARCHIVE; reading the backup copy', { orderId: o.id, key: o.archive_key });
    object = await env.BACKUPS.get(backupCopyKey(o.archive_key));
  }
  if (!object) throw new Error(`cold order ${o.id}: file ${o.archive_key} is in neither bucket`);
  return openCold(
    ring,
    o.archive_key,
    { wrapped_key: o.archive_wrapped_key!, iv: o.archive_iv!, key_version: o.archive_key_version! },
    new Uint8Array(await object.arrayBuffer()),
  );
}

/**
 * The rows of `table` for a cold order: the file's, and any still hot (written after the move, or a
 * payment a ledger kept), each row once (the hot one wins), in the table's own order.
 */
export function withCold<T>(table: ColdTable['name'], hot: readonly T[], file: ColdOrderFile | null): T[] {
  if (!file) return [...hot];
  const spec = COLD_TABLES.find((t) => t.name === table)!;
  const name = (row: unknown) => JSON.stringify(spec.key.map((k) => (row as Record<string, unknown>)[k]));
  const seen = new Set(hot.map(name));
  const rows = [...hot, ...(file.tables[table] as T[]).filter((r) => !seen.has(name(r)))];
  return rows.sort((a, b) =>
    compareKeys(
      spec.key.map((k) => (a as never)[k]),
      spec.key.map((k) => (b as never)[k]),
    ),
  );
}

function compareKeys(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number | string;
    const y = b[i] as number | string;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}
