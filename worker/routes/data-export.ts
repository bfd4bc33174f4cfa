// The shopper's data archive (decision 49) between the API and the browser: the /api proxy answers
// envelopes only, so the ZIP comes through this route, like an uploaded result file
// (blood-test-files.ts). The link's signature travels on to the API, which checks it and that the
// session's shopper owns the archive; the answer streams through, attachment, private, no-store.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { sessionCall } from '../lib/gateway';
import { apiLang, applyAnswer, ensureDevice, readSession } from '../lib/session';

const FILE_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'content-security-policy',
  'x-content-type-options',
];

export const dataExport = new Hono<AppEnv>();

dataExport.get('/api/user/data/export/:id{[0-9]{1,15}}/download', async function downloadArchive(c) {
  const session = readSession(c, apiLang(c));
  await ensureDevice(c, session);
  const t = c.req.query('t') ?? '';
  const path = `/user/data/export/${c.req.param('id')}/download?t=${encodeURIComponent(t)}`;
  const res = await sessionCall(c, session, 'GET', path);
  if (!res.ok || res.headers.get('content-type') !== 'application/zip') {
    applyAnswer(c, session, { path, status: res.status, data: null });
    return c.body(await res.text(), res.status as 200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'private, no-store',
    });
  }
  const headers = new Headers({ 'cache-control': 'private, no-store' });
  for (const name of FILE_HEADERS) {
    const value = res.headers.get(name);
    if (value) headers.set(name, value);
  }
  // Streamed: the worker never holds the archive.
  return new Response(res.body, { status: 200, headers });
});
