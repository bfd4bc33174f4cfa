// Local mode only (never in production): the mail delivered to the local outbox, for the dev mailbox
// page, and a deliberate error that proves error reporting and request ids end to end (decision 16).
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { ApiError } from '../lib/errors';
import type { AppEnv } from '../app-env';
import type { MailOutboxRow } from '../db/rows';

// Built by a pure call, so a production build (which never routes it) drops it from the bundle.
const buildDevRoutes = () =>
  new Hono<AppEnv>()
    .get('/outbox', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      const { results } = await c.env.DB.prepare(
        'SELECT id, to_address, subject, body_text, body_html, created_at FROM mail_outbox WHERE delivered_at IS NOT NULL ORDER BY id DESC LIMIT 50',
      ).all<Pick<MailOutboxRow, 'id' | 'to_address' | 'subject' | 'body_text' | 'body_html' | 'created_at'>>();
      return c.json(ok({ items: results }));
    })
    .get('/error', (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      throw new Error('deliberate API error (error reporting check)');
    });

export const devRoutes = /* @__PURE__ */ buildDevRoutes();
