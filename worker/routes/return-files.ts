// Returns' files between the browser and the API (issue 62), the calls the /api proxy cannot carry
// (JSON bodies only, envelopes only): a photo of damage uploaded as its raw bytes, her own photos, and
// a return's label PDF, streamed through with the API's headers. As blood-test files (./blood-test-files.ts).
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { fail } from '#shared/api/envelope';
import { RETURN_PHOTO_MAX_BYTES } from '#shared/orders/returns';
import { SIGNED_IN_HEADER } from '#shared/constants';
import type { AppEnv } from '../app-env';
import { forward } from '../lib/gateway';
import { privateFile } from '../lib/private-file';
import { apiLang, readSession } from '../lib/session';
import { sameSiteOnly } from '../middleware/same-site';

export const returnFiles = new Hono<AppEnv>();

const notEnvelope = (res: Response) =>
  res.ok && !(res.headers.get('content-type') ?? '').startsWith('application/json');

returnFiles.post(
  '/api/user/returns/photo',
  sameSiteOnly(),
  bodyLimit({ maxSize: RETURN_PHOTO_MAX_BYTES, onError: (c) => c.json(fail('upload_too_large', 413), 413) }),
  async function uploadReturnPhoto(c) {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const session = readSession(c, apiLang(c));
    if (c.req.header(SIGNED_IN_HEADER) === '1' && !session.userToken)
      return c.json(fail('session_ended', 401, 'session_ended'), 401);
    const result = await forward(c, session, 'POST', '/user/returns/photo', bytes, 'application/octet-stream');
    return c.body(result.body, result.status as 200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'private, no-store',
      ...(result.retryAfter ? { 'retry-after': result.retryAfter } : {}),
    });
  },
);

returnFiles.get('/api/user/returns/photo/:photoId{[0-9a-f]{32}}', (c) =>
  privateFile(c, `/user/returns/photo/${c.req.param('photoId')}`, notEnvelope),
);

returnFiles.get('/api/user/order/:id{[0-9]{1,15}}/return/:returnId{[0-9]{1,15}}/label', (c) =>
  privateFile(c, `/user/order/${c.req.param('id')}/return/${c.req.param('returnId')}/label`, notEnvelope),
);
