// Where `npm run db:backup` puts its file by default: the file holds shoppers' plain rows (names,
// addresses, orders), so it must never be something `git add .` would pick up.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BACKUP_DIR, parseArgs } from './db-backup.mjs';

const ignoredByGit = (path: string) => spawnSync('git', ['check-ignore', '-q', '--no-index', path]).status === 0;

describe('npm run db:backup', () => {
  it('writes into a folder git ignores, unless told otherwise', () => {
    const { out } = parseArgs([]);
    expect(out.startsWith(`${BACKUP_DIR}/backup-`)).toBe(true);
    expect(ignoredByGit(out)).toBe(true);
    expect(parseArgs(['--binding', 'ORDERS_1']).out).toMatch(/^backups\/backup-ORDERS_1-.*\.ndjson\.gz$/);
    expect(ignoredByGit(parseArgs(['--binding', 'ORDERS_1']).out)).toBe(true);
    expect(parseArgs(['--out', '/tmp/x.ndjson.gz']).out).toBe('/tmp/x.ndjson.gz');
  });

  it('the earlier default (a file in the project root) is ignored too, should one be left there', () => {
    expect(ignoredByGit('backup-2026-11-25T120000.000Z.ndjson.gz')).toBe(true);
  });
});
