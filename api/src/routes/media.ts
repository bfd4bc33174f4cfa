// Catalogue images from R2, as the seed (or a real shop's upload) stored them: WebP renditions and
// Open Graph PNGs (decision 11). Nothing is drawn on a shopper's request: a key that is not stored
// is a 404. Keys change when an image changes, so a year of immutable caching is safe; the ETag
// lets a revalidating client get a 304 without the bytes.
import { Hono } from 'hono';
import { fail } from '#shared/api/envelope';
import type { AppEnv } from '../app-env';
import { contentTypeOf } from '../media/renditions';

const KEY = /^[a-z0-9][a-z0-9/-]{0,200}\.(webp|png)$/;
const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const mediaRoutes = new Hono<AppEnv>().get('/*', async (c) => {
  const key = c.req.path.replace(/^\/media\//, '');
  const type = contentTypeOf(key);
  if (!KEY.test(key) || key.includes('//') || !type) return c.json(fail('not_found', 404), 404);
  const ifNoneMatch = c.req.header('if-none-match');
  const stored = await c.env.MEDIA.get(
    key,
    ifNoneMatch ? { onlyIf: { etagDoesNotMatch: ifNoneMatch.replace(/^W\//, '').replaceAll('"', '') } } : undefined,
  );
  if (!stored) return c.json(fail('not_found', 404), 404);
  const headers = {
    'content-type': stored.httpMetadata?.contentType ?? type,
    'cache-control': MEDIA_CACHE_CONTROL,
    etag: stored.httpEtag,
  };
  // An object without a body is R2's answer to a matching If-None-Match.
  if (!('body' in stored)) return new Response(null, { status: 304, headers });
  return new Response(stored.body, { headers: { ...headers, 'content-length': String(stored.size) } });
});
