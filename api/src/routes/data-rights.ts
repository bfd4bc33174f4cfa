// The shopper's data rights (decision 49): her export request's state, a new request, and the
// archive's download (signed link, owner only, never cached), and erasing her health data while the
// account stays (always her own: the session's user, never an id from the request). Deleting the
// account is /user/remove.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '../app-env';
import { enforce, LIMITS, limit } from '../lib/limits';
import { contract } from '../lib/validate';
import { requireUser } from '../middleware/user';
import { keyringOf } from '../uploads/crypto';
import { exportView, latestExport, openExport, requestExport } from '../data-rights/exports';
import { eraseHealthData, healthDataCounts } from '../data-rights/health-erasure';

export const dataRightsRoutes = new Hono<AppEnv>()
  .get('/export', contract('GET /user/data/export'), async (c) => {
    const user = await requireUser(c);
    const row = await latestExport(c.env.DB, user.id);
    const now = Date.now();
    return c.json(ok({ export: row ? await exportView(row, c.var.config.TOKEN_SECRET, now) : null }));
  })
  .post('/export', contract('POST /user/data/export'), async (c) => {
    const user = await requireUser(c);
    await enforce(c.env.DB, [limit(LIMITS.dataExportPerUser, `data-export:user:${user.id}`)]);
    const now = Date.now();
    const row = await requestExport(c.env.DB, user.id, { source: 'shopper', lang: c.var.lang }, now);
    return c.json(ok({ export: await exportView(row, c.var.config.TOKEN_SECRET, now) }));
  })
  .get('/health', contract('GET /user/data/health'), async (c) => {
    const user = await requireUser(c);
    return c.json(ok({ counts: await healthDataCounts(c.env.DB, user.id) }));
  })
  .post('/health/erase', contract('POST /user/data/health/erase'), async (c) => {
    const user = await requireUser(c);
    return c.json(ok({ erased: await eraseHealthData(c.env, user.id) }));
  })
  .get('/export/:id{[0-9]+}/download', contract('GET /user/data/export/:id{[0-9]+}/download'), async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid('param');
    const { t } = c.req.valid('query');
    const bytes = await openExport(c.env, keyringOf(c.var.config), c.var.config.TOKEN_SECRET, user.id, id, t);
    return new Response(bytes, {
      headers: {
        'content-type': 'application/zip',
        'content-length': String(bytes.byteLength),
        'content-disposition': `attachment; filename="gulf-vitamins-data-${id}.zip"`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'",
        'cache-control': 'private, no-store',
      },
    });
  });
