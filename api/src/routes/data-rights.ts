// The shopper's data rights (decision 49): her export request's state, a new request, and the
// archive's download (signed link, owner only, never cached), and erasing her health data while the
// account stays (always her own: the session's user, never an id from the request). Deleting the
// account is /user/remove.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '../app-env';
import { enforce, LIMITS, limit } from '../lib/limits';
import { contract } from '../contract/validate';
import { requireUser } from '../middleware/user';
import { keyringOf } from '../uploads/crypto';
import { exportView, latestExport, openExport, requestExport } from '../data-rights/exports';
import { eraseHealthData, healthDataCounts } from '../data-rights/health-erasure';
import {
  dataExportDownloadQuery,
  dataExportRequestedSchema,
  dataExportStateSchema,
  healthDataCountsAnswerSchema,
  healthDataErasedSchema,
  healthEraseSchema,
} from '#shared/api/data-rights-schemas';
import { idParams } from '#shared/api/route-schemas';

export const dataRightsRoutes = new Hono<AppEnv>()
  .get(
    '/export',
    contract({
      tag: 'data-rights',
      summary:
        "The shopper's latest data export request: requested, ready (with its signed download path and expiry), expired or failed; null when none",
      user: true,
      response: dataExportStateSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const row = await latestExport(c.env.DB, user.id);
      const now = Date.now();
      return c.json(ok({ export: row ? await exportView(row, c.var.config.TOKEN_SECRET, now) : null }));
    },
  )
  .post(
    '/export',
    contract({
      tag: 'data-rights',
      summary:
        'Ask for an archive of all her data, prepared in the background and mailed when ready; 409 data_export_in_progress while one is open, 429 data_export_too_soon within a day of the last',
      user: true,
      response: dataExportRequestedSchema,
      messages: ['data_export_in_progress', 'data_export_too_soon'],
    }),
    async (c) => {
      const user = await requireUser(c);
      await enforce(c.env.DB, [limit(LIMITS.dataExportPerUser, `data-export:user:${user.id}`)]);
      const now = Date.now();
      const row = await requestExport(c.env.DB, user.id, { source: 'shopper', lang: c.var.lang }, now);
      return c.json(ok({ export: await exportView(row, c.var.config.TOKEN_SECRET, now) }));
    },
  )
  .get(
    '/health',
    contract({
      tag: 'data-rights',
      summary:
        'How much health data the shop keeps of her, by kind (lab results, uploaded reports and their values, quiz answers, reading profile): what "Erase my health data" would remove',
      user: true,
      response: healthDataCountsAnswerSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      return c.json(ok({ counts: await healthDataCounts(c.env.DB, user.id) }));
    },
  )
  .post(
    '/health/erase',
    contract({
      tag: 'data-rights',
      summary:
        'Erase all her health data and keep the account (her bookings, the people she books for and her orders stay); answers the counts erased',
      body: healthEraseSchema,
      user: true,
      response: healthDataErasedSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      return c.json(ok({ erased: await eraseHealthData(c.env, user.id) }));
    },
  )
  .get(
    '/export/:id{[0-9]+}/download',
    contract({
      tag: 'data-rights',
      summary:
        'Download her archive (a ZIP, never cached) with the signature of its link; another shopper, a wrong signature or an expired archive answers 404 (410 data_export_expired once past its 24 hours)',
      params: idParams,
      badParams: 'not_found',
      query: dataExportDownloadQuery,
      fileResponse: ['application/zip'],
      user: true,
      messages: ['not_found', 'data_export_expired'],
    }),
    async (c) => {
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
    },
  );
