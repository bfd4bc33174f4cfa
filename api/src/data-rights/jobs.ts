// The cron's data-rights work (decision 49), each run: archives asked for are prepared, archives past
// their 24 hours deleted, and uploaded result files nobody opened within the retention period are
// noticed, then deleted (./retention.ts). Also run now by the local POST /dev/data-rights/run.
import type { ApiConfig } from '../lib/config';
import { keyringOf } from '../uploads/crypto';
import { coldReaderFor } from '../archive/read';
import { expireExports, prepareExports } from './exports';
import { applyUploadRetention } from './retention';

export async function dataRightsJobs(
  env: Pick<ApiEnv, 'DB' | 'UPLOADS' | 'ARCHIVE' | 'BACKUPS'>,
  config: ApiConfig,
  siteOrigin: string,
  now = Date.now(),
): Promise<{ prepared: number; expired: number; noticed: number; deleted: number }> {
  const prepared = await prepareExports(env, coldReaderFor(env, config), keyringOf(config), siteOrigin, now);
  const expired = await expireExports(env, now);
  const retention = await applyUploadRetention(env, config, siteOrigin, now);
  return { prepared, expired, ...retention };
}
