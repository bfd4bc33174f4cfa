// The nightly backup: at 02:30 Gulf time (BACKUP_CRON, api/wrangler.toml) the whole database goes to
// the private BACKUPS bucket as nightly/<Gulf date>/shop-<environment>-<time>.ndjson.gz, once a
// date however often the trigger fires, and dates older than BACKUP_RETENTION_DAYS are deleted.
// Restore: `npm run db:restore -- FILE` (scripts/db-restore.mjs, docs/operating/backup-and-restore.md).
//
// Every order shard (decision 61) has its own file beside the core's, the shard's binding in its name:
// nightly/<Gulf date>/shop-<environment>-<binding>-<time>.ndjson.gz (the core, shard 0, keeps the name
// it had). Each database's file is made once a date; a shard whose file fails does not stop the others
// (the run throws at the end, so the failure is reported). Restore a shard's file with
// `npm run db:restore -- FILE --binding ORDERS_1`.
import { backupKeyring } from '#shared/backup/seal';
import { type DatabaseEnv, orderShards } from '#api/src/db/databases';
import { log } from '#api/src/lib/log';
import { addDays, gulfDate } from '#shared/gulf-days';
import type { ApiConfig } from '#api/src/lib/config';
import { r2Sink } from './r2-sink';
import { type BackupResult, writeBackup } from './write';

/** 23:30 UTC is 02:30 in Kuwait and Riyadh (UTC+3, no daylight saving): the shop's quietest hour. */
export const BACKUP_CRON = '30 23 * * *';
export const NIGHTLY_PREFIX = 'nightly/';

type BackupConfig = Pick<
  ApiConfig,
  'ENVIRONMENT' | 'BACKUP_KEK' | 'BACKUP_KEK_VERSION' | 'BACKUP_KEK_RETIRED' | 'BACKUP_RETENTION_DAYS'
>;

export interface NightlyOutcome {
  /** The core's file (shard 0), null when today's was made already. */
  key: string | null;
  backup: BackupResult | null;
  /** Each other order shard's file, by its binding. */
  shards: { binding: string; key: string | null; backup: BackupResult | null }[];
  removedDates: string[];
}

/** A file's name: the core's as before, a shard's with its binding (ORDERS_1) after the environment. */
function nightlyKey(date: string, environment: string, binding: string, now: number): string {
  const at = new Date(now).toISOString().replaceAll(':', '');
  return `${NIGHTLY_PREFIX}${date}/shop-${environment}-${binding === 'DB' ? '' : `${binding}-`}${at}.ndjson.gz`;
}

/** The binding a nightly file holds, from its name (DB for the core's). */
export function nightlyBinding(key: string): string {
  return /\/shop-.+?-([A-Z][A-Z0-9_]*)-\d{4}-\d{2}-\d{2}T[^/]*$/.exec(key)?.[1] ?? 'DB';
}

export async function runNightlyBackup(
  env: DatabaseEnv & { BACKUPS: R2Bucket },
  config: BackupConfig,
  options: { now?: number; force?: boolean } = {},
): Promise<NightlyOutcome> {
  const now = options.now ?? Date.now();
  const ring = backupKeyring(config.BACKUP_KEK, config.BACKUP_KEK_VERSION, config.BACKUP_KEK_RETIRED);
  if (!ring) throw new Error('BACKUP_KEK is not set: the nightly backup cannot seal health tables');
  const date = gulfDate(now);
  const made = new Set<string>();
  if (!options.force) {
    let cursor: string | undefined;
    do {
      const page = await env.BACKUPS.list({ prefix: `${NIGHTLY_PREFIX}${date}/`, cursor });
      for (const o of page.objects) made.add(nightlyBinding(o.key));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }
  const write = async (binding: string, db: D1Database) => {
    if (made.has(binding)) return { key: null, backup: null };
    const key = nightlyKey(date, config.ENVIRONMENT, binding, now);
    const sink = await r2Sink(env.BACKUPS, key, {
      httpMetadata: { contentType: 'application/x-ndjson', contentEncoding: 'identity' },
    });
    return { key, backup: await writeBackup(db, ring, sink, { environment: config.ENVIRONMENT, now }) };
  };
  const { key, backup } = await write('DB', env.DB);
  const shards: NightlyOutcome['shards'] = [];
  const failed: unknown[] = [];
  for (const shard of await orderShards(env)) {
    if (shard.binding === 'DB') continue;
    try {
      shards.push({ binding: shard.binding, ...(await write(shard.binding, shard.db)) });
    } catch (error) {
      log.error('nightly backup of an order shard failed', { binding: shard.binding, error });
      failed.push(error);
    }
  }
  const removedDates = await removeOldBackups(env.BACKUPS, addDays(date, -config.BACKUP_RETENTION_DAYS));
  if (failed.length) throw failed[0];
  return { key, backup, shards, removedDates };
}

/** Deletes every backup of a date before `keepFrom` (a Gulf date, YYYY-MM-DD). */
async function removeOldBackups(bucket: R2Bucket, keepFrom: string): Promise<string[]> {
  const removed: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: NIGHTLY_PREFIX, delimiter: '/', cursor });
    for (const prefix of page.delimitedPrefixes) {
      const date = prefix.slice(NIGHTLY_PREFIX.length, -1);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date >= keepFrom) continue;
      const objects = await bucket.list({ prefix });
      await bucket.delete(objects.objects.map((o) => o.key));
      removed.push(date);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return removed;
}
