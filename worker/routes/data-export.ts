// The shopper's data archive (decision 49) between the API and the browser: the /api proxy answers
// envelopes only, so the ZIP comes through this route, like an uploaded result file
// (blood-test-files.ts). The link's signature travels on to the API, which checks it and that the
// session's shopper owns the archive; the answer streams through, attachment, private, no-store.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { privateFile } from '../lib/private-file';

export const dataExport = new Hono<AppEnv>();

dataExport.get('/api/user/data/export/:id{[0-9]{1,15}}/download', (c) => {
  const t = c.req.query('t') ?? '';
  return privateFile(
    c,
    `/user/data/export/${c.req.param('id')}/download?t=${encodeURIComponent(t)}`,
    (res) => res.ok && res.headers.get('content-type') === 'application/zip',
  );
});
