// The nightly backup (decision 46) on real D1 and R2: the 02:30 Gulf-time trigger writes one file a
// date into the private BACKUPS bucket however often it fires, the file holds every table with its
// count, health tables only as sealed pages that the backup key opens, and dates older than
// BACKUP_RETENTION_DAYS go. The every-minute trigger never backs up; without its key it refuses.
import { env } from 'cloudflare:workers';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BackupLine, HeaderLine, SealedLine } from '#shared/backup/format';
import { backupKeyring, openDataKey, openPage } from '#shared/backup/seal';
import { addDays, gulfDate } from '#shared/gulf-days';
import worker from '#api/src/index';
import { apiConfig } from '#api/src/lib/config';
import { BACKUP_CRON, NIGHTLY_PREFIX, runNightlyBackup } from '#api/src/backup/nightly';
import { deviceToken, registerShopper } from './helpers';

const MARKER = `pregnant-${crypto.randomUUID()}`;

async function fire(cron: string) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function backups(prefix = NIGHTLY_PREFIX) {
  return (await env.BACKUPS.list({ prefix })).objects.map((o) => o.key);
}

async function linesOf(key: string): Promise<BackupLine[]> {
  const object = await env.BACKUPS.get(key);
  const text = await new Response(object!.body.pipeThrough(new DecompressionStream('gzip'))).text();
  return text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as BackupLine);
}

beforeAll(async () => {
  // A shopper's quiz answers: health data, which must travel sealed.
  const shopper = await registerShopper(await deviceToken(), 'backup');
  await env.DB.batch([
    env.DB.prepare(
      "INSERT OR IGNORE INTO quiz_versions (id, status, content, created_at, updated_at) VALUES (9901, 'retired', '{}', 0, 0)",
    ),
    env.DB.prepare(
      "INSERT INTO quiz_results (user_id, version_id, answers, suggestions, created_at) VALUES (?, 9901, json_object('note', ?), '[]', 0)",
    ).bind(shopper.id, MARKER),
    // Her reading profile (sex and birth date): a person's, sealed like the rest (decision 49).
    env.DB.prepare(
      "INSERT INTO blood_test_profiles (user_id, sex, date_of_birth, unit_preference, updated_at) VALUES (?, 'female', '1911-11-11', 'si', 0)",
    ).bind(shopper.id),
  ]);
});

describe('nightly backup', () => {
  it('the every-minute trigger does not back up; the 02:30 one writes one file a date, however often it fires', async () => {
    await fire('* * * * *');
    expect(await backups()).toEqual([]);
    await fire(BACKUP_CRON);
    await fire(BACKUP_CRON);
    const keys = await backups();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^nightly/${gulfDate(Date.now())}/shop-test-.+\\.ndjson\\.gz$`));
  });

  it('holds every table with its count, and health tables only sealed, opened by the backup key', async () => {
    const [key] = await backups();
    const lines = await linesOf(key!);
    const header = lines[0] as HeaderLine;
    expect(header.kind).toBe('header');
    const end = lines[lines.length - 1]!;
    if (end.kind !== 'end') throw new Error('no end line');
    const { count } = (await env.DB.prepare('SELECT count(*) AS count FROM users').first<{ count: number }>())!;
    expect(end.counts.users).toBe(count);
    expect(end.counts.quiz_results).toBe(1);
    const raw = JSON.stringify(lines);
    expect(raw).not.toContain(MARKER);
    expect(lines.some((l) => l.kind === 'rows' && l.table === 'quiz_results')).toBe(false);
    expect(raw).not.toContain('1911-11-11');
    expect(lines.some((l) => l.kind === 'rows' && l.table === 'blood_test_profiles')).toBe(false);

    const config = apiConfig(env);
    const ring = backupKeyring(config.BACKUP_KEK, config.BACKUP_KEK_VERSION)!;
    const dataKey = await openDataKey(ring, header.key);
    const sealed = lines.find((l): l is SealedLine => l.kind === 'sealed' && l.table === 'quiz_results')!;
    const page = await openPage(dataKey, header.id, sealed);
    expect(JSON.stringify(page.rows)).toContain(MARKER);
    // A page moved to another table does not open.
    await expect(openPage(dataKey, header.id, { ...sealed, table: 'users' })).rejects.toThrow(/does not open/);
  });

  it('deletes the dates older than BACKUP_RETENTION_DAYS and keeps the rest', async () => {
    const today = gulfDate(Date.now());
    const old = `${NIGHTLY_PREFIX}${addDays(today, -31)}/shop-test-old.ndjson.gz`;
    const kept = `${NIGHTLY_PREFIX}${addDays(today, -29)}/shop-test-kept.ndjson.gz`;
    await env.BACKUPS.put(old, 'old');
    await env.BACKUPS.put(kept, 'kept');
    const outcome = await runNightlyBackup(env, apiConfig(env));
    expect(outcome.key).toBeNull();
    expect(outcome.removedDates).toEqual([addDays(today, -31)]);
    const keys = await backups();
    expect(keys).toContain(kept);
    expect(keys).not.toContain(old);
  });

  it('refuses to run without BACKUP_KEK rather than write health data in the clear', async () => {
    await expect(runNightlyBackup(env, { ...apiConfig(env), BACKUP_KEK: undefined }, { force: true })).rejects.toThrow(
      /BACKUP_KEK/,
    );
  });
});
