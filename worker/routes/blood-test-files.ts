// Blood-test result files between the browser and the API: the two calls the /api proxy
// cannot carry, because it takes JSON bodies up to 1 MB and answers envelopes only.
//
// Upload, POST /api/user/upload/bloodtest?name=…: the body is one file's raw bytes (up to 10 MB; the
// browser sends the File as it is, no multipart, no base64). The worker reads them, signs their SHA-256
// like any body (decision 4) and sends them on with the session's tokens; the API judges the content.
// One file per request keeps every request, and the memory it takes here and in the API, to 10 MB.
//
// Download, GET /api/user/upload/bloodtest/:id/files/:fileId: the API's answer streams through as it
// came, with its attachment, sandbox CSP, nosniff and no-store headers; a failure is the API's envelope.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { fail } from '#shared/api/envelope';
import { UPLOAD_MAX_BYTES } from '#shared/api/blood-test-upload-schemas';
import { SIGNED_IN_HEADER } from '#shared/constants';
import type { AppEnv } from '../app-env';
import { forward } from '../lib/gateway';
import { privateFile } from '../lib/private-file';
import { apiLang, readSession } from '../lib/session';
import { sameSiteOnly } from '../middleware/same-site';

const UPLOAD_PATH = '/api/user/upload/bloodtest';

export const bloodTestFiles = new Hono<AppEnv>();

bloodTestFiles.post(
  UPLOAD_PATH,
  sameSiteOnly(),
  // The only /api path with a body over 1 MB; too big a file is named as such, before it is read.
  bodyLimit({ maxSize: UPLOAD_MAX_BYTES, onError: (c) => c.json(fail('upload_too_large', 413), 413) }),
  async function uploadFile(c) {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const session = readSession(c, apiLang(c));
    if (c.req.header(SIGNED_IN_HEADER) === '1' && !session.userToken)
      return c.json(fail('session_ended', 401, 'session_ended'), 401);
    // Without a device (the API could not register one) the gateway answers 503 service_busy.
    const result = await forward(
      c,
      session,
      'POST',
      `/user/upload/bloodtest${new URL(c.req.url).search}`,
      bytes,
      'application/octet-stream',
    );
    return c.body(result.body, result.status as 200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'private, no-store',
      ...(result.retryAfter ? { 'retry-after': result.retryAfter } : {}),
    });
  },
);

bloodTestFiles.get(`${UPLOAD_PATH}/:id{[0-9]{1,15}}/files/:fileId{[0-9a-f]{32}}`, (c) =>
  privateFile(
    c,
    `/user/upload/bloodtest/${c.req.param('id')}/files/${c.req.param('fileId')}`,
    (res) => res.ok && !(res.headers.get('content-type') ?? '').startsWith('application/json'),
  ),
);
