// The privacy page states the retention figures of shared/data-rights/retention-figures.ts
// (client/content/privacy-figures.test.ts); the API's configuration must apply the same in every
// environment of api/wrangler.toml.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RETENTION } from '#shared/data-rights/retention-figures';

const toml = readFileSync(new URL('../../api/wrangler.toml', import.meta.url), 'utf8');
const values = (name: string) => [...toml.matchAll(new RegExp(`^${name} = "(\\d+)"`, 'gm'))].map((m) => Number(m[1]));

// The top-level vars (local) and each [env.<name>.vars] (production, staging).
const environments = 1 + (toml.match(/^\[env\.\w+\.vars\]$/gm)?.length ?? 0);
const everywhere = (figure: number) => Array.from({ length: environments }, () => figure);

describe('retention figures', () => {
  it('are what api/wrangler.toml sets in each environment (local, production, staging)', () => {
    expect(environments).toBeGreaterThanOrEqual(3);
    expect(values('UPLOAD_RETENTION_DAYS')).toEqual(everywhere(RETENTION.uploadDays));
    expect(values('UPLOAD_RETENTION_NOTICE_DAYS')).toEqual(everywhere(RETENTION.uploadNoticeDays));
    expect(values('BACKUP_RETENTION_DAYS')).toEqual(everywhere(RETENTION.backupDays));
  });
});
