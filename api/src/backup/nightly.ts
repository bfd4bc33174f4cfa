// The nightly backup: at 02:30 Gulf time (BACKUP_CRON, api/wrangler.toml) the whole database goes to
// the private BACKUPS bucket as nightly/<Gulf date>/shop-<environment>-<time>.ndjson.gz, once a
// date however often the trigger fires, and dates older than BACKUP_RETENTION_DAYS are deleted.
// Restore: `npm run db:restore -- FILE` (scripts/db-restore.mjs, docs/operating/backup-and-restore.md).
import { backupKeyring } from '#shared/backup/seal';
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
  key: string | null;
  backup: BackupResult | null;
  removedDates: string[];
}

export async function runNightlyBackup(
  env: { DB: D1Database; BACKUPS: R2Bucket },
  config: BackupConfig,
  options: { now?: number; force?: boolean } = {},
): Promise<NightlyOutcome> {
  const now = options.now ?? Date.now();
  const ring = backupKeyring(config.BACKUP_KEK, config.BACKUP_KEK_VERSION, config.BACKUP_KEK_RETIRED);
  if (!ring) throw new Error('BACKUP_KEK is not set: the nightly backup cannot seal health tables');
  const date = gulfDate(now);
  let key: string | null = null;
  let backup: BackupResult | null = null;
  const done = await env.BACKUPS.list({ prefix: `${NIGHTLY_PREFIX}${date}/`, limit: 1 });
  if (options.force || done.objects.length === 0) {
    key = `${NIGHTLY_PREFIX}${date}/shop-${config.ENVIRONMENT}-${new Date(now).toISOString().replaceAll(':', '')}.ndjson.gz`;
    const sink = await r2Sink(env.BACKUPS, key, {
      httpMetadata: { contentType: 'application/x-ndjson', contentEncoding: 'identity' },
    });
    backup = await writeBackup(env.DB, ring, sink, { environment: config.ENVIRONMENT, now });
  }
  const removedDates = await removeOldBackups(env.BACKUPS, addDays(date, -config.BACKUP_RETENTION_DAYS));
  return { key, backup, removedDates };
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
