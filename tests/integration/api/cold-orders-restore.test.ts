// Backups cover the archive (issue 48, decision 60): a shop whose D1 database and archive bucket are
// both lost comes back from the nightly backup file (the orders' rows, with the names and wrapped keys
// of their files) and the backup's copies of the sealed files (BACKUPS/archive/), and every archived
// order reads exactly as it did. The database is rebuilt by the same restore SQL `npm run db:restore`
// runs (shared/backup/restore-sql.ts), into an empty D1 database of its own.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { backupKeyring } from '#shared/backup/seal';
import { restoreStatements } from '#shared/backup/restore-sql';
import { writeBackup } from '#api/src/backup/write';
import { archiveKeyring } from '#api/src/archive/file';
import { coldReaderFor } from '#api/src/archive/read';
import { ARCHIVE_AFTER_MS } from '#api/src/archive/tables';
import { archiveColdOrders } from '#api/src/archive/move';
import { apiConfig } from '#api/src/lib/config';
import { orderPage, orderView } from '#api/src/orders/view';
import { emptyDatabase } from '../../support/fresh-start';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { deviceToken } from './helpers';
import { staffWith } from './staff-helpers';
import { DAY, deliver, newShopper, paidCardOrder, placeCod } from './loyalty-helpers';

const config = apiConfig(env);

/** The backup file's bytes, gathered in memory (the nightly run streams them to R2). */
async function backupFile(): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await writeBackup(
    env.DB,
    backupKeyring(config.BACKUP_KEK, config.BACKUP_KEK_VERSION, config.BACKUP_KEK_RETIRED)!,
    {
      write: async (chunk) => void chunks.push(chunk),
      close: async () => {},
      abort: async () => {},
    },
    { environment: 'test' },
  );
  return new Uint8Array(await new Blob(chunks as unknown as ArrayBuffer[]).arrayBuffer());
}

async function* lines(bytes: Uint8Array) {
  const text = await new Response(
    new Blob([bytes as unknown as ArrayBuffer]).stream().pipeThrough(new DecompressionStream('gzip')),
  ).text();
  yield* text.split('\n');
}

describe('restore with archived orders', () => {
  let userId: number;
  let ids: number[];

  beforeAll(async () => {
    await loadCatalogueFixture(env.DB);
    const device = await deviceToken();
    const owner = await staffWith([{ role: 'owner', country: null }]);
    const her = await newShopper(device, 'cold-restore', ['KW', 'SA']);
    userId = her.id;
    const a = await paidCardOrder(device, her, { country: 'SA', count: 2 });
    const b = await placeCod(device, her, { country: 'KW' });
    for (const o of [a, b]) expect((await deliver(owner, o.id)).status).toBe(200);
    ids = [a.id, b.id];
    const moved = await archiveColdOrders(env, archiveKeyring(config)!, {
      now: Date.now() + ARCHIVE_AFTER_MS + DAY,
      limit: 100,
    });
    expect(moved.moved).toEqual(expect.arrayContaining(ids));
  });

  it('reads every archived order as before from the restored database and the backup copies of the files', async () => {
    const cold = () => coldReaderFor(env, config);
    const views = await Promise.all(ids.map((id) => orderView(env.DB, id, 'ar', userId, cold())));
    const list = await orderPage(env.DB, userId, 1, 10, cold());
    expect(views.every((v) => v && v.items.length > 0)).toBe(true);

    // The nightly file, restored into an empty database.
    const statements: string[] = [];
    await restoreStatements(
      lines(await backupFile()),
      backupKeyring(config.BACKUP_KEK, config.BACKUP_KEK_VERSION, config.BACKUP_KEK_RETIRED)!,
      (s) => void statements.push(s),
    );
    // RESTORE_DB is shared by the files of the run: empty before, and emptied again after.
    await emptyDatabase(env.RESTORE_DB);
    await env.RESTORE_DB.batch(statements.map((s) => env.RESTORE_DB.prepare(s)));

    // The archive bucket is lost too: only the backup's copies remain.
    const keys = (await env.ARCHIVE.list({ prefix: 'orders/' })).objects.map((o) => o.key);
    expect(keys.length).toBeGreaterThanOrEqual(ids.length);
    const saved = await Promise.all(
      keys.map(async (k) => [k, await (await env.ARCHIVE.get(k))!.arrayBuffer()] as const),
    );
    await env.ARCHIVE.delete(keys);
    try {
      const restored = await Promise.all(ids.map((id) => orderView(env.RESTORE_DB, id, 'ar', userId, cold())));
      expect(restored).toEqual(views);
      expect(await orderPage(env.RESTORE_DB, userId, 1, 10, cold())).toEqual(list);
    } finally {
      for (const [k, bytes] of saved) await env.ARCHIVE.put(k, bytes);
      await emptyDatabase(env.RESTORE_DB);
    }
  });
});
